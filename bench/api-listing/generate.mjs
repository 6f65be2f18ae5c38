// Grows a seeded demo database to `count` visible profiles by copying the seeded ones in SQL:
// the copies keep every filterable field, get their own bump and publication times (so the
// order is stable and realistic), one public photo each, and the originals' services. Top placements
// stay rare, as paid slots are; one profile in five is online.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib/server.mjs';

const requireApi = createRequire(path.join(root, 'api', 'package.json'));

const copyColumns = `name, category, city_id, metro_id, age, height, weight, boobs, appearance,
  price_hour, price_two_hours, price_night, places, phone, telegram, whatsapp, viber, description,
  status, is_blocked, block_reason, is_online, has_video`;

function statements(count) {
  return [
    `create temporary table bench_source as
       select row_number() over (order by id) as n, id as source_id from model_profiles`,
    `insert into model_profiles (${copyColumns}, top_until, bumped_at, published_at, expires_at)
     select ${copyColumns},
       -- the first copy of a top profile keeps its placement: about three times the seeded tops
       case when g = 1 then p.top_until end,
       p.bumped_at - g * interval '37 seconds',
       p.published_at - g * interval '41 seconds',
       p.expires_at
     from generate_series(1, ceil((${count} - (select count(*) from model_profiles))::numeric
                                   / (select count(*) from bench_source))::int) g
     cross join bench_source s
     join model_profiles p on p.id = s.source_id
     order by g, s.n
     limit greatest(${count} - (select count(*) from model_profiles), 0)`,
    // Public, as an approved photo is: a card shows it.
    `insert into media (profile_id, kind, url, width, height, position, is_public)
     select p.id, 'photo', '/media/placeholder/' || (1 + p.id % 500) || '.svg', 600, 800, 0, true
     from model_profiles p
     where not exists (select 1 from media m where m.profile_id = p.id)`,
    // Copies take the services of the seeded profile at the same position in its city's list.
    `insert into model_services (profile_id, service_id, description)
     select p.id, ms.service_id, ms.description
     from model_profiles p
     join bench_source s on s.n = 1 + (p.id % (select count(*) from bench_source))
     join model_services ms on ms.profile_id = s.source_id
     where not exists (select 1 from model_services x where x.profile_id = p.id)`,
    'drop table bench_source',
    // One profile in five online, as when models have their cabinets open (the demo seed outside
    // development has none); profiles without an owner keep the flag across server starts.
    // (A hash of the id: the copies of one seeded profile are spread, not all online or all not.)
    `update model_profiles set is_online = abs(('x' || left(md5(id::text), 8))::bit(32)::int) % 5 = 0
     where account_id is null`,
    // The steady state autovacuum keeps a server in: statistics current, visibility map set.
    'vacuum analyze',
  ];
}

async function runAll(execute, count) {
  for (const statement of statements(count)) await execute(statement);
}

/** Fills the embedded database in `dataDir` (the server must be stopped). */
export async function generateInPglite(dataDir, count) {
  const { PGlite } = await import(requireApi.resolve('@electric-sql/pglite'));
  const db = new PGlite(dataDir);
  try {
    await runAll((statement) => db.exec(statement), count);
    return Number((await db.query('select count(*)::int as n from model_profiles')).rows[0].n);
  } finally {
    await db.close();
  }
}

/** Fills the PostgreSQL database at `url`. */
export async function generateInPostgres(url, count) {
  const pg = requireApi('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await runAll((statement) => client.query(statement), count);
    return Number((await client.query('select count(*)::int as n from model_profiles')).rows[0].n);
  } finally {
    await client.end();
  }
}
