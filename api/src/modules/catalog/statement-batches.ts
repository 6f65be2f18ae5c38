import type { Connection, CustomTypesConfig, Pool, PoolClient, QueryArrayConfig, Submittable } from 'pg';

/** A row as PostgreSQL sent it: every value its text (see AS_TEXT), in the statement's column order. */
export type TextRow = (string | number | boolean | null)[];

/** node-postgres's type parsers, all leaving the text as PostgreSQL sent it. */
const AS_TEXT = { getTypeParser: () => (value: string) => value } as unknown as CustomTypesConfig;

/**
 * A statement the batches run. Alone, it goes as node-postgres sends any statement (by name when
 * it has one: parsed once per connection), its values as parameters. In a batch (it needs a name),
 * it is prepared once per connection by PREPARE, under its name and `_b` (node-postgres keeps its
 * own names, and a connection may hold both), and run by EXECUTE with its values as literals.
 */
export interface BatchStatement {
  name?: string;
  /** Its text, the values as $1, $2 ... */
  text: string;
}

export interface StatementBatchesOptions {
  /** Batches running at once, each on a connection of its own; the rest wait their turn. */
  atOnce: number;
  /** Statements in one batch at most. */
  most: number;
  /** Told how many statements each message to PostgreSQL carries (1 for a statement alone). */
  onBatch?: (statements: number) => void;
}

interface Waiting {
  statement: BatchStatement;
  /** `execute name_b(literals)`, in a batch; empty when it can only go alone. */
  execute: string;
  values: readonly unknown[];
  /** Sent on its own: it has no name, a value has no literal, or the batch it was in failed. */
  alone: boolean;
  /** Its rows have come (a batch answers its statements one by one). */
  answered?: boolean;
  resolve(rows: readonly TextRow[]): void;
  reject(error: unknown): void;
}

/**
 * The names each connection has prepared (PREPARE lasts as long as the connection), whichever
 * batches prepared them: several share a pool (each repository has its own), and a name is its
 * text's (the listing's are a hash of it), so a name prepared by one is the statement the others
 * mean.
 */
const prepared = new WeakMap<PoolClient, Set<string>>();

/**
 * Runs statements on PostgreSQL at most `atOnce` batches at a time, first come first served.
 * A statement that finds a batch free runs at once, on its own, as it would without batches.
 * Statements that come while every batch is busy wait, and the next batch to start takes up to
 * `most` of them: one message to PostgreSQL (a multi-statement simple query: PREPARE for a name
 * new to the connection, then EXECUTE), one wake-up of the backend and one answer for all of
 * them. Under load that round trip (the API's `writev`, the driver's work, the backend's wake-up)
 * was most of what a statement cost the API, more than handling its rows.
 *
 * The statements of a batch are read-only and run one after another, each with a snapshot of its
 * own, in one implicit transaction: `now()` is the batch's start, milliseconds before a
 * statement's own. Each is answered as its rows come. When a batch fails (one statement's error
 * aborts the rest), its connection is closed, since which statements it has prepared is no longer
 * known, and each statement not answered yet is sent again on its own, so only the one that
 * failed fails.
 */
export function statementBatches(pool: Pool, { atOnce, most, onBatch }: StatementBatchesOptions) {
  const waiting: Waiting[] = [];
  let running = 0;

  function next() {
    while (running < atOnce && waiting.length > 0) {
      const first = waiting[0] as Waiting;
      let count = 1;
      if (!first.alone) {
        while (count < most && count < waiting.length && !(waiting[count] as Waiting).alone) count += 1;
      }
      running += 1;
      onBatch?.(count);
      void send(waiting.splice(0, count)).finally(() => {
        running -= 1;
        next();
      });
    }
  }

  async function send(batch: Waiting[]): Promise<void> {
    let client: PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    let failed: Error | undefined;
    // A connection that dies under its query also emits `error` on the client; the query's own
    // failure is what the reads get. Without a listener, that event would throw (pool.query adds
    // the same listener to the clients it lends).
    const died = (error: Error) => {
      failed = error;
    };
    client.on('error', died);
    try {
      const [item] = batch;
      if (batch.length === 1 && item) {
        const { name, text } = item.statement;
        const config: QueryArrayConfig = {
          name,
          text,
          values: item.values as unknown[],
          rowMode: 'array',
          types: AS_TEXT,
        };
        item.resolve((await client.query<TextRow>(config)).rows);
        return;
      }
      const names = prepared.get(client) ?? new Set<string>();
      prepared.set(client, names);
      const preparing = new Set<string>();
      /** For each statement of the message in turn, the batch's statement it answers (-1: a PREPARE). */
      const answers: number[] = [];
      let text = '';
      batch.forEach(({ statement, execute }, index) => {
        const name = `${statement.name}_b`;
        if (!names.has(name) && !preparing.has(name)) {
          preparing.add(name);
          text += `prepare ${name} as ${statement.text};\n`;
          answers.push(-1);
        }
        text += `${execute};\n`;
        answers.push(index);
      });
      const query = new SimpleQuery(text, (at, rows) => {
        const index = answers[at];
        if (index === -1) return;
        if (index === undefined) throw new Error(`an answer to statement ${at + 1} of ${answers.length}`);
        (batch[index] as Waiting).answered = true;
        (batch[index] as Waiting).resolve(rows);
      });
      client.query(query);
      await query.done;
      for (const name of preparing) names.add(name);
    } catch (error) {
      if (batch.length === 1) (batch[0] as Waiting).reject(error);
      else {
        // The connection is closed: which of the batch's statements it has prepared is not known.
        failed ??= error instanceof Error ? error : new Error(String(error));
        // Those not answered yet go again, each on its own, ahead of those that came later.
        const unanswered = batch.filter((item) => !item.answered);
        for (const item of unanswered) item.alone = true;
        waiting.unshift(...unanswered);
      }
    } finally {
      client.removeListener('error', died);
      client.release(failed);
    }
  }

  return {
    /** The statement's rows, each value its text; rejects with the statement's own error. */
    run(statement: BatchStatement, values: readonly unknown[]): Promise<readonly TextRow[]> {
      return new Promise((resolve, reject) => {
        let execute = '';
        if (statement.name) {
          try {
            execute = executeWithLiterals(`${statement.name}_b`, values);
          } catch {
            // A value with no literal: the statement goes alone, the value as a parameter.
          }
        }
        waiting.push({ statement, execute, values, alone: execute === '', resolve, reject });
        next();
      });
    },
  };
}

export type StatementBatches = ReturnType<typeof statementBatches>;

/** `execute name(…)` of a prepared statement, its values written as literals (sqlLiteral). */
export function executeWithLiterals(name: string, values: readonly unknown[]): string {
  return `execute ${name}(${values.map(sqlLiteral).join(', ')})`;
}

/**
 * A value of a statement as an SQL literal: a whole number, a string, or a text array. The
 * listing's values are validated filter values (enums, slugs, whole numbers) and the keys of a
 * page's last card as PostgreSQL wrote them. A string is an escape string (E''), its backslashes
 * and quotes doubled, so it reads the same whatever standard_conforming_strings says.
 */
export function sqlLiteral(value: unknown): string {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Error('no literal for a string with a NUL');
    return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  }
  if (Array.isArray(value)) return `array[${value.map(sqlLiteral).join(', ')}]::text[]`;
  throw new Error(`no literal for a value of type ${typeof value}`);
}

/**
 * A simple query (one message, any number of statements; no parameters) that hands each
 * statement's rows on as its CommandComplete comes, rather than all of them at the end: a
 * statement early in a batch need not wait for the rest. It is node-postgres's Submittable (what
 * pg-cursor and pg-query-stream are): the client passes it the connection and each message of the
 * answer. Rows are the text PostgreSQL sent, null for NULL.
 */
class SimpleQuery implements Submittable {
  /** Resolves when the whole message is answered; rejects with the first error. */
  readonly done: Promise<void>;
  private end!: (error?: unknown) => void;
  private rows: TextRow[] = [];
  private statement = 0;

  constructor(
    private readonly text: string,
    private readonly answered: (statement: number, rows: TextRow[]) => void,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.end = (error) => (error ? reject(error) : resolve());
    });
  }

  submit(connection: Connection): void {
    (connection as unknown as { query(text: string): void }).query(this.text);
  }

  handleRowDescription(): void {}

  handleDataRow(message: { fields: TextRow }): void {
    this.rows.push(message.fields);
  }

  handleCommandComplete(): void {
    const rows = this.rows;
    this.rows = [];
    try {
      this.answered(this.statement, rows);
    } catch (error) {
      this.end(error);
    }
    this.statement += 1;
  }

  handleEmptyQuery(): void {}

  handleError(error: unknown): void {
    this.end(error);
  }

  handleReadyForQuery(): void {
    this.end();
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: Connection): void {
    (connection as unknown as { sendCopyFail(message: string): void }).sendCopyFail('no COPY in a batch');
  }

  handleCopyData(): void {}
}
