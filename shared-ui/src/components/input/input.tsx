import { type ComponentProps, type ReactNode, useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../../icons/ui-icons';
import { cx } from '../../lib/cx';
import { useFieldIds } from '../../lib/use-field-ids';
import styles from './input.module.css';

export interface InputProps extends ComponentProps<'input'> {
  label: ReactNode;
  /** Shown under the field and announced with it; also marks the field invalid. */
  error?: string;
  hint?: ReactNode;
  /** Both labels are needed for a password field to get its show/hide toggle. */
  showPasswordLabel?: string;
  hidePasswordLabel?: string;
  /** Hides the label visually; it still names the field for assistive technology. */
  hideLabel?: boolean;
}

export function Input({
  label,
  error,
  hint,
  showPasswordLabel,
  hidePasswordLabel,
  hideLabel = false,
  id,
  type = 'text',
  className,
  'aria-describedby': describedByFromProps,
  ...rest
}: InputProps) {
  const {
    fieldId: inputId,
    hintId,
    errorId,
    describedBy,
  } = useFieldIds(id, { hint, error, describedBy: describedByFromProps });
  const [passwordShown, setPasswordShown] = useState(false);

  const hasToggle = type === 'password' && Boolean(showPasswordLabel && hidePasswordLabel);

  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={cx(styles.label, hideLabel && styles.labelHidden)}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          {...rest}
          id={inputId}
          type={hasToggle && passwordShown ? 'text' : type}
          className={cx(styles.input, hasToggle && styles.inputWithToggle)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {hasToggle && (
          <button
            type="button"
            className={styles.toggle}
            onClick={() => setPasswordShown((shown) => !shown)}
            aria-label={passwordShown ? hidePasswordLabel : showPasswordLabel}
            aria-controls={inputId}
          >
            {passwordShown ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
