import type { ReactNode } from 'react';
import { Button } from 'shared-ui';
import styles from './auth-form.module.css';

/** The one full-width button that ends every auth form. */
export function SubmitButton({
  loading,
  disabled,
  children,
}: {
  loading: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={styles.actions}>
      <Button type="submit" size="lg" fullWidth loading={loading} disabled={disabled}>
        {children}
      </Button>
    </div>
  );
}
