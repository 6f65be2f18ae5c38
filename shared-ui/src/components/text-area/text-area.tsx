import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { useFieldIds } from '../../lib/use-field-ids';
// The input's own rules (border, focus ring, invalid state, label, hint, error): one look for every field.
import fieldStyles from '../input/input.module.css';
import styles from './text-area.module.css';

export interface TextAreaProps extends ComponentProps<'textarea'> {
  label: ReactNode;
  /** Shown under the field and tied to it; also marks the field invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Announces the error the moment it appears (a form that checks on submit, in a dialog). */
  announceError?: boolean;
}

/** A labelled multi-line field with its hint and error, in the input's look. */
export function TextArea({
  label,
  error,
  hint,
  announceError = false,
  id,
  rows = 3,
  className,
  'aria-describedby': describedByFromProps,
  ...rest
}: TextAreaProps) {
  const { fieldId, hintId, errorId, describedBy } = useFieldIds(id, {
    hint,
    error,
    describedBy: describedByFromProps,
  });
  return (
    <div className={cx(fieldStyles.field, className)}>
      <label htmlFor={fieldId} className={fieldStyles.label}>
        {label}
      </label>
      <textarea
        rows={rows}
        {...rest}
        id={fieldId}
        className={cx(fieldStyles.input, styles.textarea)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={fieldStyles.error} role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
