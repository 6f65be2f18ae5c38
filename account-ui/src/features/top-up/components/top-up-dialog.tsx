import { valibotResolver } from '@hookform/resolvers/valibot';
import { TOP_UP, topUpModalSchema } from 'contracts';
import { ApiError } from 'platform';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import type { TopUpRequest } from '../../../lib/dialogs';
import { formatRubles } from '../../../lib/format';
import { useFieldMessage } from '../../../lib/field-message';
import { depositBonus, forgetActivePromo, useActivePromo } from '../../../lib/promos';
import { useCreatePaymentOrder } from '../api/create-payment-order';
import { goToGateway } from '../model/go-to-gateway';
import { initialAmount, parseAmount, QUICK_AMOUNTS } from '../model/top-up-amount';
import styles from './top-up-dialog.module.css';

/** Answers that mean the amount itself was refused: the field says "try a different amount". */
const AMOUNT_CODES = new Set(['VALIDATION_FAILED', 'AMOUNT_REJECTED']);
/** Answers that mean the kept deposit code no longer applies: it is dropped, the top-up can go on. */
const PROMO_CODES = new Set(['PROMO_INVALID', 'PROMO_ALREADY_USED', 'PROMO_NOT_FOR_ROLE']);

/**
 * The balance top-up: an amount (500 to 100,000 rubles, chips for the usual ones), the kept
 * deposit bonus it will earn, then off to the gateway's page. Opened from the balance, or by a
 * purchase the balance does not cover (`shortBy`), whose shortfall it proposes.
 */
export default function TopUpDialog({ request, onClose }: { request: TopUpRequest; onClose: () => void }) {
  const { t } = useTranslation('account');
  const formId = useId();
  const fieldMessage = useFieldMessage();
  const promo = useActivePromo('DEPOSIT_PERCENTAGE');
  const create = useCreatePaymentOrder();
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    resolver: valibotResolver(topUpModalSchema),
    mode: 'onTouched',
    defaultValues: { amount: String(initialAmount(request.shortBy)) },
  });
  const amount = parseAmount(String(watch('amount') ?? ''));
  const inBounds = amount !== null && amount >= TOP_UP.minModal && amount <= TOP_UP.max;

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const { paymentUrl } = await create.mutateAsync({
        amount: values.amount,
        source: 'modal',
        ...(promo ? { promoCode: promo.code } : {}),
      });
      setLeaving(true);
      goToGateway(paymentUrl);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      if (code && AMOUNT_CODES.has(code)) {
        setError('amount', { type: 'server', message: 'topUp.errors.differentAmount' });
      } else if (code && PROMO_CODES.has(code)) {
        // The server no longer honours the kept code: forget it, so the next press pays without it.
        forgetActivePromo('DEPOSIT_PERCENTAGE');
        setProblem(t('topUp.errors.promoDropped', { message: (error as ApiError).message }));
      } else {
        setProblem(t('topUp.errors.failed'));
      }
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('topUp.title')}
      description={t('topUp.description', {
        min: formatRubles(TOP_UP.minModal),
        max: formatRubles(TOP_UP.max),
      })}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={create.isPending || leaving}>
            {inBounds ? t('topUp.payAmount', { amount: formatRubles(amount) }) : t('topUp.pay')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        {request.shortBy !== undefined && request.shortBy > 0 && (
          <p className={styles.shortBy} data-testid="top-up-short-by">
            {t('topUp.shortBy', { amount: formatRubles(request.shortBy) })}
          </p>
        )}
        <fieldset className={styles.chips}>
          <legend className={styles.legend}>{t('topUp.quickAmounts')}</legend>
          {QUICK_AMOUNTS.map((quick) => (
            <button
              key={quick}
              type="button"
              className={styles.chip}
              aria-pressed={amount === quick}
              onClick={() => setValue('amount', String(quick), { shouldValidate: true })}
            >
              {formatRubles(quick)}
            </button>
          ))}
        </fieldset>
        <Input
          label={t('topUp.amount')}
          inputMode="numeric"
          autoComplete="off"
          error={fieldMessage(errors.amount)}
          {...register('amount', { onChange: () => setProblem(null) })}
        />
        {promo && (
          <p className={styles.bonus} data-testid="top-up-bonus">
            {inBounds
              ? t('topUp.bonus', {
                  percent: promo.amount,
                  code: promo.code,
                  total: formatRubles(amount + depositBonus(amount, promo.amount)),
                })
              : t('topUp.bonusPending', { percent: promo.amount, code: promo.code })}
          </p>
        )}
        {problem && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}
