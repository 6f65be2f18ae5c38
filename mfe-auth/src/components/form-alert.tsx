import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, useCountdown } from '../lib/countdown';
import type { FormProblem } from '../lib/form-problem';
import styles from './form-messages.module.css';

/** A failed submit, next to the form's button; with a live wait time when the server gave one. */
export function FormAlert({ problem, children }: { problem: FormProblem | null; children?: ReactNode }) {
  const { t } = useTranslation('auth');
  const seconds = useCountdown(problem?.retryAt ?? null);
  if (!problem) return null;
  return (
    <div role="alert" className={styles.alert} data-testid="form-alert">
      <p>
        {t(problem.key)}
        {seconds > 0 && (
          <>
            {' '}
            {/* Announced once with the alert, not again on every tick. */}
            <span aria-live="off">{t('errors.retryIn', { time: formatCountdown(seconds) })}</span>
          </>
        )}
      </p>
      {children}
    </div>
  );
}

/** A success message that replaces nothing: the form stays usable beside it. */
export function FormStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={styles.status}>
      {children}
    </p>
  );
}
