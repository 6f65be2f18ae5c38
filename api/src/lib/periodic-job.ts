import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface PeriodicJob {
  /** The job's name in `job_runs_total` and the logs. */
  job: string;
  /** How often it runs. */
  everyMs: number;
  /** One run; answers how many things it did (logged when any). */
  run(fastify: FastifyInstance): Promise<number>;
  /** What the count is of, for the log ("profiles expired"). */
  did: string;
}

/**
 * A background job as a plugin: a run every `everyMs` while the server runs (never two at once on
 * an instance; across instances each job's own advisory lock decides), each counted in
 * `job_runs_total` as done or failed and logged. Registered only when the app runs its jobs: tests
 * call a job's run by hand.
 */
export function periodicJobPlugin(job: PeriodicJob, plugin: { name: string; dependencies: string[] }) {
  return fp(async (fastify: FastifyInstance) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      job
        .run(fastify)
        .then((count) => {
          fastify.metrics.jobRun(job.job, 'done');
          if (count > 0) fastify.log.info({ count }, job.did);
        })
        .catch((error: unknown) => {
          fastify.metrics.jobRun(job.job, 'failed');
          fastify.log.error({ err: error, job: job.job }, `${job.job} job failed`);
        })
        .finally(() => {
          running = false;
        });
    }, job.everyMs);
    timer.unref();
    fastify.addHook('onClose', async () => clearInterval(timer));
  }, plugin);
}
