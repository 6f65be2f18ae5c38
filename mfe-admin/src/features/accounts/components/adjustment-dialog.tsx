import { valibotResolver } from '@hookform/resolvers/valibot';
import { formatRubles, notify, useFieldMessage } from 'account-ui';
import { ADJUSTMENT_REASON } from 'contracts';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input, TextArea } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import { isPending, useAdjustBalance } from '../api/adjust-balance';
import { codeOf, messageOf } from '../../../lib/api-message';

import {
  type AdjustmentForm,
  type AdjustmentFormInput,
  adjustmentFormSchema,
  parseRubles,
} from '../model/adjustment-form';
import styles from './accounts.module.css';

/**
 * A manual correction of a balance: a signed amount and the reason the ledger keeps. It adds an
 * entry; nothing already in the ledger changes.
 */
export default function AdjustmentDialog({
  accountId,
  balance,
  onClose,
}: {
  accountId: number;
  balance: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const fieldMessage = useFieldMessage('admin');
  const formId = useId();
  const adjust = useAdjustBalance(accountId);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<AdjustmentFormInput, unknown, AdjustmentForm>({
    resolver: valibotResolver(adjustmentFormSchema),
    mode: 'onTouched',
    defaultValues: { amount: '', reason: '' },
  });
  const typed = parseRubles(useWatch({ control, name: 'amount' }) ?? '');
  const after = Number.isFinite(typed) && typed !== 0 ? Math.round((balance + typed) * 100) / 100 : null;

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const answer = await adjust.mutateAsync(values);
      const amount = values.amount > 0 ? `+${formatRubles(values.amount)}` : formatRubles(values.amount);
      // Above the threshold nothing moved: the request waits for a second administrator.
      notify(
        'success',
        t(isPending(answer) ? 'accounts.adjust.pending' : 'accounts.adjust.done', { amount }),
      );
      onClose();
    } catch (error) {
      const code = codeOf(error);
      if (code === 'INSUFFICIENT_BALANCE') {
        setError('amount', { type: 'server', message: 'accounts.adjust.tooMuch' });
      } else if (code === 'ADJUSTMENT_OWN_ACCOUNT') {
        setProblem(t('accounts.adjust.ownAccount'));
      } else {
        setProblem(messageOf(error, t('errors.somethingWrong')));
      }
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !adjust.isPending && onClose()}
      title={t('accounts.adjust.title')}
      description={`${t('accounts.adjust.text', { balance: formatRubles(balance) })} ${t('accounts.adjust.approvalNote')}`}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={adjust.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={adjust.isPending}>
            {t('accounts.adjust.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <Input
          label={t('accounts.adjust.amount')}
          hint={
            after === null
              ? t('accounts.adjust.amountHint')
              : t('accounts.adjust.after', { balance: formatRubles(after) })
          }
          inputMode="decimal"
          autoComplete="off"
          error={fieldMessage(errors.amount)}
          {...register('amount')}
        />
        <TextArea
          label={t('accounts.adjust.reason')}
          maxLength={ADJUSTMENT_REASON.max}
          error={fieldMessage(errors.reason)}
          {...register('reason')}
        />
        {problem && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}
