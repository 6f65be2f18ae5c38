// The listing's cards come from listing_cards, which triggers keep; these tests make every kind of
// write that changes what a card shows (a profile's edit, its photos, a city's or a station's
// names, deletions, writes at once) and check after each that every card is byte for byte the
// card toCardWithPhoto makes from the tables (expectCardsExact); the listing-counts tests check
// the same after each write they make through the API.
import type { ModelListResponse } from 'contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, cities, media, metroStations, modelProfiles } from '../../db/schema';
import { createAccount, createCity, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { expectCardsExact } from '../../testing/listing-cards';

const t = testAppForFile();

async function createStation(cityId: number, nameRu: string, nameEn: string) {
  const [station] = await t.db
    .insert(metroStations)
    .values({ cityId, nameRu, nameEn, lineRu: 'Линия', lineEn: 'Line', sort: 1 })
    .returning({ id: metroStations.id });
  if (!station) throw new Error('no station');
  return station.id;
}

const photo = (profileId: number, position: number, overrides: Partial<typeof media.$inferInsert> = {}) => ({
  profileId,
  kind: 'photo' as const,
  url: `/media/u/${profileId}/${position}.webp`,
  width: 600,
  height: 800,
  position,
  isPublic: true,
  ...overrides,
});

const update = (id: number, values: Partial<typeof modelProfiles.$inferInsert>) =>
  t.db.update(modelProfiles).set(values).where(eq(modelProfiles.id, id));

describe('the kept listing cards', () => {
  it('write what JSON.stringify writes, whatever the texts hold', async () => {
    const city = await createCity(t.db, { nameRu: 'Город "Ё"', nameEn: 'Back\\slash \u0007' });
    const station = await createStation(city.id, 'Станция\t«Я»', 'Line\nbreak 😀');
    for (const name of [
      'Ли "Лу"',
      'A\\B/C',
      'Tab\tNL\nX',
      'Ctl\u0001\u001f',
      '😀 Эмма',
      '</script>',
      'U\u2028V',
    ]) {
      await createProfile(t.db, { name, cityId: city.id, metroId: station });
    }
    const odd = await createProfile(t.db, { cityId: city.id }, { photos: [] });
    await t.db
      .insert(media)
      .values([photo(odd.id, 0, { url: '/media/u/"quoted"/фото.webp', width: null, height: null })]);
    // No photo, only a hidden one, an empty address: no photo on the card.
    await createProfile(t.db, { cityId: city.id }, { photos: [] });
    const hidden = await createProfile(t.db, { cityId: city.id }, { photos: [] });
    await t.db.insert(media).values(photo(hidden.id, 0, { isPublic: false }));
    const empty = await createProfile(t.db, { cityId: city.id }, { photos: [] });
    await t.db.insert(media).values(photo(empty.id, 0, { url: '' }));
    // Drafts without a city, an age or a price have cards the listing never reads.
    await createProfile(t.db, { status: 'draft', age: null, priceHour: null });
    await expectCardsExact(t.db);

    const page = await t.app.inject({ url: `/api/model?city=${city.slug}` });
    const names = page.json<ModelListResponse>().items.map((item) => item.name);
    expect(names).toContain('Ли "Лу"');
    expect(names).toContain('Ctl\u0001\u001f');
  });

  it("follow a profile's edits of every column a card shows, one by one and several at once", async () => {
    const city = await createCity(t.db);
    const other = await createCity(t.db);
    const station = await createStation(city.id, 'Арбатская', 'Arbatskaya');
    const profile = await createProfile(t.db, { cityId: city.id });
    const neighbour = await createProfile(t.db, { cityId: city.id, metroId: station });
    for (const values of [
      { name: 'Вера' },
      { age: 33 },
      { category: 'massage' as const },
      { cityId: other.id },
      { metroId: station },
      { metroId: null },
      { priceHour: 7000 },
      // Not on a card: the card stays as it is.
      { isOnline: true, hasVideo: true, bumpedAt: new Date(), topUntil: new Date(Date.now() + 3_600_000) },
    ]) {
      await update(profile.id, values);
      await expectCardsExact(t.db);
    }
    await t.db
      .update(modelProfiles)
      .set({ name: sql`${modelProfiles.name} || '!'`, priceHour: sql`${modelProfiles.priceHour} + 500` })
      .where(eq(modelProfiles.cityId, city.id));
    await expectCardsExact(t.db);
    expect(neighbour.id).toBeGreaterThan(0);
  });

  it('follow photos added before the first, reordered, hidden, published, moved and removed', async () => {
    const city = await createCity(t.db);
    const profile = await createProfile(t.db, { cityId: city.id }, { photos: [1, 2] });
    const other = await createProfile(t.db, { cityId: city.id }, { photos: [] });
    const photos = () =>
      t.db
        .select({ id: media.id, position: media.position })
        .from(media)
        .where(and(eq(media.profileId, profile.id), eq(media.kind, 'photo')))
        .orderBy(media.position, media.id);

    // A new first photo (ties on position are ordered by id), then one after the others.
    await t.db
      .update(media)
      .set({ position: sql`${media.position} + 1` })
      .where(eq(media.profileId, profile.id));
    await t.db.insert(media).values(photo(profile.id, 0, { url: '/media/u/new-first.webp' }));
    await expectCardsExact(t.db);
    await t.db.insert(media).values(photo(profile.id, 9));
    await expectCardsExact(t.db);
    // Reversed, in one statement.
    await t.db
      .update(media)
      .set({ position: sql`10 - ${media.position}` })
      .where(eq(media.profileId, profile.id));
    await expectCardsExact(t.db);
    const [first, second] = await photos();
    if (!first || !second) throw new Error('no photos');
    // Hidden (a rejected edit), published again, moved to another profile, removed.
    await t.db.update(media).set({ isPublic: false }).where(eq(media.id, first.id));
    await expectCardsExact(t.db);
    await t.db.update(media).set({ isPublic: true }).where(eq(media.id, first.id));
    await expectCardsExact(t.db);
    await t.db.update(media).set({ profileId: other.id }).where(eq(media.id, first.id));
    await expectCardsExact(t.db);
    await t.db.delete(media).where(eq(media.id, second.id));
    await expectCardsExact(t.db);
    // A video or a hidden photo changes nothing a card shows.
    await t.db
      .insert(media)
      .values([
        { profileId: profile.id, kind: 'video', url: '/media/u/v.mp4', isPublic: true },
        photo(profile.id, 0, { isPublic: false }),
      ]);
    await expectCardsExact(t.db);
    await t.db.delete(media).where(eq(media.profileId, profile.id));
    await expectCardsExact(t.db);
  });

  it("follow a city's and a station's names, and a station removed", async () => {
    const city = await createCity(t.db);
    const station = await createStation(city.id, 'Парк', 'Park');
    await createProfile(t.db, { cityId: city.id, metroId: station });
    await createProfile(t.db, { cityId: city.id });
    await t.db
      .update(cities)
      .set({ nameRu: 'Новый "город"', slug: `${city.slug}-new` })
      .where(eq(cities.id, city.id));
    await expectCardsExact(t.db);
    await t.db.update(metroStations).set({ nameEn: 'Park \\ Gardens' }).where(eq(metroStations.id, station));
    await expectCardsExact(t.db);
    // Its profiles lose their station (on delete set null).
    await t.db.delete(metroStations).where(eq(metroStations.id, station));
    await expectCardsExact(t.db);
  });

  it('go with their profiles: deleted, and deleted with their account', async () => {
    const city = await createCity(t.db);
    const owner = await createAccount(t.db, { accountType: 'girl' });
    await createProfile(t.db, { cityId: city.id, accountId: owner.id });
    const alone = await createProfile(t.db, { cityId: city.id });
    await t.db.delete(modelProfiles).where(eq(modelProfiles.id, alone.id));
    await expectCardsExact(t.db);
    await t.db.delete(accounts).where(eq(accounts.id, owner.id));
    await expectCardsExact(t.db);
  });

  it('stay right when two transactions change one card at once (a rename, a new photo)', async () => {
    const city = await createCity(t.db);
    const profiles = await Promise.all(
      Array.from({ length: 6 }, () => createProfile(t.db, { cityId: city.id })),
    );
    // Each rename holds its profile's row a moment; the photo changed meanwhile, in a statement
    // that began before the rename committed, waits for it and then writes the card with both (on
    // PGlite, with one connection, they simply take turns).
    await Promise.all(
      profiles.flatMap((profile, i) => [
        t.db.transaction(async (tx) => {
          await tx
            .update(modelProfiles)
            .set({ name: `Имя ${i}` })
            .where(eq(modelProfiles.id, profile.id));
          await new Promise((resolve) => setTimeout(resolve, 100));
        }),
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          await t.db
            .update(media)
            .set({ url: `/media/u/first-${i}.webp` })
            .where(eq(media.profileId, profile.id));
        })(),
      ]),
    );
    await expectCardsExact(t.db);
    const page = await t.app.inject({ url: `/api/model?city=${city.slug}` });
    for (const item of page.json<ModelListResponse>().items) {
      expect(item.name).toMatch(/^Имя \d$/);
      expect(item.photo?.url).toMatch(/first-\d\.webp$/);
      expect(item.photo?.alt).toBe(`${item.name}, фото 1`);
    }
  });
});
