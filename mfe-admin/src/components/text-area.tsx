import { type ComponentProps, type ReactNode, useId } from 'react';
import styles from './text-area.module.css';

type TextAreaProps = ComponentProps<'textarea'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled multi-line field with its hint and error, in the design system's look. */
export function TextArea({ label, error, hint, id, rows = 3, ...props }: TextAreaProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const describedBy = [hint ? `${fieldId}-hint` : null, error ? `${fieldId}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={fieldId} className={styles.label}>
        {label}
      </label>
      <textarea
        id={fieldId}
        rows={rows}
        className={styles.textarea}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint && (
        <p id={`${fieldId}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
