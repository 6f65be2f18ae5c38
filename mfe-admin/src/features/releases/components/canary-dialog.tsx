import { useFieldMessage } from 'account-ui';
import { type CanaryFormBody, canaryFormBody } from 'contracts/releases';
import { useTranslation } from 'react-i18next';
import { Input } from 'shared-ui';
import { ReasonDialog } from '../../../components/reason-dialog';

interface Props {
  remote: string;
  version: string;
  /** The share the canary has now (this version's, when it is the canary already). */
  percent: number;
  onConfirm: (body: CanaryFormBody) => Promise<unknown>;
  onClose: () => void;
}

/** Sends a share of visitors (0-100 %) to a release, with the reason the history keeps. */
export default function CanaryDialog({ remote, version, percent, onConfirm, onClose }: Props) {
  const { t } = useTranslation('admin');
  const fieldMessage = useFieldMessage('admin');
  return (
    <ReasonDialog<CanaryFormBody>
      title={t('releases.canary.title', { remote, version })}
      description={t('releases.canary.text')}
      label={t('releases.reason')}
      confirmLabel={t('releases.canary.confirm')}
      tone="primary"
      schema={canaryFormBody}
      defaultValues={{ percent }}
      onConfirm={onConfirm}
      onClose={onClose}
      fields={({ register, formState: { errors } }) => (
        <Input
          label={t('releases.canary.percent')}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          error={fieldMessage(errors.percent)}
          {...register('percent', { valueAsNumber: true })}
        />
      )}
    />
  );
}
