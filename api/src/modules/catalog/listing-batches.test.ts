// Listing pages read while others wait (statement-batches.ts): on PostgreSQL the statements that
// wait go to the database together; every page reads what it reads on its own.
import { LISTING_PAGE_SIZE, type ModelListQuery } from 'contracts';
import { describe, expect, it } from 'vitest';
import { createCity, createProfile, hoursAgo, hoursAhead } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { createPageAnchors } from './page-anchors';
import { createModelRepository } from './repository';

const t = testAppForFile({}, async ({ db }) => {
  for (const slug of ['batch-city-a', 'batch-city-b']) {
    const city = await createCity(db, { slug });
    for (let i = 0; i < 2 * LISTING_PAGE_SIZE + 5; i++) {
      await createProfile(db, {
        cityId: city.id,
        publishedAt: hoursAgo(1 + i),
        isOnline: i % 3 === 0,
        priceHour: i % 2 === 0 ? 4_000 : 12_000,
        category: i % 5 === 0 ? 'massage' : 'individual',
        topUntil: i % 11 === 0 ? hoursAhead(5) : null,
      });
    }
  }
});

describe('listing pages read in batches', () => {
  it('answers each of many pages read at once as it answers that page read alone, in both languages', async () => {
    const queries: ModelListQuery[] = [];
    for (const city of ['batch-city-a', 'batch-city-b', undefined]) {
      for (const category of ['individual', 'massage'] as const) {
        for (const online of [undefined, 'true'] as const) {
          for (const page of [1, 2, 3]) queries.push({ city, category, online, page });
        }
      }
    }
    queries.push(
      { city: 'batch-city-a', category: 'individual', priceMax: 5_000 },
      { city: 'no-such-city', category: 'individual' },
    );
    const alone = createModelRepository(t.db, t.app.dbKind);
    const expected: string[] = [];
    for (const query of queries)
      expected.push(await alone.pageJson(query, 'ru'), await alone.pageJson(query, 'en'));

    // One batch at a time, up to five statements in it; anchors on, so later pages may start from
    // where the earlier ones ended.
    const batched = createModelRepository(t.db, t.app.dbKind, {
      listingBatchesAtOnce: 1,
      listingBatchMost: 5,
      anchors: createPageAnchors(60_000),
    });
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(
        queries.flatMap((query) => [batched.pageJson(query, 'ru'), batched.pageJson(query, 'en')]),
      );
      expect(answers).toEqual(expected);
    }
    expect(JSON.parse(expected[0] as string).items).toHaveLength(LISTING_PAGE_SIZE);
  });
});
