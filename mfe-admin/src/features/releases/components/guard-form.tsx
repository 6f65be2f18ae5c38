import { valibotResolver } from '@hookform/resolvers/valibot';
import { notify, SectionCard, useFieldMessage } from 'account-ui';
import {
  GUARD_SESSIONS_MAX,
  GUARD_SESSIONS_MIN,
  type ReleaseGuardBody,
  releaseGuardBody,
} from 'contracts/telemetry';
import { ApiError } from 'platform';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input } from 'shared-ui';
import { messageOf } from '../../../lib/api-message';
import { useUpdateGuard } from '../api/update-guard';
import styles from './releases.module.css';

/** The fields that show the API's refusal under them (the checkbox cannot be wrong). */
const FIELDS = ['sessions', 'marginPercent'] as const;

/**
 * The automatic guard's settings: whether it rolls back a canary whose error rate over its last
 * sessions exceeds stable's by more than the margin, and those two numbers. Checked as the API
 * checks them; the fields the API refuses say why under them.
 */
export function GuardForm({ guard }: { guard: ReleaseGuardBody }) {
  const { t } = useTranslation('admin');
  const fieldMessage = useFieldMessage('admin');
  const update = useUpdateGuard();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ReleaseGuardBody>({
    resolver: valibotResolver(releaseGuardBody),
    mode: 'onTouched',
    defaultValues: guard,
  });

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      reset(await update.mutateAsync(values));
      notify('success', t('releases.guard.saved'));
    } catch (error) {
      const refused = error instanceof ApiError ? FIELDS.filter((field) => error.fields[field]) : [];
      for (const field of refused) {
        setError(field, { type: 'server', message: (error as ApiError).fields[field] });
      }
      if (refused.length === 0) setProblem(messageOf(error, t('releases.errors.guardSave')));
    }
  });

  return (
    <SectionCard id="release-guard" title={t('releases.guard.title')}>
      <p className={styles.muted}>{t('releases.guard.text')}</p>
      <form className={styles.guardForm} onSubmit={submit} noValidate data-testid="release-guard">
        <label className={styles.check}>
          <input type="checkbox" {...register('enabled')} />
          {t('releases.guard.enabled')}
        </label>
        <div className={styles.guardFields}>
          <Input
            label={t('releases.guard.sessions')}
            type="number"
            inputMode="numeric"
            min={GUARD_SESSIONS_MIN}
            max={GUARD_SESSIONS_MAX}
            step={1}
            error={fieldMessage(errors.sessions)}
            {...register('sessions', { valueAsNumber: true })}
          />
          <Input
            label={t('releases.guard.margin')}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            error={fieldMessage(errors.marginPercent)}
            {...register('marginPercent', { valueAsNumber: true })}
          />
        </div>
        {problem && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
        <div>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('releases.guard.save')}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
