// Statements sent to PostgreSQL in batches (statement-batches.ts), against a real server: only with
// DATABASE_URL (PGlite has one connection and no batches; the suite's PostgreSQL pass runs this).
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { sqlLiteral, statementBatches } from './statement-batches';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('statement batches on PostgreSQL', () => {
  let t: TestApp;
  let pool: Pool;

  beforeAll(async () => {
    t = await createTestApp();
    pool = (t.db as unknown as { $client: Pool }).$client;
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A statement echoing its value beside the transaction's start: one batch shares one. */
  const echo = {
    name: 'batch_test_echo',
    text: 'select $1::int as n, now()::text as started, pg_backend_pid()',
  };

  it('runs the first statement at once and those that wait in batches of at most `most`, each its own rows', async () => {
    const batches = statementBatches(pool, { atOnce: 1, most: 4 });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => batches.run(echo, [n])));
    expect(answers.map((rows) => rows.map((row) => row[0]))).toEqual(
      Array.from({ length: 10 }, (_, n) => [String(n)]),
    );
    // The statements of one batch share its transaction (one message): its start and its backend.
    const groups = new Map<string, number[]>();
    answers.forEach((rows, n) => {
      const key = `${rows[0]?.[1]} ${rows[0]?.[2]}`;
      groups.set(key, [...(groups.get(key) ?? []), n]);
    });
    expect([...groups.values()]).toEqual([[0], [1, 2, 3, 4], [5, 6, 7, 8], [9]]);
  });

  it('fails only the statement that failed; the others of its batch are answered', async () => {
    const batches = statementBatches(pool, { atOnce: 1, most: 8 });
    const divide = { name: 'batch_test_divide', text: 'select (100 / $1::int)::text' };
    const divisors = [1, 2, 5, 0, 4, 10, 20, 25];
    const answers = await Promise.allSettled(divisors.map((n) => batches.run(divide, [n])));
    expect(
      answers.map((answer) => (answer.status === 'fulfilled' ? answer.value[0]?.[0] : answer.reason.code)),
    ).toEqual(['100', '50', '20', '22012', '25', '10', '5', '4']);
    // The pool's connections still answer (the failed batch's was closed, not left mid-transaction).
    expect((await batches.run(divide, [50]))[0]?.[0]).toBe('2');
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('fails the reads of a connection that dies under them, and the next reads go on another', async () => {
    const batches = statementBatches(pool, { atOnce: 1, most: 4 });
    const sleepy = {
      name: 'batch_test_sleepy',
      text: 'select pg_backend_pid()::text, pg_sleep($1::int)::text',
    };
    const reads = [batches.run(sleepy, [2]), batches.run(sleepy, [0]), batches.run(sleepy, [0])];
    // Settled from the start: the first read may fail before pg_terminate_backend answers, and a
    // rejection nobody handles yet is an unhandled rejection.
    const settled = Promise.allSettled(reads);
    // The first runs alone: end its backend while it sleeps.
    let victim: string | undefined;
    for (let tries = 0; !victim && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { rows } = await pool.query<{ pid: string }>(
        "select pid::text from pg_stat_activity where query like '%pg_sleep($1::int)%' and state = 'active' and pid <> pg_backend_pid()",
      );
      victim = rows[0]?.pid;
    }
    expect(victim).toBeDefined();
    await pool.query('select pg_terminate_backend($1::int)', [victim]);
    const outcomes = await settled;
    expect(outcomes[0]?.status).toBe('rejected');
    // Those that waited run afterwards, on a connection of their own.
    expect(outcomes.slice(1).map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect((await batches.run(echo, [7]))[0]?.[0]).toBe('7');
  });

  it('prepares a statement once per connection, whichever batches on the pool run it there first', async () => {
    const batches = statementBatches(pool, { atOnce: 2, most: 5 });
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, n) => batches.run(echo, [round * 100 + n])),
      );
      expect(answers.map((rows) => Number(rows[0]?.[0]))).toEqual(
        Array.from({ length: 12 }, (_, n) => round * 100 + n),
      );
    }
  });

  it('sends a statement without a name alone, its values as parameters', async () => {
    const batches = statementBatches(pool, { atOnce: 1, most: 8 });
    const tricky = "it's \\ 'quoted' \u0410\u043d\u043d\u0430";
    const answers = await Promise.all([
      batches.run(echo, [1]),
      batches.run({ text: 'select $1::text, now()::text' }, [tricky]),
      batches.run(echo, [2]),
    ]);
    expect(answers[1]?.[0]?.[0]).toBe(tricky);
  });

  it('writes values as literals that read back as they were', async () => {
    const batches = statementBatches(pool, { atOnce: 1, most: 8 });
    const text = { name: 'batch_test_text', text: 'select $1::text' };
    const array = { name: 'batch_test_array', text: 'select array_to_json($1::text[])::text' };
    const values = ["o'clock", 'back\\slash', "\\'", '', 'две строки\nи табуляция\t', '-infinity'];
    const answers = await Promise.all(values.map((value) => batches.run(text, [value])));
    expect(answers.map((rows) => rows[0]?.[0])).toEqual(values);
    const arrays = await batches.run(array, [["a'b", 'c\\d']]);
    expect(JSON.parse(String(arrays[0]?.[0]))).toEqual(["a'b", 'c\\d']);
    // A value with no literal goes alone, as a parameter: PostgreSQL takes 1.5 and refuses a NUL,
    // which fails that statement only.
    const mixed = await Promise.allSettled([
      batches.run(text, ['x']),
      batches.run(text, ['a\0b']),
      batches.run(text, [1.5]),
      batches.run(text, ['y']),
    ]);
    const outcomes = mixed.map((answer) => (answer.status === 'fulfilled' ? answer.value[0]?.[0] : 'failed'));
    expect(outcomes).toEqual(['x', 'failed', '1.5', 'y']);
  });
});

describe('sqlLiteral', () => {
  it('writes whole numbers, escape strings and text arrays; refuses the rest', () => {
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral(-7)).toBe('-7');
    expect(sqlLiteral("it's")).toBe("E'it''s'");
    expect(sqlLiteral('a\\b')).toBe("E'a\\\\b'");
    expect(sqlLiteral(['x', "y'"])).toBe("array[E'x', E'y''']::text[]");
    expect(() => sqlLiteral(1.5)).toThrow();
    expect(() => sqlLiteral(null)).toThrow();
    expect(() => sqlLiteral(true)).toThrow();
    expect(() => sqlLiteral('a\0b')).toThrow();
  });
});
