import {
  APPEARANCES,
  type Appearance,
  CATEGORIES,
  type Category,
  PLACES,
  type Place,
  PROFILE_FIELD_KEYS,
  type ProfileDraft,
  profileDraftSchema,
  SERVICE_CATEGORY_KEYS,
  type ServiceCategoryKey,
} from 'contracts';
import * as v from 'valibot';

export interface EditorService {
  category: ServiceCategoryKey;
  code: string;
  description: string;
}

/** What the editor's inputs hold: text as typed, '' for "not chosen yet". */
export interface EditorValues {
  name: string;
  category: Category | '';
  city: string;
  metro: string;
  places: Place[];
  services: EditorService[];
  prices: { hour: string; twoHours: string; night: string };
  age: string;
  height: string;
  weight: string;
  boobs: string;
  appearance: Appearance | '';
  contacts: { phone: string; telegram: string; whatsapp: string; viber: string };
  description: string;
}

export const emptyValues = (): EditorValues => ({
  name: '',
  category: '',
  city: '',
  metro: '',
  places: [],
  services: [],
  prices: { hour: '', twoHours: '', night: '' },
  age: '',
  height: '',
  weight: '',
  boobs: '',
  appearance: '',
  contacts: { phone: '', telegram: '', whatsapp: '', viber: '' },
  description: '',
});

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const oneOf = <T extends string>(list: readonly T[], value: unknown): T | '' =>
  (list as readonly unknown[]).includes(value) ? (value as T) : '';

/** The server's working version (numbers, nulls, missing fields) as the inputs show it. */
export function valuesFromDraft(draft: Record<string, unknown>): EditorValues {
  const prices = record(draft.prices);
  const contacts = record(draft.contacts);
  const services = Array.isArray(draft.services) ? draft.services : [];
  const places = Array.isArray(draft.places) ? draft.places : [];
  return {
    name: text(draft.name),
    category: oneOf(CATEGORIES, draft.category),
    city: text(draft.city),
    metro: text(draft.metro),
    places: PLACES.filter((place) => places.includes(place)),
    services: services.flatMap((item) => {
      const service = record(item);
      const category = oneOf(SERVICE_CATEGORY_KEYS, service.category);
      if (!category || typeof service.code !== 'string') return [];
      return [{ category, code: service.code, description: text(service.description) }];
    }),
    prices: { hour: text(prices.hour), twoHours: text(prices.twoHours), night: text(prices.night) },
    age: text(draft.age),
    height: text(draft.height),
    weight: text(draft.weight),
    boobs: text(draft.boobs),
    appearance: oneOf(APPEARANCES, draft.appearance),
    contacts: {
      phone: text(contacts.phone),
      telegram: text(contacts.telegram),
      whatsapp: text(contacts.whatsapp),
      viber: text(contacts.viber),
    },
    description: text(draft.description),
  };
}

/** Whether two sets of values would save the same draft. */
export const sameValues = (a: EditorValues, b: EditorValues) => JSON.stringify(a) === JSON.stringify(b);

export interface DraftBody {
  body: ProfileDraft;
  /** Fields typed but not valid yet: kept on this device, the server keeps its last value. */
  heldBack: string[];
}

/**
 * The body of a draft save. The server refuses a whole save for one invalid field, so a field that
 * fails the draft rules is not sent: the last value the server accepted for it goes instead, and
 * what she typed stays in the form and on this device until it is valid.
 */
export function draftBody(values: EditorValues, accepted: Record<string, unknown>): DraftBody {
  const result = v.safeParse(profileDraftSchema, values);
  if (result.success) return { body: values as ProfileDraft, heldBack: [] };
  const heldBack = [
    ...new Set(result.issues.map((issue) => String(issue.path?.[0]?.key ?? '')).filter(Boolean)),
  ];
  const body: Record<string, unknown> = { ...values };
  for (const key of heldBack) {
    if (accepted[key] !== undefined && accepted[key] !== null) body[key] = accepted[key];
    else delete body[key];
  }
  return { body: body as ProfileDraft, heldBack };
}

/** Whether the first fields a profile needs to exist (name and category) are valid. */
export function canCreate(values: EditorValues): boolean {
  const { body, heldBack } = draftBody(values, {});
  return !heldBack.includes('name') && !heldBack.includes('category') && Boolean(body.name && body.category);
}

/** Form field paths the server names ("prices.hour"); anything else stays off the fields. */
export const isFormPath = (path: string) =>
  (PROFILE_FIELD_KEYS as readonly string[]).includes(path.split('.')[0] ?? '');
