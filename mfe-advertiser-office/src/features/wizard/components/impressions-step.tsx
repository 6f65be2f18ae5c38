import { formatRubles, useFieldMessage } from 'account-ui';
import { AD_LIMITS } from 'contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, SegmentedSwitch, Skeleton } from 'shared-ui';
import * as v from 'valibot';
import { canQuote, useCampaignQuote } from '../api/get-campaign-quote';
import type { CampaignDraft, CampaignPricing } from '../../../lib/campaign';
import { impressionsSchema } from '../model/ad-fields';
import styles from './wizard.module.css';

interface Props {
  draft: CampaignDraft;
  onBack: () => void;
  onNext: (fields: { pricing: CampaignPricing; impressions: number | null }) => Promise<void>;
  saving: boolean;
}

/** Step "impressions": per day or per impression (how many, by the spec's rule), and what it costs. */
export function ImpressionsStep({ draft, onBack, onNext, saving }: Props) {
  const { t } = useTranslation('advertiserOffice');
  const fieldMessage = useFieldMessage('advertiserOffice');
  const [pricing, setPricing] = useState<CampaignPricing>(draft.pricing ?? 'days');
  const [text, setText] = useState(draft.impressions ? String(draft.impressions) : '');
  const [error, setError] = useState<string | undefined>();
  const parsed = v.safeParse(impressionsSchema, { impressions: text });
  const impressions = parsed.success ? parsed.output.impressions : null;
  const quoted = { ...draft, pricing, impressions: pricing === 'impressions' ? impressions : null };
  const quote = useCampaignQuote(quoted);

  const check = () => {
    if (pricing === 'days') return true;
    if (!parsed.success) {
      setError(parsed.issues[0]?.message);
      return false;
    }
    if (impressions === null) {
      setError('validation.impressionsRequired');
      return false;
    }
    setError(undefined);
    return true;
  };

  return (
    <div className={styles.stack}>
      <SegmentedSwitch<CampaignPricing>
        label={t('wizard.impressions.pricing')}
        value={pricing}
        onChange={setPricing}
        options={[
          { value: 'days', label: t('pricing.days') },
          { value: 'impressions', label: t('pricing.impressions') },
        ]}
      />
      <p className={styles.muted}>{t(`wizard.impressions.hint.${pricing}`)}</p>
      {pricing === 'impressions' && (
        <Input
          label={t('wizard.fields.impressions')}
          inputMode="numeric"
          maxLength={AD_LIMITS.impressionsMaxDigits + 1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={check}
          hint={t('wizard.hints.impressions')}
          error={fieldMessage(error ? { message: error } : undefined)}
        />
      )}
      <section className={styles.quote} aria-labelledby="wizard-quote" aria-live="polite">
        <h3 id="wizard-quote">{t('wizard.quote.title')}</h3>
        {!canQuote(quoted) ? (
          <p className={styles.muted}>{t('wizard.quote.needImpressions')}</p>
        ) : quote.isPending ? (
          <Skeleton height="4rem" />
        ) : quote.isError ? (
          <p className={styles.error}>{t('wizard.quote.error')}</p>
        ) : (
          <dl className={styles.facts}>
            {quote.data.costPerDay !== null && (
              <div>
                <dt>{t('wizard.quote.costPerDay')}</dt>
                <dd>{formatRubles(quote.data.costPerDay)}</dd>
              </div>
            )}
            {quote.data.per1000 !== null && (
              <div>
                <dt>{t('wizard.quote.per1000')}</dt>
                <dd>{formatRubles(quote.data.per1000)}</dd>
              </div>
            )}
            <div>
              <dt>{t('wizard.quote.days')}</dt>
              <dd>{quote.data.days}</dd>
            </div>
            <div>
              <dt>{t('wizard.quote.total')}</dt>
              <dd data-testid="quote-total">{formatRubles(quote.data.total)}</dd>
            </div>
          </dl>
        )}
      </section>
      <div className={styles.footer}>
        <Button variant="secondary" onClick={onBack}>
          {t('wizard.back')}
        </Button>
        <Button
          loading={saving}
          onClick={() => {
            if (check())
              void onNext({ pricing, impressions: pricing === 'impressions' ? impressions : null });
          }}
        >
          {t('wizard.next')}
        </Button>
      </div>
    </div>
  );
}
