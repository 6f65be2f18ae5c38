import { formatDate, formatRubles } from 'account-ui';
import { hasApprovedVersion, type OwnProfile, ownerActions } from 'contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, buttonClassName, Card, Skeleton } from 'shared-ui';
import { StatusBadges } from './status-badge';
import styles from './profile-card.module.css';

/** A problem a send came back with that the card explains in place (beside the toast). */
export type CardProblem = 'incomplete' | 'updateRequired';

export interface ProfileCardProps {
  profile: OwnProfile;
  cityName: string | null;
  busy: boolean;
  problem: CardProblem | null;
  onSubmit: (profile: OwnProfile) => void;
  onExtend: (profile: OwnProfile) => void;
  onVisibility: (profile: OwnProfile, action: 'activate' | 'deactivate') => void;
  onDelete: (profile: OwnProfile) => void;
}

/** The name as typed, or a stand-in for a draft without one yet. */
export function profileName(profile: OwnProfile, untitled: string): string {
  const name = profile.draft.name;
  return typeof name === 'string' && name.trim() !== '' ? name : untitled;
}

/** What sending costs now: a profile never listed pays its first month, unless it is prepaid. */
export function submitPrice(profile: OwnProfile): number {
  return !hasApprovedVersion(profile.status) && profile.prepaidMonths === 0 ? profile.monthPrice : 0;
}

/** One of the model's profiles: photo, name, city, status and reasons, dates, and what she may do now. */
export function ProfileCard({
  profile,
  cityName,
  busy,
  problem,
  onSubmit,
  onExtend,
  onVisibility,
  onDelete,
}: ProfileCardProps) {
  const { t } = useTranslation('modelCabinet');
  const name = profileName(profile, t('myProfiles.untitled'));
  const photo = profile.media.find((item) => item.kind === 'photo');
  const can = (action: OwnProfile['actions'][number]) => profile.actions.includes(action);
  // Sending is allowed by the status but held back: the card says why instead of a dead button.
  // (Only before a first approval: an approved profile with nothing edited has nothing to send.)
  const sendHeldBack =
    !can('submit') &&
    !hasApprovedVersion(profile.status) &&
    ownerActions(profile.status, profile.review).includes('submit');
  const incomplete = problem === 'incomplete' || (sendHeldBack && !profile.complete);
  const unchanged = problem === 'updateRequired' || (sendHeldBack && profile.complete && !profile.changed);
  const resend = profile.status === 'rejected' || profile.review === 'rejected';
  const price = submitPrice(profile);
  const editPath = `/profile/edit/${profile.id}`;
  const headingId = `profile-${profile.id}-name`;

  return (
    <Card
      as="article"
      className={styles.card}
      aria-labelledby={headingId}
      data-testid={`profile-card-${profile.id}`}
    >
      <div className={styles.photo}>
        {photo ? (
          <img
            src={photo.url}
            srcSet={
              photo.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ') || undefined
            }
            sizes="96px"
            width={96}
            height={128}
            alt=""
            loading="lazy"
          />
        ) : (
          <span className={styles.placeholder} aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
      </div>
      <div className={styles.body}>
        <h2 id={headingId} className={styles.name}>
          {name}
        </h2>
        <p className={styles.city}>{cityName ?? t('myProfiles.noCity')}</p>
        <StatusBadges profile={profile} />
        {profile.blockReason && (
          <p className={styles.reason}>{t('myProfiles.blockReason', { reason: profile.blockReason })}</p>
        )}
        {profile.rejectReason && (resend || profile.status === 'rejected') && (
          <p className={styles.reason}>{t('myProfiles.rejectReason', { reason: profile.rejectReason })}</p>
        )}
        {profile.expiresAt && (
          <p className={styles.meta}>
            {t(profile.status === 'expired' ? 'myProfiles.expiredOn' : 'myProfiles.paidUntil', {
              date: formatDate(profile.expiresAt),
            })}
          </p>
        )}
        {profile.prepaidMonths > 0 && !hasApprovedVersion(profile.status) && (
          <p className={styles.meta}>
            {t('myProfiles.prepaid', { price: formatRubles(profile.monthPrice) })}
          </p>
        )}
        {incomplete && (
          <p className={styles.hint}>
            {t('myProfiles.hints.incomplete')} <Link to={editPath}>{t('myProfiles.hints.openEditor')}</Link>
          </p>
        )}
        {!incomplete && unchanged && <p className={styles.hint}>{t('myProfiles.hints.updateRequired')}</p>}
      </div>
      <div className={styles.actions}>
        {can('save') && (
          <Link to={editPath} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            {profile.complete ? t('myProfiles.actions.edit') : t('myProfiles.actions.finish')}
          </Link>
        )}
        {can('submit') && (
          <Button size="sm" onClick={() => onSubmit(profile)} disabled={busy}>
            {resend
              ? t('myProfiles.actions.resend')
              : price > 0
                ? t('myProfiles.actions.submitPaid', { price: formatRubles(price) })
                : t('myProfiles.actions.submit')}
          </Button>
        )}
        {can('extend') && (
          <Button size="sm" variant="secondary" onClick={() => onExtend(profile)} disabled={busy}>
            {t('myProfiles.actions.extend', { price: formatRubles(profile.monthPrice) })}
          </Button>
        )}
        {can('deactivate') && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onVisibility(profile, 'deactivate')}
            disabled={busy}
          >
            {t('myProfiles.actions.deactivate')}
          </Button>
        )}
        {can('activate') && (
          <Button size="sm" variant="ghost" onClick={() => onVisibility(profile, 'activate')} disabled={busy}>
            {t('myProfiles.actions.activate')}
          </Button>
        )}
        {can('delete') && (
          <Button
            size="sm"
            variant="ghost"
            className={styles.delete}
            onClick={() => onDelete(profile)}
            disabled={busy}
          >
            {t('myProfiles.actions.delete')}
          </Button>
        )}
      </div>
    </Card>
  );
}

/** The card's shape while the list loads (same boxes, so nothing moves when it arrives). */
export function ProfileCardSkeleton() {
  return (
    <Card className={styles.card} aria-hidden="true">
      <Skeleton className={styles.photo} width={96} height={128} radius="var(--radius-md)" />
      <div className={styles.body}>
        <Skeleton width="60%" height="1.5rem" />
        <Skeleton width="40%" height="1rem" />
        <Skeleton width="5rem" height="1.25rem" radius="var(--radius-pill)" />
      </div>
      <div className={styles.actions}>
        <Skeleton width="7rem" height="var(--control-height-sm)" />
        <Skeleton width="9rem" height="var(--control-height-sm)" />
      </div>
    </Card>
  );
}
