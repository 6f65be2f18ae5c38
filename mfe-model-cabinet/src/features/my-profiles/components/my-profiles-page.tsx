import { ErrorState, formatRubles, notify, PageHeader, useOfferTopUp } from 'account-ui';
import type { OwnProfile } from 'contracts';
import { ApiError } from 'platform';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClassName, Card } from 'shared-ui';
import { useOwnProfiles } from '../../../api/own-profiles';
import { useCityName } from '../../../api/profiles-cities';
import { useDeleteProfile } from '../api/delete-profile';
import { useExtendProfile } from '../api/extend-profile';
import { useSetProfileVisibility } from '../api/set-profile-visibility';
import { useSubmitProfile } from '../api/submit-profile';
import { type CardProblem, ProfileCard, ProfileCardSkeleton, profileName, submitPrice } from './profile-card';
import styles from './my-profiles-page.module.css';

// Radix's dialog loads only when a question is asked.
const ConfirmDialog = lazy(() =>
  import('shared-ui/dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/** The server's translated message for a failure it explained, else the spec's text for the action. */
const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'NETWORK'
    ? error.message
    : fallback;

type Question = { kind: 'delete' | 'extend' | 'submit'; profile: OwnProfile };

/** My profiles (`/profile`): every profile of the model with its status and what she may do now. */
export default function MyProfilesPage() {
  const { t } = useTranslation('modelCabinet');
  const profiles = useOwnProfiles();
  const cityName = useCityName();
  const submit = useSubmitProfile();
  const extend = useExtendProfile();
  const visibility = useSetProfileVisibility();
  const remove = useDeleteProfile();
  const offerTopUp = useOfferTopUp();
  const [question, setQuestion] = useState<Question | null>(null);
  const [problems, setProblems] = useState<Record<number, CardProblem>>({});
  const [busyId, setBusyId] = useState<number | null>(null);

  const untitled = t('myProfiles.untitled');
  const setProblem = (id: number, problem: CardProblem | null) =>
    setProblems(({ [id]: _old, ...rest }) => (problem ? { ...rest, [id]: problem } : rest));

  async function run(profile: OwnProfile, work: () => Promise<unknown>) {
    setBusyId(profile.id);
    try {
      await work();
    } finally {
      setBusyId(null);
    }
  }

  const sendNow = (profile: OwnProfile) =>
    run(profile, async () => {
      try {
        await submit.mutateAsync(profile.id);
        setProblem(profile.id, null);
        notify('success', t('myProfiles.toasts.submitted', { name: profileName(profile, untitled) }));
      } catch (error) {
        if (offerTopUp(error, submitPrice(profile))) {
          notify('error', messageOf(error, t('myProfiles.errors.submit')));
        } else if (error instanceof ApiError && error.code === 'UPDATE_REQUIRED') {
          setProblem(profile.id, 'updateRequired');
          notify('error', t('myProfiles.hints.updateRequired'));
        } else if (error instanceof ApiError && error.code === 'PROFILE_INCOMPLETE') {
          setProblem(profile.id, 'incomplete');
          notify('error', t('myProfiles.hints.incomplete'));
        } else {
          notify('error', t('myProfiles.errors.submit'));
        }
      }
    });

  const extendNow = (profile: OwnProfile) =>
    run(profile, async () => {
      try {
        await extend.mutateAsync(profile.id);
        notify('success', t('myProfiles.toasts.extended', { name: profileName(profile, untitled) }));
      } catch (error) {
        offerTopUp(error, profile.monthPrice);
        notify('error', messageOf(error, t('myProfiles.errors.extend')));
      }
    });

  const deleteNow = (profile: OwnProfile) =>
    run(profile, async () => {
      const refunded = profile.prepaidMonths > 0;
      try {
        await remove.mutateAsync({ id: profile.id, refunded });
        notify(
          'success',
          refunded
            ? t('myProfiles.toasts.deletedRefund', {
                price: formatRubles(profile.monthPrice * profile.prepaidMonths),
              })
            : t('myProfiles.toasts.deleted'),
        );
      } catch (error) {
        notify('error', messageOf(error, t('errors.somethingWrong')));
      }
    });

  const setVisibility = (profile: OwnProfile, action: 'activate' | 'deactivate') =>
    run(profile, async () => {
      try {
        await visibility.mutateAsync({ id: profile.id, action });
        notify('success', t(action === 'activate' ? 'myProfiles.toasts.shown' : 'myProfiles.toasts.hidden'));
      } catch (error) {
        notify('error', messageOf(error, t('errors.somethingWrong')));
      }
    });

  async function answer() {
    if (!question) return;
    const { kind, profile } = question;
    if (kind === 'delete') await deleteNow(profile);
    else if (kind === 'extend') await extendNow(profile);
    else await sendNow(profile);
    setQuestion(null);
  }

  const createLink = (
    <Link to="/profile/create" className={buttonClassName({ size: 'sm' })}>
      {t('myProfiles.create')}
    </Link>
  );

  return (
    <div className={styles.page}>
      <PageHeader title={t('myProfiles.title')} actions={createLink} />
      {profiles.isPending ? (
        <div className={styles.grid} role="status" aria-busy="true" aria-label={t('common.loading')}>
          <ProfileCardSkeleton />
          <ProfileCardSkeleton />
        </div>
      ) : profiles.isError ? (
        <ErrorState message={t('errors.loadProfile')} onRetry={() => void profiles.refetch()} />
      ) : profiles.data.items.length === 0 ? (
        <Card as="section" className={styles.empty} aria-labelledby="my-profiles-empty">
          <h2 id="my-profiles-empty">{t('myProfiles.empty.title')}</h2>
          <p>{t('myProfiles.empty.text')}</p>
          <Link to="/profile/create" className={buttonClassName()}>
            {t('myProfiles.create')}
          </Link>
        </Card>
      ) : (
        <ul className={styles.grid}>
          {profiles.data.items.map((profile) => (
            <li key={profile.id}>
              <ProfileCard
                profile={profile}
                cityName={cityName(profile.draft.city)}
                busy={busyId === profile.id}
                problem={problems[profile.id] ?? null}
                onSubmit={(item) =>
                  submitPrice(item) > 0 ? setQuestion({ kind: 'submit', profile: item }) : void sendNow(item)
                }
                onExtend={(item) => setQuestion({ kind: 'extend', profile: item })}
                onVisibility={(item, action) => void setVisibility(item, action)}
                onDelete={(item) => setQuestion({ kind: 'delete', profile: item })}
              />
            </li>
          ))}
        </ul>
      )}
      {question && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={(open) => {
              if (!open && busyId === null) setQuestion(null);
            }}
            tone={question.kind === 'delete' ? 'danger' : 'primary'}
            title={t(`myProfiles.confirm.${question.kind}.title`)}
            description={<QuestionText question={question} untitled={untitled} />}
            confirmLabel={t(`myProfiles.confirm.${question.kind}.confirm`)}
            cancelLabel={t('common.cancel')}
            loading={busyId === question.profile.id}
            onConfirm={() => void answer()}
          />
        </Suspense>
      )}
    </div>
  );
}

function QuestionText({ question, untitled }: { question: Question; untitled: string }) {
  const { t } = useTranslation('modelCabinet');
  const { kind, profile } = question;
  const name = profileName(profile, untitled);
  if (kind === 'delete') {
    return (
      <>
        {t('myProfiles.confirm.delete.description', { name })}
        {profile.prepaidMonths > 0 &&
          ` ${t('myProfiles.confirm.delete.refund', { price: formatRubles(profile.monthPrice * profile.prepaidMonths) })}`}
      </>
    );
  }
  const price = formatRubles(kind === 'extend' ? profile.monthPrice : submitPrice(profile));
  return <>{t(`myProfiles.confirm.${kind}.description`, { name, price })}</>;
}
