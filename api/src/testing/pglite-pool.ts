// The API suite's PGlite databases, kept per test worker and emptied between test files instead of
// opened again for each: opening a copy of the migrated template unpacks its 42 MB data directory
// and starts PostgreSQL (about 0.6 s of CPU a file); emptying one takes about 0.1 s. A database
// comes back exactly as the template left it (every table's rows, every sequence, no session
// state), or it is closed and a new copy opened: one whose schema a test changed is never reused.
import type { PGlite } from '@electric-sql/pglite';
import { type LentPglite, openPgliteClient } from '../db/client';

interface TemplateState {
  /** The catalogs' counts: a test that created, changed or dropped an object makes it differ. */
  fingerprint: string;
  /** Every table of the template's schemas, to be emptied. */
  tables: string[];
  /** The rows the template has (the migrations' journal), with the columns to write them back. */
  rows: { table: string; columns: string; json: string }[];
  /** Each sequence as the template left it. */
  sequences: { name: string; value: string; called: boolean }[];
}

const spares: PGlite[] = [];
let template: Promise<TemplateState> | undefined;
/** Copies of the template this worker opened, lent again, and closed instead of lent again. */
export const poolFigures = { opened: 0, reused: 0, discarded: 0 };

/**
 * A database that starts as the migrated template (`templateFile`, a dumped data directory), lent
 * to one app: its `giveBack` (the app's close) empties it for the next test file of this worker.
 * The app's hold on it is revoked when it is given back, so a late query from a closed app fails
 * as on a closed database instead of writing into the next file's data.
 */
export async function lendTemplateCopy(templateFile: string): Promise<LentPglite> {
  let client = spares.pop();
  if (client) poolFigures.reused += 1;
  else {
    client = await openPgliteClient('memory', templateFile);
    poolFigures.opened += 1;
  }
  template ??= describeTemplate(client);
  const state = await template;
  const { proxy, revoke } = Proxy.revocable(client, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  let given = false;
  return {
    client: proxy,
    async giveBack() {
      if (given) return;
      given = true;
      revoke();
      try {
        if (await restore(client, state)) {
          spares.push(client);
          return;
        }
      } catch {
        // Closed below, as one whose schema changed.
      }
      poolFigures.discarded += 1;
      await client.close().catch(() => undefined);
    },
  };
}

async function fingerprintOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(`
    select concat_ws(' ',
      (select count(*) || '/' || sum(oid::int8) from pg_class),
      (select count(*) from pg_attribute where not attisdropped),
      (select count(*) || '/' || sum(oid::int8) from pg_proc),
      (select count(*) from pg_trigger),
      (select count(*) from pg_constraint),
      (select count(*) from pg_type),
      (select count(*) from pg_namespace),
      (select count(*) from pg_extension),
      (select count(*) from pg_db_role_setting),
      (select count(*) from pg_roles)
    ) as fingerprint`);
  return rows[0]?.fingerprint ?? '';
}

async function describeTemplate(client: PGlite): Promise<TemplateState> {
  const tables = await client.query<{ name: string; columns: string }>(`
    select format('%I.%I', n.nspname, c.relname) as name,
      (select string_agg(format('%I', a.attname), ', ' order by a.attnum) from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relispartition
      and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
    order by 1`);
  const rows: TemplateState['rows'] = [];
  for (const table of tables.rows) {
    const { rows: found } = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${table.name} t`,
    );
    const json = found[0]?.json;
    if (json) rows.push({ table: table.name, columns: table.columns, json });
  }
  const sequences = await client.query<{ name: string; value: string; called: boolean }>(`
    select format('%I.%I', schemaname, sequencename) as name,
      coalesce(last_value, start_value)::text as value, last_value is not null as called
    from pg_sequences order by 1`);
  return {
    fingerprint: await fingerprintOf(client),
    tables: tables.rows.map((table) => table.name),
    rows,
    sequences: sequences.rows,
  };
}

/** Empties a given-back database into the template's state; false when it cannot be (its schema changed). */
async function restore(client: PGlite, state: TemplateState): Promise<boolean> {
  if (client.closed) return false;
  // Session state: settings, advisory locks (the jobs'), prepared statements, temporary tables.
  await client.exec('discard all');
  if ((await fingerprintOf(client)) !== state.fingerprint) return false;
  const tag = `$rows_${Math.random().toString(36).slice(2)}$`;
  await client.exec(
    [
      // Triggers (the listing counts') stay quiet while the template's rows are written back.
      'set session_replication_role = replica',
      `truncate ${state.tables.join(', ')} restart identity`,
      ...state.rows.map(
        ({ table, columns, json }) =>
          `insert into ${table} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${table}, ${tag}${json}${tag})`,
      ),
      ...state.sequences.map(
        ({ name, value, called }) => `select setval('${name}', ${value}, ${called ? 'true' : 'false'})`,
      ),
      'set session_replication_role = default',
    ].join(';\n'),
  );
  return true;
}
