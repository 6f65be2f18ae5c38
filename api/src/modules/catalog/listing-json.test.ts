// pageJson writes a listing page from the statement's rows: each card's JSON kept by the database
// (listing_cards), the rest of its photo's description in the page's language, and the fields
// that change on their own, as PostgreSQL's text ('t', 'f') or PGlite's values. That the kept
// JSON is what JSON.stringify writes is listing-cards.test.ts's part.
import { describe, expect, it } from 'vitest';
import { type PageRow, pageJson } from './repository';

const head =
  '{"id":7,"name":"Ли \\"Лу\\"","age":24,"category":"individual","city":{"slug":"moscow","name":{"ru":"Москва","en":"Moscow"}},"metro":null,"priceHour":5000,"photo":';
const photo = '{"url":"/media/u/7/a.webp","width":600,"height":800,"alt":"Ли \\"Лу\\"';

describe('pageJson', () => {
  it('writes each card from its kept JSON, the description in the language, then the changing fields', () => {
    const rows: PageRow[] = [
      [48, head, photo, 't', 'f', 't', 't', null, null],
      [48, head, null, true, true, false, false, 3, 'live-"3"'],
    ];
    const page = pageJson(rows, 2, 'ru');
    expect(page).toBe(
      `{"items":[${head}${photo}, фото 1"},"hasVideo":false,"isOnline":true,"isTop":true,"liveStream":null},` +
        `${head}null,"hasVideo":true,"isOnline":false,"isTop":false,"liveStream":{"id":3,"channelId":"live-\\"3\\""}}],` +
        '"total":48,"page":2,"perPage":24,"pageCount":2}',
    );
    expect(JSON.parse(page).items[0].photo.alt).toBe('Ли "Лу", фото 1');
    expect(JSON.parse(pageJson(rows, 2, 'en')).items[0].photo.alt).toBe('Ли "Лу", photo 1');
  });

  it('writes an empty page past the last, with the total', () => {
    const empty: PageRow = [49, null, null, null, null, null, false, null, null];
    expect(JSON.parse(pageJson([empty], 9, 'ru'))).toEqual({
      items: [],
      total: 49,
      page: 9,
      perPage: 24,
      pageCount: 3,
    });
    expect(JSON.parse(pageJson([], 1, 'ru'))).toEqual({
      items: [],
      total: 0,
      page: 1,
      perPage: 24,
      pageCount: 0,
    });
  });

  it('refuses a listed profile without a card, or one without an age or an hourly price', () => {
    expect(() => pageJson([[1, null, null, null, 'f', 't', 'f', null, null]], 1, 'ru')).toThrow(/card/);
    expect(() => pageJson([[1, head, photo, 'f', 'f', 't', 'f', null, null]], 1, 'ru')).toThrow(/card/);
  });
});
