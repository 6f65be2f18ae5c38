import { notify } from 'account-ui';
import { MEDIA_MIME_TYPES } from 'contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AdCard, Button } from 'shared-ui';
import { useCampaignImage } from '../api/upload-campaign-image';
import { messageOf } from '../../../lib/api-message';
import type { CampaignDraft, CampaignImage } from '../../../lib/campaign';
import styles from './wizard.module.css';

interface Props {
  campaignId: number;
  draft: CampaignDraft;
  image: CampaignImage | null;
  onBack: () => void;
  onNext: () => void;
}

/**
 * Step "confirmation": the ad exactly as visitors will see it, the catalogue widget's own card
 * (shared-ui's AdCard) at a width it takes in the listing.
 */
export function PreviewStep({ campaignId, draft, image, onBack, onNext }: Props) {
  const { t } = useTranslation('advertiserOffice');
  const { upload, remove } = useCampaignImage();
  const input = useRef<HTMLInputElement>(null);

  async function pick(file: File | undefined) {
    if (!file) return;
    try {
      await upload.mutateAsync({ id: campaignId, file });
      notify('success', t('wizard.image.uploaded'));
    } catch (error) {
      notify('error', messageOf(error, t('wizard.image.error')));
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  async function drop() {
    try {
      await remove.mutateAsync(campaignId);
      notify('success', t('wizard.image.removed'));
    } catch (error) {
      notify('error', messageOf(error, t('errors.somethingWrong')));
    }
  }

  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('wizard.preview.intro')}</p>
      <div className={styles.imagePicker}>
        <label htmlFor="wizard-image" className={styles.label}>
          {t('wizard.image.label')}
        </label>
        <p id="wizard-image-hint" className={styles.muted}>
          {t('wizard.image.hint')}
        </p>
        <div className={styles.imageActions}>
          <input
            ref={input}
            id="wizard-image"
            type="file"
            accept={MEDIA_MIME_TYPES.photo.join(',')}
            aria-describedby="wizard-image-hint"
            disabled={upload.isPending}
            onChange={(event) => void pick(event.target.files?.[0])}
          />
          {image && (
            <Button variant="ghost" size="sm" loading={remove.isPending} onClick={() => void drop()}>
              {t('wizard.image.remove')}
            </Button>
          )}
        </div>
        {upload.isPending && <p role="status">{t('wizard.image.uploading')}</p>}
      </div>
      <section className={styles.preview} aria-label={t('wizard.preview.label')} data-testid="ad-preview">
        <AdCard
          format={draft.format ?? ''}
          heading={draft.heading ?? ''}
          description={draft.description ?? ''}
          buttonText={draft.buttonText ?? ''}
          image={image}
          href={draft.link ?? '#'}
          labels={{
            advertising: t('wizard.preview.advertising'),
            opensInNewTab: t('wizard.preview.newTab'),
            ...(draft.format ? { format: t(`formats.${draft.format}`) } : {}),
          }}
        />
      </section>
      <div className={styles.footer}>
        <Button variant="secondary" onClick={onBack}>
          {t('wizard.back')}
        </Button>
        <Button onClick={onNext}>{t('wizard.preview.confirm')}</Button>
      </div>
    </div>
  );
}
