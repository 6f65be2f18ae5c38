import { describe, expect, it } from 'vitest';
import * as campaigns from './api/campaigns';
import * as passwordBodies from './api/password-bodies';
import * as contracts from './index';
import {
  canaryFormBody,
  publishReleaseBody,
  registryChangeBody,
  registryReasonBody,
  remoteParams,
} from './releases';
import { releaseGuardBody, telemetryBatch } from './telemetry';
import { ERROR_CODES } from './errors';
import { contractsLocales } from './locales';
import {
  AD_LIMITS,
  DESCRIPTION_MAX_LENGTH,
  LOGIN_MAX_LENGTH,
  MEDIA,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROFILE_BOUNDS,
  PROMO_CODE_MAX_LENGTH,
  PROMO_CODE_MIN_LENGTH,
  REGISTRATION_CODE_LENGTH,
  TOP_UP,
} from './constants';
import {
  AD_MAX_CITIES,
  AD_MAX_DAYS,
  AD_MAX_START_AHEAD_DAYS,
  AD_MIN_DAYS,
  CAMPAIGN_STATS_MAX_DAYS,
} from './api/campaigns';
import {
  ADJUSTMENT_MAX_RUBLES,
  ADJUSTMENT_REASON,
  PROMO_AMOUNT_BOUNDS,
  PROMO_DESCRIPTION_MAX_LENGTH,
  PROMO_MAX_ACTIVATIONS,
} from './api/admin-money';
import { PRICE_MAX, PRICE_TITLE_MAX_LENGTH, SLOGAN_MAX_LENGTH } from './api/admin-site';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[`${prefix}${key}`] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
  }
  return out;
}

/** Schema types that wrap others or accept anything, and so never report a message of their own. */
const SILENT_TYPES = new Set(['optional', 'nullable', 'nullish', 'exact_optional', 'unknown', 'any']);

/** Walks a valibot schema tree: every message it can report, and the nodes left without one. */
function collectMessages(node: unknown, found = { keys: new Set<string>(), unkeyed: [] as string[] }) {
  const seen = new Set<unknown>();
  const walk = (current: unknown) => {
    if (!current || typeof current !== 'object' || seen.has(current)) return;
    seen.add(current);
    const record = current as Record<string, unknown>;
    if (record.kind === 'schema' || record.kind === 'validation') {
      if (typeof record.message === 'string') found.keys.add(record.message);
      else if (!SILENT_TYPES.has(String(record.type))) found.unkeyed.push(String(record.type));
    }
    for (const [key, value] of Object.entries(record)) if (key !== '~standard') walk(value);
  };
  walk(node);
  return found;
}

// The main entry's, the campaigns' (contracts/campaigns), those of the entry that holds the bodies
// setting a password, and the
// registry's and the telemetry's request schemas (contracts/releases and contracts/telemetry;
// their answers' schemas report nothing).
const exportedSchemas = Object.entries({
  ...contracts,
  ...campaigns,
  ...passwordBodies,
  publishReleaseBody,
  registryChangeBody,
  registryReasonBody,
  canaryFormBody,
  remoteParams,
  telemetryBatch,
  releaseGuardBody,
}).filter(
  ([, value]) =>
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema',
);
const ru = flatten(contractsLocales.ru);
const en = flatten(contractsLocales.en);

describe('contract locales', () => {
  it('have identical key sets in ru.json and en.json', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ru).sort());
  });

  it('have a non-empty text for every key', () => {
    for (const [key, text] of [...Object.entries(ru), ...Object.entries(en)]) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('interpolate the same placeholders in both languages', () => {
    const placeholders = (text: string | undefined) =>
      [...(text ?? '').matchAll(/{{(\w+)}}/g)].map((m) => m[1]);
    for (const key of Object.keys(ru)) expect(placeholders(en[key]), key).toEqual(placeholders(ru[key]));
  });

  it('translate every error code and nothing else under errors', () => {
    const errorKeys = Object.keys(ru).filter((key) => key.startsWith('errors.'));
    expect(errorKeys.sort()).toEqual(ERROR_CODES.map((code) => `errors.${code}`).sort());
  });

  it('translate every message key the exported schemas can report, and no unused one', () => {
    expect(exportedSchemas.length).toBeGreaterThan(20);
    const used = new Set<string>();
    for (const [name, schema] of exportedSchemas) {
      const { keys, unkeyed } = collectMessages(schema);
      expect(unkeyed, `${name} has checks without a message key`).toEqual([]);
      for (const key of keys) used.add(key);
    }
    const translated = Object.keys(ru).filter((key) => key.startsWith('validation.'));
    expect([...used].sort()).toEqual(translated.sort());
  });

  it('quote the bounds the schemas enforce', () => {
    const bounds: Record<string, number> = {
      nameTooShort: PROFILE_BOUNDS.nameLength.min,
      nameTooLong: PROFILE_BOUNDS.nameLength.max,
      serviceDescriptionTooLong: PROFILE_BOUNDS.serviceDescriptionMax,
      priceMin: PROFILE_BOUNDS.price.min,
      priceHourMax: PROFILE_BOUNDS.price.hourMax,
      priceTwoHoursMax: PROFILE_BOUNDS.price.twoHoursMax,
      priceNightMax: PROFILE_BOUNDS.price.nightMax,
      ageMin: PROFILE_BOUNDS.age.min,
      ageMax: PROFILE_BOUNDS.age.max,
      heightMin: PROFILE_BOUNDS.height.min,
      heightMax: PROFILE_BOUNDS.height.max,
      weightMin: PROFILE_BOUNDS.weight.min,
      weightMax: PROFILE_BOUNDS.weight.max,
      boobsMin: PROFILE_BOUNDS.boobs.min,
      boobsMax: PROFILE_BOUNDS.boobs.max,
      descriptionTooLong: DESCRIPTION_MAX_LENGTH,
      videoTooLarge: MEDIA.maxVideoBytes / 1024 / 1024,
      photoTooLarge: MEDIA.maxPhotoBytes / 1024 / 1024,
      tooManyPhotos: MEDIA.maxPhotos,
      tooManyVideos: MEDIA.maxVideos,
      headingTooLong: AD_LIMITS.headingMax,
      buttonTextTooLong: AD_LIMITS.buttonTextMax,
      impressionsTooLong: AD_LIMITS.impressionsMaxDigits,
      topUpMin: TOP_UP.min - 1,
      topUpMax: TOP_UP.max,
      topUpModalMin: TOP_UP.minModal,
      passwordTooShort: PASSWORD_MIN_LENGTH,
      passwordTooLong: PASSWORD_MAX_LENGTH,
      loginTooLong: LOGIN_MAX_LENGTH,
      promoTooShort: PROMO_CODE_MIN_LENGTH,
      promoTooLong: PROMO_CODE_MAX_LENGTH,
      invalidCode: REGISTRATION_CODE_LENGTH,
      adTooShort: AD_MIN_DAYS,
      adTooLong: AD_MAX_DAYS,
      startsTooFar: AD_MAX_START_AHEAD_DAYS,
      tooManyCities: AD_MAX_CITIES,
      invalidDays: CAMPAIGN_STATS_MAX_DAYS,
      invalidAdjustment: ADJUSTMENT_MAX_RUBLES,
      reasonTooShort: ADJUSTMENT_REASON.min,
      invalidPromoAmount: PROMO_AMOUNT_BOUNDS.BALANCE_AMOUNT.max,
      invalidMaxActivations: PROMO_MAX_ACTIVATIONS,
      promoDescriptionTooLong: PROMO_DESCRIPTION_MAX_LENGTH,
      sloganTooLong: SLOGAN_MAX_LENGTH,
      priceTitleTooLong: PRICE_TITLE_MAX_LENGTH,
      invalidPrice: PRICE_MAX,
    };
    // Thousands separators differ by language ("100 000", "100,000"); compare bare digits.
    const numbersIn = (text: string | undefined) =>
      (text ?? '').replace(/(\d)[\s,](?=\d{3}\b)/g, '$1').match(/\d+/g) ?? [];
    for (const [key, bound] of Object.entries(bounds)) {
      expect(numbersIn(ru[`validation.${key}`]), `ru ${key}`).toContain(String(bound));
      expect(numbersIn(en[`validation.${key}`]), `en ${key}`).toContain(String(bound));
    }
  });
});
