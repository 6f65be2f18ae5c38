// Readiness (issue 29): whether a balancer should send this instance requests, beside the liveness
// of /api/health. A check is registered by whoever owns what it checks (the database here, Redis
// by the shared state); GET /api/ready (modules/site) runs them all.
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';

/** A check answers true when its dependency answers; false, a throw or a timeout all fail it. */
export type ReadinessCheck = () => Promise<boolean>;

export interface ReadinessResult {
  status: 'ready' | 'not_ready' | 'closing';
  /** The names of the checks that failed. */
  failed: string[];
}

export interface Readiness {
  /** Adds a check; its name is what /api/ready reports when it fails. */
  add(name: string, check: ReadinessCheck): void;
  /** From now on the instance says it is closing (the shutdown's first step). */
  close(): void;
  /** Runs every check at once, each within the timeout. */
  check(): Promise<ReadinessResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/** A balancer probes every few seconds: a dependency slower than this counts as down. */
export const READINESS_TIMEOUT_MS = 2_000;

async function passes(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const readinessPlugin = fp<{ timeoutMs?: number }>(
  async (fastify, options) => {
    const checks = new Map<string, ReadinessCheck>();
    let closing = false;
    const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
    fastify.decorate('readiness', {
      add(name, check) {
        if (checks.has(name)) throw new Error(`readiness check "${name}" is already registered`);
        checks.set(name, check);
      },
      close() {
        closing = true;
      },
      async check() {
        if (closing) return { status: 'closing', failed: [] };
        const results = await Promise.all(
          [...checks].map(async ([name, check]) => ({ name, ok: await passes(check, timeoutMs) })),
        );
        const failed = results.filter((result) => !result.ok).map((result) => result.name);
        return { status: failed.length === 0 ? 'ready' : 'not_ready', failed };
      },
    } satisfies Readiness);
    fastify.readiness.add('database', async () => {
      await fastify.db.execute(sql`select 1`);
      return true;
    });
    // Whoever closes the app (a signal, a test) has begun a shutdown.
    fastify.addHook('preClose', async () => {
      closing = true;
    });
    // While closing, every answer ends its connection: a kept-alive connection would otherwise sit
    // idle after its last answer and hold the server's close until the keep-alive timeout.
    fastify.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
  },
  { name: 'readiness', dependencies: ['db'] },
);
