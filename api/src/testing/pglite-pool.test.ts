import type { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { LentPglite } from '../db/client';
import { lendTemplateCopy, poolFigures } from './pglite-pool';

const lent: LentPglite[] = [];
async function lend(): Promise<PGlite> {
  const copy = await lendTemplateCopy(inject('pgliteTemplate'));
  lent.push(copy);
  return copy.client;
}
async function giveBackAll() {
  for (const copy of lent.splice(0)) await copy.giveBack();
}
afterEach(giveBackAll);

const count = async (client: PGlite, table: string) =>
  (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n;

describe.skipIf(!inject('pgliteTemplate'))("a test worker's PGlite, lent and given back", () => {
  it('comes back as the template left it: rows, sequences and session state', async () => {
    const first = await lend();
    const journal = await count(first, 'drizzle.__drizzle_migrations');
    expect(journal).toBeGreaterThan(0);
    await first.exec(`
      insert into cities (slug, name_ru, name_en, sort) values ('test-town', 'Город', 'Town', 1);
      insert into site_settings (key, value_ru, value_en) values ('slogan', 'а', 'a');
      select set_config('statement_timeout', '1234', false);
      select pg_advisory_lock(42);`);
    const firstCityId = (await first.query<{ id: number }>('select id from cities')).rows[0]?.id;
    await giveBackAll();

    const opened = poolFigures.opened;
    const second = await lend();
    // The same database, not a new copy (the point of the pool), and empty again.
    expect(poolFigures.opened).toBe(opened);
    expect(await count(second, 'cities')).toBe(0);
    expect(await count(second, 'site_settings')).toBe(0);
    expect(await count(second, 'drizzle.__drizzle_migrations')).toBe(journal);
    const timeout = await second.query<{ value: string }>(
      "select current_setting('statement_timeout') as value",
    );
    expect(timeout.rows[0]?.value).toBe('0');
    const lock = await second.query<{ got: boolean }>('select pg_try_advisory_lock(42) as got');
    expect(lock.rows[0]?.got).toBe(true);
    // Identities start again where the template's did.
    await second.exec(
      "insert into cities (slug, name_ru, name_en, sort) values ('again', 'Снова', 'Again', 1)",
    );
    expect((await second.query<{ id: number }>('select id from cities')).rows[0]?.id).toBe(firstCityId);
  });

  it('refuses a closed app: a late query fails instead of writing into the next file', async () => {
    const copy = await lendTemplateCopy(inject('pgliteTemplate'));
    const client = copy.client;
    await copy.giveBack();
    expect(() => client.query('select 1')).toThrow(TypeError);
  });

  it('is not lent again once a test changed its schema: the next is a fresh copy', async () => {
    const first = await lend();
    await first.exec('create table left_behind (id int)');
    const discarded = poolFigures.discarded;
    await giveBackAll();
    expect(poolFigures.discarded).toBe(discarded + 1);
    const next = await lend();
    const found = await next.query("select 1 from pg_class where relname = 'left_behind'");
    expect(found.rows).toHaveLength(0);
  });
});
