import { useQueryClient } from '@tanstack/react-query';
import { ErrorState, notify, PageHeader, useOfferTopUp } from 'account-ui';
import { ApiError } from 'platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { buttonClassName, Card, Skeleton, SkeletonText } from 'shared-ui';
import { useCreateCampaign } from '../api/create-campaign';
import { useCampaign } from '../api/get-campaign';
import { useSaveCampaign } from '../api/save-campaign';
import { useSubmitCampaign } from '../api/submit-campaign';
import { messageOf } from '../../../lib/api-message';
import { type Campaign, type CampaignDraft, draftOf } from '../../../lib/campaign';
import { forgetLocalDraft, readLocalDraft, writeLocalDraft } from '../model/local-draft';
import { isWizardStep, nextStep, previousStep, WIZARD_STEPS, type WizardStep } from '../model/steps';
import { CalendarStep } from './calendar-step';
import { CreateStep } from './create-step';
import { DoneStep } from './done-step';
import { ImpressionsStep } from './impressions-step';
import { PayStep } from './pay-step';
import { PreviewStep } from './preview-step';
import styles from './wizard.module.css';

/** `/advister/create` and `/advister/edit/:id`: the creation steps over one campaign draft. */
export default function WizardPage() {
  const params = useParams();
  // A new draft and each campaign get their own wizard state.
  return <Wizard key={params.id ?? 'new'} id={params.id === undefined ? undefined : Number(params.id)} />;
}

function Wizard({ id }: { id: number | undefined }) {
  const { t } = useTranslation('advertiserOffice');
  const campaign = useCampaign(id);
  const title = id ? t('wizard.editTitle') : t('wizard.createTitle');

  if (id === undefined) return <WizardSteps title={title} campaign={null} />;
  if (!Number.isSafeInteger(id) || id <= 0) {
    return (
      <div className={styles.page}>
        <PageHeader title={title} />
        <Card as="section" role="alert">
          <p>{t('wizard.errors.notFound')}</p>
          <Link to="/advister/ads" className={buttonClassName({ variant: 'secondary' })}>
            {t('dashboard.allAds')}
          </Link>
        </Card>
      </div>
    );
  }
  if (campaign.isPending) return <WizardSkeleton title={title} />;
  if (campaign.isError) {
    const missing = campaign.error instanceof ApiError && campaign.error.status === 404;
    return (
      <div className={styles.page}>
        <PageHeader title={title} />
        <ErrorState
          message={missing ? t('wizard.errors.notFound') : t('wizard.errors.load')}
          onRetry={() => void campaign.refetch()}
        />
      </div>
    );
  }
  return <WizardSteps title={title} campaign={campaign.data} />;
}

function WizardSteps({ title, campaign }: { title: string; campaign: Campaign | null }) {
  const { t } = useTranslation('advertiserOffice');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const id = campaign?.id;
  const requested = searchParams.get('step');
  // Only the first step exists before the server has the draft.
  const step: WizardStep = id && isWizardStep(requested) ? requested : 'create';
  const [draft, setDraft] = useState<CampaignDraft>(
    () => readLocalDraft(id) ?? (campaign ? draftOf(campaign) : {}),
  );
  const [slotsFullFrom, setSlotsFullFrom] = useState<string | null>(null);
  const create = useCreateCampaign();
  const save = useSaveCampaign();
  const submit = useSubmitCampaign();
  const offerTopUp = useOfferTopUp();
  const heading = useRef<HTMLHeadingElement>(null);

  // The step's heading takes the focus, so a keyboard or screen-reader user starts on the new step.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  });

  const change = useCallback(
    (fields: Partial<CampaignDraft>) =>
      setDraft((current) => {
        const next = { ...current, ...fields };
        writeLocalDraft(id, next);
        return next;
      }),
    [id],
  );

  const goTo = (next: WizardStep, replace = false) => setSearchParams({ step: next }, { replace });

  /** Saves the draft on the server (creating it the first time) and moves to the next step. */
  async function persist(fields: Partial<CampaignDraft>, after: WizardStep) {
    const next = { ...draft, ...fields };
    change(fields);
    try {
      if (!id) {
        const created = await create.mutateAsync(next);
        forgetLocalDraft(undefined);
        writeLocalDraft(created.id, next);
        navigate(`/advister/edit/${created.id}?step=${after}`, { replace: true });
        return;
      }
      await save.mutateAsync({ id, draft: next });
      goTo(after);
    } catch (error) {
      notify('error', messageOf(error, t('wizard.errors.save')));
    }
  }

  async function pay(total: number) {
    if (!id) return;
    try {
      await save.mutateAsync({ id, draft });
      await submit.mutateAsync(id);
      forgetLocalDraft(id);
      setSlotsFullFrom(null);
      notify('success', t('wizard.toasts.sent'));
      goTo('done', true);
    } catch (error) {
      if (offerTopUp(error, total)) {
        notify('error', messageOf(error, t('wizard.errors.pay')));
      } else if (error instanceof ApiError && error.code === 'SLOTS_FULL') {
        const date = typeof error.params.date === 'string' ? error.params.date : null;
        setSlotsFullFrom(date);
        notify('error', error.message);
        void queryClient.invalidateQueries({ queryKey: ['campaigns', 'calendar'] });
        goTo('calendar');
      } else {
        notify('error', messageOf(error, t('wizard.errors.pay')));
      }
    }
  }

  const locked = campaign && step !== 'done' && !campaign.actions.some((a) => a === 'edit' || a === 'submit');
  const saving = create.isPending || save.isPending;

  return (
    <div className={styles.page}>
      <PageHeader title={title} />
      <nav aria-label={t('wizard.stepsLabel')}>
        <ol className={styles.steps}>
          {WIZARD_STEPS.map((item, index) => (
            <li key={item} aria-current={item === step ? 'step' : undefined} className={styles.stepItem}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              {t(`wizard.steps.${item}`)}
            </li>
          ))}
        </ol>
      </nav>
      <Card as="section" className={styles.stepCard} aria-labelledby="wizard-step-title">
        <h2 id="wizard-step-title" ref={heading} tabIndex={-1} className={styles.stepTitle}>
          {t(`wizard.steps.${step}`)}
        </h2>
        {locked ? (
          <div className={styles.stack}>
            <p>{t('wizard.locked')}</p>
            <Link to="/advister/ads" className={buttonClassName({ variant: 'secondary' })}>
              {t('dashboard.allAds')}
            </Link>
          </div>
        ) : step === 'create' ? (
          <CreateStep
            draft={draft}
            onChange={change}
            saving={saving}
            onNext={(fields) => persist(fields, 'confirmation')}
          />
        ) : step === 'confirmation' && campaign ? (
          <PreviewStep
            campaignId={campaign.id}
            draft={draft}
            image={campaign?.image ?? null}
            onBack={() => goTo(previousStep(step))}
            onNext={() => goTo(nextStep(step))}
          />
        ) : step === 'calendar' ? (
          <CalendarStep
            draft={draft}
            saving={saving}
            slotsFullFrom={slotsFullFrom}
            onBack={() => goTo(previousStep(step))}
            onNext={(dates) => persist(dates, 'impressions')}
          />
        ) : step === 'impressions' ? (
          <ImpressionsStep
            draft={draft}
            saving={saving}
            onBack={() => goTo(previousStep(step))}
            onNext={(fields) => persist(fields, 'pay')}
          />
        ) : step === 'pay' && campaign ? (
          <PayStep
            campaign={campaign}
            draft={draft}
            paying={saving || submit.isPending}
            onBack={() => goTo(previousStep(step))}
            onChooseDates={() => goTo('calendar')}
            onPay={pay}
          />
        ) : (
          <DoneStep />
        )}
      </Card>
    </div>
  );
}

function WizardSkeleton({ title }: { title: string }) {
  const { t } = useTranslation('advertiserOffice');
  return (
    <div className={styles.page} role="status" aria-busy="true" aria-label={t('common.loading')}>
      <PageHeader title={title} />
      <Skeleton height="2.5rem" radius="var(--radius-md)" />
      <Card className={styles.stepCard}>
        <Skeleton width="30%" height="1.5rem" />
        <SkeletonText lines={6} />
      </Card>
    </div>
  );
}
