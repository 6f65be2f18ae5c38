import { type ComponentProps, type ReactNode, useId } from 'react';
import styles from './select-field.module.css';

type SelectFieldProps = ComponentProps<'select'> & { label: ReactNode; error?: string | undefined };

/** A labelled native select (keyboard and screen readers for free) with its error. */
export function SelectField({ label, error, id, children, ...props }: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={styles.field}>
      <label htmlFor={fieldId} className={styles.label}>
        {label}
      </label>
      <select
        id={fieldId}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        {...props}
      >
        {children}
      </select>
      {error && (
        <p id={`${fieldId}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
