import { useTranslation } from 'react-i18next';
import { AdCard, Button } from 'shared-ui';
import type { CampaignDraft, CampaignImage } from '../../../lib/campaign';
import styles from './wizard.module.css';

interface Props {
  draft: CampaignDraft;
  image: CampaignImage | null;
  onBack: () => void;
  onNext: () => void;
}

/**
 * Step "confirmation": the ad exactly as visitors will see it, the catalogue widget's own card
 * (shared-ui's AdCard) at a width it takes in the listing.
 */
export function PreviewStep({ draft, image, onBack, onNext }: Props) {
  const { t } = useTranslation('advertiserOffice');
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('wizard.preview.intro')}</p>
      <section className={styles.preview} aria-label={t('wizard.preview.label')} data-testid="ad-preview">
        <AdCard
          format={draft.format ?? ''}
          heading={draft.heading ?? ''}
          description={draft.description ?? ''}
          buttonText={draft.buttonText ?? ''}
          image={image}
          href={draft.link ?? '#'}
          labels={{ advertising: t('wizard.preview.advertising'), opensInNewTab: t('wizard.preview.newTab') }}
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
