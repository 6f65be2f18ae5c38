import { cx } from '../../lib/cx';
import styles from './segmented-switch.module.css';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  /** The option's language, for a language switch (`lang` attribute). */
  lang?: string;
}

export interface SegmentedSwitchProps<T extends string> {
  /** Accessible name of the group, e.g. "Language". */
  label: string;
  options: readonly SegmentedOption<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  className?: string;
}

/** A small group of toggle buttons, one pressed: the language switch of the shell and auth pages. */
export function SegmentedSwitch<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: SegmentedSwitchProps<T>) {
  return (
    <fieldset className={cx(styles.switch, className)}>
      <legend className={styles.legend}>{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.option}
          aria-pressed={value === option.value}
          lang={option.lang}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
