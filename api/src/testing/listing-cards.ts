import type { Locale } from 'contracts';
import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { listingCards, modelProfiles } from '../db/schema';
import { pageJson, selectCards, toCardWithPhoto } from '../modules/catalog/repository';

/**
 * Every profile's card as the listing writes it (its listing_cards row, kept by the database, with
 * the fields that change on their own) against the card toCardWithPhoto makes from the tables
 * themselves (city, metro and first photo joined now), byte for byte, in both languages; and a
 * card for every profile, none for a profile that is gone.
 */
export async function expectCardsExact(db: Database): Promise<void> {
  const cards = new Map((await db.select().from(listingCards)).map((card) => [card.profileId, card]));
  const profiles = await db.select({ id: modelProfiles.id }).from(modelProfiles);
  expect([...cards.keys()].sort((a, b) => a - b)).toEqual(profiles.map(({ id }) => id).sort((a, b) => a - b));
  // Profiles with a city (the listing's are all such); the others' cards are never read.
  const rows = await selectCards(db).orderBy(asc(modelProfiles.id));
  for (const row of rows) {
    const card = cards.get(row.id);
    const complete = row.age !== null && row.priceHour !== null;
    expect({ id: row.id, complete: card?.complete }).toEqual({ id: row.id, complete });
    if (!complete) continue;
    for (const locale of ['ru', 'en'] satisfies Locale[]) {
      const written = pageJson(
        [
          [
            1,
            card?.head ?? null,
            card?.photo ?? null,
            card?.complete ?? null,
            row.hasVideo,
            row.isOnline,
            row.isTop,
            row.liveStreamId,
            row.liveChannelId,
          ],
        ],
        1,
        locale,
      );
      const expected = JSON.stringify({
        items: [toCardWithPhoto(row, locale)],
        total: 1,
        page: 1,
        perPage: 24,
        pageCount: 1,
      });
      expect({ id: row.id, written }).toEqual({ id: row.id, written: expected });
    }
  }
}
