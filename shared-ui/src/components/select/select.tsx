import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { useFieldIds } from '../../lib/use-field-ids';
// The input's own rules (border, focus ring, invalid state, label, hint, error): one look for every field.
import fieldStyles from '../input/input.module.css';
import styles from './select.module.css';

export interface SelectProps extends ComponentProps<'select'> {
  label: ReactNode;
  /** Shown under the field and tied to it; also marks the field invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Hides the label visually; it still names the field for assistive technology. */
  hideLabel?: boolean;
}

/** A labelled native select (keyboard and screen readers for free) with its hint and error. */
export function Select({
  label,
  error,
  hint,
  hideLabel = false,
  id,
  className,
  children,
  'aria-describedby': describedByFromProps,
  ...rest
}: SelectProps) {
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, {
    hint,
    error,
    describedBy: describedByFromProps,
  });
  return (
    <div className={cx(fieldStyles.field, styles.field, className)}>
      <label htmlFor={fieldId} className={cx(fieldStyles.label, hideLabel && fieldStyles.labelHidden)}>
        {label}
      </label>
      <select
        {...rest}
        id={fieldId}
        className={cx(fieldStyles.input, styles.select)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {children}
      </select>
      {hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
