import { formatDateTime, formatRubles, SectionCard } from 'account-ui';
import type { AdminAccountCampaign, AdminAccountSession, AdminLedgerLine, AdminProfile } from 'contracts';
import { useLocalized } from 'platform';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-ui';
import tables from '../../../components/data-table.module.css';
import { formatCount } from '../../../lib/format-count';
import { formatDay } from '../../../lib/format-day';
import styles from './accounts.module.css';

/** The model's profiles with their state; each can be blocked or unblocked on its own. */
export function AccountProfiles({
  profiles,
  onBlock,
  onUnblock,
}: {
  profiles: AdminProfile[];
  onBlock: (profile: AdminProfile) => void;
  onUnblock: (profile: AdminProfile) => void;
}) {
  const { t } = useTranslation('admin');
  const localized = useLocalized();
  return (
    <SectionCard id="account-profiles" title={t('accounts.profiles.title', { count: profiles.length })}>
      {profiles.length === 0 ? (
        <p className={styles.muted}>{t('accounts.profiles.none')}</p>
      ) : (
        <table className={tables.table} data-testid="account-profiles">
          <thead>
            <tr>
              <th scope="col">{t('accounts.profiles.name')}</th>
              <th scope="col">{t('accounts.profiles.city')}</th>
              <th scope="col">{t('accounts.profiles.status')}</th>
              <th scope="col" className={tables.number}>
                {t('accounts.profiles.complaints')}
              </th>
              <th scope="col">
                <span className={tables.caption}>{t('accounts.profiles.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {profiles.map((profile) => (
              <tr key={profile.id}>
                <th scope="row" data-label={t('accounts.profiles.name')}>
                  <span>
                    {profile.name} <span className={tables.muted}>#{profile.id}</span>
                  </span>
                </th>
                <td data-label={t('accounts.profiles.city')}>
                  {profile.city ? localized(profile.city.name) : '—'}
                </td>
                <td data-label={t('accounts.profiles.status')}>
                  <span>
                    {t(`records.profileStatus.${profile.status}`)}
                    {profile.blockReason && <span className={tables.muted}> · {profile.blockReason}</span>}
                  </span>
                </td>
                <td data-label={t('accounts.profiles.complaints')} className={tables.number}>
                  {profile.openComplaints}
                </td>
                <td data-label={t('accounts.profiles.actions')}>
                  <span>
                    {profile.blockSource === 'profile' ? (
                      <Button variant="secondary" size="sm" onClick={() => onUnblock(profile)}>
                        {t('accounts.profiles.unblock')}
                        <span className={tables.caption}>
                          {' '}
                          {t('accounts.profiles.named', { name: profile.name })}
                        </span>
                      </Button>
                    ) : profile.blockSource === 'account' ? (
                      <span className={tables.muted}>{t('accounts.profiles.withAccount')}</span>
                    ) : (
                      <Button variant="ghost" size="sm" onClick={() => onBlock(profile)}>
                        {t('accounts.profiles.block')}
                        <span className={tables.caption}>
                          {' '}
                          {t('accounts.profiles.named', { name: profile.name })}
                        </span>
                      </Button>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SectionCard>
  );
}

/** The advertiser's latest campaigns (the API gives at most 50). */
export function AccountCampaigns({ campaigns }: { campaigns: AdminAccountCampaign[] }) {
  const { t } = useTranslation('admin');
  return (
    <SectionCard id="account-campaigns" title={t('accounts.campaigns.title', { count: campaigns.length })}>
      {campaigns.length === 0 ? (
        <p className={styles.muted}>{t('accounts.campaigns.none')}</p>
      ) : (
        <table className={tables.table} data-testid="account-campaigns">
          <thead>
            <tr>
              <th scope="col">{t('accounts.campaigns.heading')}</th>
              <th scope="col">{t('accounts.campaigns.status')}</th>
              <th scope="col">{t('accounts.campaigns.dates')}</th>
              <th scope="col" className={tables.number}>
                {t('accounts.campaigns.impressions')}
              </th>
              <th scope="col" className={tables.number}>
                {t('accounts.campaigns.refused')}
              </th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((campaign) => (
              <tr key={campaign.id}>
                <th scope="row" data-label={t('accounts.campaigns.heading')}>
                  <span>
                    {campaign.heading || t('accounts.campaigns.untitled')}{' '}
                    <span className={tables.muted}>#{campaign.id}</span>
                  </span>
                </th>
                <td data-label={t('accounts.campaigns.status')}>
                  {t(`records.campaignStatus.${campaign.status}`)}
                </td>
                <td data-label={t('accounts.campaigns.dates')}>
                  {campaign.startsAt && campaign.endsAt
                    ? `${formatDay(campaign.startsAt)} – ${formatDay(campaign.endsAt)}`
                    : '—'}
                </td>
                <td data-label={t('accounts.campaigns.impressions')} className={tables.number}>
                  {campaign.impressionsBought === null
                    ? formatCount(campaign.impressionsDelivered)
                    : t('accounts.campaigns.ofBought', {
                        delivered: formatCount(campaign.impressionsDelivered),
                        bought: formatCount(campaign.impressionsBought),
                      })}
                </td>
                <td
                  data-label={t('accounts.campaigns.refused')}
                  className={tables.number}
                  data-testid="campaign-refused"
                >
                  {t('accounts.campaigns.refusedValue', {
                    impressions: formatCount(campaign.impressionsRefused),
                    clicks: formatCount(campaign.clicksRefused),
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SectionCard>
  );
}

/** The reason an administrator gave for an adjustment, kept in the entry's metadata. */
const noteOf = (line: AdminLedgerLine) => {
  const note = line.metadata.reason ?? line.metadata.code ?? line.metadata.comment;
  return typeof note === 'string' || typeof note === 'number' ? String(note) : null;
};

/** The latest ledger entries: money in (+) and out (−); entries are never edited, only added. */
export function AccountLedger({ ledger }: { ledger: AdminLedgerLine[] }) {
  const { t } = useTranslation('admin');
  return (
    <SectionCard id="account-ledger" title={t('accounts.ledger.title')}>
      {ledger.length === 0 ? (
        <p className={styles.muted}>{t('accounts.ledger.none')}</p>
      ) : (
        <table className={tables.table} data-testid="account-ledger">
          <thead>
            <tr>
              <th scope="col">{t('accounts.ledger.when')}</th>
              <th scope="col">{t('accounts.ledger.kind')}</th>
              <th scope="col" className={tables.number}>
                {t('accounts.ledger.amount')}
              </th>
              <th scope="col">{t('accounts.ledger.note')}</th>
            </tr>
          </thead>
          <tbody>
            {ledger.map((line) => (
              <tr key={line.id} data-testid="ledger-line">
                <td data-label={t('accounts.ledger.when')}>{formatDateTime(line.createdAt)}</td>
                <td data-label={t('accounts.ledger.kind')}>{t(`records.ledgerKind.${line.kind}`)}</td>
                <td data-label={t('accounts.ledger.amount')} className={tables.number}>
                  {line.amount > 0 ? `+${formatRubles(line.amount)}` : formatRubles(line.amount)}
                </td>
                <td data-label={t('accounts.ledger.note')}>{noteOf(line) ?? line.reference}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SectionCard>
  );
}

/** Devices signed in now (not signed out, not expired). */
export function AccountSessions({ sessions }: { sessions: AdminAccountSession[] }) {
  const { t } = useTranslation('admin');
  return (
    <SectionCard id="account-sessions" title={t('accounts.sessions.title', { count: sessions.length })}>
      {sessions.length === 0 ? (
        <p className={styles.muted}>{t('accounts.sessions.none')}</p>
      ) : (
        <table className={tables.table} data-testid="account-sessions">
          <thead>
            <tr>
              <th scope="col">{t('accounts.sessions.device')}</th>
              <th scope="col">{t('accounts.sessions.ip')}</th>
              <th scope="col">{t('accounts.sessions.started')}</th>
              <th scope="col">{t('accounts.sessions.lastUsed')}</th>
              <th scope="col">{t('accounts.sessions.expires')}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id}>
                <td data-label={t('accounts.sessions.device')} className={styles.agent}>
                  {session.userAgent ?? '—'}
                </td>
                <td data-label={t('accounts.sessions.ip')}>{session.ip ?? '—'}</td>
                <td data-label={t('accounts.sessions.started')}>{formatDateTime(session.createdAt)}</td>
                <td data-label={t('accounts.sessions.lastUsed')}>{formatDateTime(session.lastUsedAt)}</td>
                <td data-label={t('accounts.sessions.expires')}>{formatDateTime(session.expiresAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SectionCard>
  );
}
