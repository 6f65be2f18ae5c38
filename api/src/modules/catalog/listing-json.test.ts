// pageJson writes the listing's JSON straight from the statement's rows: it must be, byte for byte,
// what JSON.stringify writes for the response made of toCardWithPhoto's cards, whichever driver
// gave the rows (PostgreSQL's text, PGlite's numbers and booleans) and whatever the texts hold.
import { LISTING_PAGE_SIZE, type Locale, type ModelListResponse } from 'contracts';
import { describe, expect, it } from 'vitest';
import { PAGE_COLUMNS, type PageRow, pageJson, toCardWithPhoto } from './repository';

type Card = Parameters<typeof toCardWithPhoto>[0];
type Column = (typeof PAGE_COLUMNS)[number];

const card = (overrides: Partial<Card> = {}): Card => ({
  id: 7,
  name: 'Анна',
  age: 24,
  category: 'individual',
  priceHour: 5000,
  hasVideo: false,
  isOnline: true,
  isTop: false,
  citySlug: 'moscow',
  cityNameRu: 'Москва',
  cityNameEn: 'Moscow',
  metroId: 12,
  metroNameRu: 'Арбатская',
  metroNameEn: 'Arbatskaya',
  photoUrl: '/media/u/7/a.webp',
  photoWidth: 600,
  photoHeight: 800,
  liveStreamId: null,
  liveChannelId: null,
  ...overrides,
});

const cards: Card[] = [
  card(),
  // Texts that need escaping, and characters JSON.stringify writes as they are.
  card({ id: 8, name: 'Ли "Лу" \\ /\t\n\u0001\u001f\u2028😀', isTop: true, hasVideo: true }),
  card({ id: 9, metroId: null, metroNameRu: null, metroNameEn: null, isOnline: false }),
  card({ id: 10, photoUrl: null, photoWidth: null, photoHeight: null }),
  card({ id: 11, photoWidth: null, photoHeight: null }),
  card({ id: 12, photoUrl: '' }),
  card({ id: 13, liveStreamId: 3, liveChannelId: 'live-"3"' }),
  card({ id: 14, liveStreamId: 4, liveChannelId: null, metroId: 5, metroNameRu: null }),
  card({ id: 2_147_483_647, age: 60, priceHour: 100_000, category: 'bdsm', cityNameEn: 'Nizhny Novgorod' }),
];

/** A row as PGlite gives it: numbers and booleans. */
const typedRow = (total: number, of: Card | null): PageRow =>
  PAGE_COLUMNS.map((column: Column) =>
    column === 'total' ? total : of === null ? null : (of[column] as PageRow[number]),
  );

/** The same row as PostgreSQL sends it to node-postgres with no type parsing: text, 't' and 'f'. */
const textRow = (total: number, of: Card | null): PageRow =>
  typedRow(total, of).map((value) =>
    value === null ? null : typeof value === 'boolean' ? (value ? 't' : 'f') : String(value),
  );

/** What the route sent before: the response object, serialised. */
function expected(total: number, page: number, of: Card[], locale: Locale): string {
  const response: ModelListResponse = {
    items: of.map((row) => toCardWithPhoto(row, locale)),
    total,
    page,
    perPage: LISTING_PAGE_SIZE,
    pageCount: Math.ceil(total / LISTING_PAGE_SIZE),
  };
  return JSON.stringify(response);
}

describe('pageJson', () => {
  it.each(['ru', 'en'] as const)('writes what JSON.stringify writes for the cards (%s)', (locale) => {
    const total = 1_234;
    for (const rowOf of [typedRow, textRow]) {
      const rows = cards.map((of) => rowOf(total, of));
      expect(pageJson(rows, 3, locale)).toBe(expected(total, 3, cards, locale));
    }
  });

  it('writes an empty page past the last, with the total', () => {
    for (const rowOf of [typedRow, textRow]) {
      expect(pageJson([rowOf(49, null)], 9, 'ru')).toBe(expected(49, 9, [], 'ru'));
      expect(pageJson([rowOf(0, null)], 1, 'en')).toBe(expected(0, 1, [], 'en'));
    }
    expect(JSON.parse(pageJson([], 1, 'ru'))).toEqual({
      items: [],
      total: 0,
      page: 1,
      perPage: 24,
      pageCount: 0,
    });
  });

  it('refuses a listed profile without an age or an hourly price, as toCardWithPhoto does', () => {
    expect(() => pageJson([textRow(1, card({ age: null }))], 1, 'ru')).toThrow(/age/);
    expect(() => pageJson([typedRow(1, card({ priceHour: null }))], 1, 'ru')).toThrow(/price_hour/);
  });
});
