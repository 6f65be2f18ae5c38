import {
  hasApprovedVersion,
  type OwnProfile,
  ownerActions,
  PROMOTION_PRICE_CODES,
  PUBLICATION_PRICE_CODE,
} from 'contracts';
import type { Database } from '../../db/client';
import { toOwnMedia } from '../media/service';
import type { Pricing } from '../prices/pricing';
import {
  approvedServicesOf,
  citySlugOf,
  type ProfileRow,
  profilesOf,
  publicMediaIds,
  revisionMedia,
} from './repository';
import { checkRevision, effectiveStatus, fingerprint } from './revision';

/**
 * The working version of a profile. Profiles approved before revisions existed (the demo's) have
 * an empty one: their approved columns stand in for it.
 */
export async function revisionOf(db: Database, row: ProfileRow): Promise<Record<string, unknown>> {
  if (Object.keys(row.revision).length > 0 || !hasApprovedVersion(row.status)) return row.revision;
  return approvedVersionOf(db, row);
}

/** The approved columns of a profile in the form's shape (as the form's output). */
export async function approvedVersionOf(db: Database, row: ProfileRow): Promise<Record<string, unknown>> {
  const citySlug = row.cityId ? await citySlugOf(db, row.cityId) : null;
  const serviceRows = await approvedServicesOf(db, row.id);
  return {
    name: row.name,
    category: row.category,
    city: citySlug,
    metro: row.metroId,
    places: row.places,
    services: serviceRows,
    prices: { hour: row.priceHour, twoHours: row.priceTwoHours, night: row.priceNight },
    age: row.age,
    height: row.height,
    weight: row.weight,
    boobs: row.boobs,
    appearance: row.appearance,
    contacts: { phone: row.phone, telegram: row.telegram, whatsapp: row.whatsapp, viber: row.viber },
    description: row.description ?? '',
  };
}

/** The fingerprint a new submission must differ from: the last one sent, else the approved one. */
export async function baselineFingerprint(db: Database, row: ProfileRow): Promise<string | null> {
  if (row.submittedHash) return row.submittedHash;
  if (row.approvedHash) return row.approvedHash;
  if (!hasApprovedVersion(row.status)) return null;
  const publicMedia = await publicMediaIds(db, row.id);
  return fingerprint(await approvedVersionOf(db, row), publicMedia);
}

export async function toOwnProfile(db: Database, pricing: Pricing, row: ProfileRow): Promise<OwnProfile> {
  const revision = await revisionOf(db, row);
  const mediaRows = await revisionMedia(db, row.id);
  const check = checkRevision(revision, mediaRows);
  const current = fingerprint(
    revision,
    mediaRows.map((item) => item.id),
  );
  const baseline = await baselineFingerprint(db, row);
  const citySlug = typeof revision.city === 'string' ? revision.city : null;
  const rubles = async (code: string) =>
    (await pricing.kopecksOf(db, 'models_boosting', code, citySlug)) / 100;
  const status = effectiveStatus(row);
  return {
    id: row.id,
    // A never-sent profile shows whether its form is complete (the table's save: draft or saved).
    status: status === 'draft' || status === 'saved' ? (check.complete ? 'saved' : 'draft') : status,
    review: hasApprovedVersion(row.status) ? row.review : null,
    rejectReason: row.rejectReason,
    blockReason: row.isBlocked ? row.blockReason : null,
    draft: revision,
    complete: check.complete,
    problems: check.problems,
    changed: baseline === null || baseline !== current,
    media: mediaRows.map(toOwnMedia),
    // Sending needs a whole form with a file and a change; the button waits for both.
    actions: ownerActions(status, row.review).filter(
      (action) => action !== 'submit' || (check.complete && (baseline === null || baseline !== current)),
    ),
    monthPrice: await rubles(PUBLICATION_PRICE_CODE),
    prepaidMonths: row.prepaidMonths,
    promotionPrices: {
      top: await rubles(PROMOTION_PRICE_CODES.top),
      bump: await rubles(PROMOTION_PRICE_CODES.bump),
      video: await rubles(PROMOTION_PRICE_CODES.video),
    },
    topUntil: row.topUntil && row.topUntil > new Date() ? row.topUntil.toISOString() : null,
    videoUntil: row.videoUntil?.toISOString() ?? null,
    bumpedAt: row.bumpedAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The account's profiles, newest first. */
export async function ownProfiles(db: Database, pricing: Pricing, accountId: number): Promise<OwnProfile[]> {
  const rows = await profilesOf(db, accountId);
  return Promise.all(rows.map((row) => toOwnProfile(db, pricing, row)));
}
