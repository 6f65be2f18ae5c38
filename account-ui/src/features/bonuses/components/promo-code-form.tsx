import { valibotResolver } from '@hookform/resolvers/valibot';
import { PROMO_CODE_MAX_LENGTH, promoCodeFormSchema } from 'contracts';
import { ApiError } from 'platform';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input } from 'shared-ui';
import { useFieldMessage } from '../../../lib/field-message';
import { formatRubles } from '../../../lib/format';
import { keepActivePromo } from '../../../lib/promos';
import { notify } from '../../../lib/notify';
import { useActivatePromo } from '../api/activate-promo';
import styles from './promo-code-form.module.css';

/** Spec section 8: codes whose own message names the problem; anything else is the server's text. */
const ERROR_KEYS: Record<string, string> = {
  PROMO_INVALID: 'bonuses.errors.invalid',
  PROMO_NOT_FOR_ROLE: 'bonuses.errors.notForRole',
};

/**
 * The code input (upper-cased as typed) with Activate: Enter submits; the button waits for a
 * code and for the answer. A balance code is credited at once, a deposit code is kept for the
 * next top-up; both are remembered on this browser to show under "Active bonuses".
 */
export function PromoCodeForm({ onActivated }: { onActivated?: () => void }) {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const activate = useActivatePromo();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm({
    resolver: valibotResolver(promoCodeFormSchema),
    mode: 'onTouched',
    defaultValues: { code: '' },
  });
  const empty = (watch('code') ?? '').trim() === '';

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const { promocode, activatedAt } = await activate.mutateAsync({ code });
      keepActivePromo({ ...promocode, activatedAt });
      notify(
        'success',
        promocode.promoType === 'BALANCE_AMOUNT'
          ? t('bonuses.toasts.balanceCredited', { amount: formatRubles(promocode.amount) })
          : t('bonuses.toasts.depositActivated', { percent: promocode.amount }),
      );
      reset({ code: '' });
      onActivated?.();
    } catch (error) {
      const known = error instanceof ApiError ? ERROR_KEYS[error.code] : undefined;
      const message = known ?? (error instanceof ApiError ? error.message : 'bonuses.errors.activate');
      setError('code', { type: 'server', message });
      notify('error', known || !(error instanceof ApiError) ? t(message) : message);
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <Input
        label={t('bonuses.form.code')}
        placeholder={t('bonuses.form.placeholder')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={PROMO_CODE_MAX_LENGTH}
        className={styles.field}
        error={fieldMessage(errors.code)}
        {...register('code', {
          onChange: (event: { target: HTMLInputElement }) => {
            // Upper-cased as typed, keeping the caret where it was.
            const input = event.target;
            const caret = input.selectionStart;
            input.value = input.value.toUpperCase();
            if (caret !== null) input.setSelectionRange(caret, caret);
          },
        })}
      />
      <Button type="submit" className={styles.submit} disabled={empty} loading={activate.isPending}>
        {t('bonuses.form.activate')}
      </Button>
    </form>
  );
}
