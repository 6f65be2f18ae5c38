/** The rows of the comparison, in the form's order: a dot path into the form's shape each. */
export const PROFILE_ROWS = [
  'name',
  'category',
  'city',
  'metro',
  'places',
  'services',
  'prices.hour',
  'prices.twoHours',
  'prices.night',
  'age',
  'height',
  'weight',
  'boobs',
  'appearance',
  'contacts.phone',
  'contacts.telegram',
  'contacts.whatsapp',
  'contacts.viber',
  'description',
] as const;
export type ProfileRow = (typeof PROFILE_ROWS)[number];

/** The value at a dot path of a version, or undefined. */
export function valueAt(version: Record<string, unknown> | null, path: string): unknown {
  let value: unknown = version;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Whether a row changed: the server names changed groups part by part, lists as a whole. */
export const rowChanged = (row: string, fields: readonly string[]) =>
  fields.some((field) => field === row || row.startsWith(`${field}.`) || field.startsWith(`${row}.`));
