import { type ComponentProps, type ReactNode, useId } from 'react';
import { Card, Select, type SelectProps } from 'shared-ui';
import styles from './fields.module.css';

/** One section of the editor: a card with its heading, labelled for the page's outline. */
export function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className={styles.section}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </Card>
  );
}

interface SelectFieldProps extends SelectProps {
  placeholder: string;
  options: readonly { value: string; label: string }[];
}

/** The design system's select with the editor's "choose…" first and its options from a list. */
export function SelectField({ placeholder, options, ...rest }: SelectFieldProps) {
  return (
    <Select {...rest}>
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}

/** A group of choices (checkboxes) with one legend and one error for the group. */
export function ChoiceGroup({
  legend,
  error,
  children,
}: {
  legend: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className={styles.choiceGroup}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className={styles.label}>{legend}</legend>
      <div className={styles.choices}>{children}</div>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function Checkbox({ label, ...rest }: ComponentProps<'input'> & { label: ReactNode }) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" {...rest} />
      <span>{label}</span>
    </label>
  );
}
