import { fromPglite, type Job, PgBoss } from 'pg-boss';
import type { Database } from '../db/index.js';

export interface JobOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
}

type Handler<T> = (data: T, job: Job<T>) => Promise<void>;

/**
 * Jobs and schedules on pg-boss, on PGlite or PostgreSQL alike. A failing job is retried with
 * backoff and, when retries run out, stays in the `failed` state where the jobs screen shows it.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, { handler: Handler<unknown>; options: JobOptions }>();
  private started = false;

  constructor(database: Database, onError: (err: Error) => void) {
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({ db: fromPglite(database.client), schema: 'pgboss' })
        : new PgBoss({ connectionString: database.url, schema: 'pgboss', max: 4 });
    this.boss.on('error', onError);
  }

  /** Declare a job kind; call before start(). */
  define<T>(name: string, handler: Handler<T>, options: JobOptions = {}) {
    this.handlers.set(name, { handler: handler as Handler<unknown>, options });
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const [name, { handler, options }] of this.handlers) {
      await this.boss.createQueue(name, {
        retryLimit: options.retryLimit ?? 3,
        retryDelay: options.retryDelay ?? 5,
        retryBackoff: options.retryBackoff ?? true,
        expireInSeconds: options.expireInSeconds ?? 15 * 60,
      });
      await this.boss.work(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data, job);
      });
    }
    this.started = true;
  }

  async send<T extends object>(name: string, data: T, opts: { singletonKey?: string; startAfter?: number } = {}) {
    if (!this.handlers.has(name)) throw new Error(`unknown job ${name}`);
    return this.boss.send(name, data, opts);
  }

  async schedule(name: string, cron: string, data: object = {}) {
    await this.boss.schedule(name, cron, data, { tz: 'UTC' });
  }

  async getJob(name: string, id: string) {
    return this.boss.getJobById(name, id);
  }

  /** Graceful: waits for running handlers up to the timeout. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }

  get pgBoss(): PgBoss {
    return this.boss;
  }
}
