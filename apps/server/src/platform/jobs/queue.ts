import type { JobListQuery, JobRow } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { fromPglite, type Job, PgBoss } from 'pg-boss';
import { type Database, rowsOf } from '../db/index.js';
import { stableJson } from '../stable-json.js';

export interface JobOptions {
  /** retries after the first attempt (default 3) */
  retryLimit?: number;
  /** seconds before the first retry (default 5) */
  retryDelay?: number;
  /** double the delay on every retry (default true) */
  retryBackoff?: boolean;
  /** a running attempt that takes longer fails (and is retried) (default 15 min) */
  expireInSeconds?: number;
  /**
   * how often an idle worker looks for jobs no notification announced (a retry falling due, a delayed
   * job), at least 0.5 (default 10, and 1 while the listener is down: a sent job wakes its workers at
   * once, decision 0165)
   */
  pollingIntervalSeconds?: number;
}

type Handler<T> = (data: T, job: Job<T>) => Promise<void>;

export const PGBOSS_SCHEMA = 'pgboss';

/** The message of a failed job's output (pg-boss stores the serialised error), or a compact JSON of it. */
export function outputText(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  if (typeof output === 'string') return output.slice(0, 2000);
  if (typeof output === 'object' && typeof (output as { message?: unknown }).message === 'string') {
    return (output as { message: string }).message.slice(0, 2000);
  }
  const text = JSON.stringify(output);
  return text === '{}' ? null : text.slice(0, 2000);
}

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/**
 * Jobs and schedules on pg-boss, on PGlite or PostgreSQL alike. A failing job is retried with
 * backoff and, when retries run out, stays in the `failed` state with its error as output, where the
 * jobs screen (GET /v2/sys/staff/jobs) shows it. On PostgreSQL several processes share the queue.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, { handler: Handler<unknown>; options: JobOptions }>();
  private started = false;
  private bossStarted = false;
  private stopping: Promise<void> | undefined;
  private readonly stopController = new AbortController();
  /** the schedules as stored: read once, then kept up to date by schedule() */
  private storedSchedules: Promise<Map<string, { cron: string; data?: unknown; options?: unknown }>> | undefined;

  constructor(
    private readonly database: Database,
    onError: (err: Error) => void,
    private readonly log?: { warn: (o: object, m: string) => void },
  ) {
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({ db: fromPglite(database.client), schema: PGBOSS_SCHEMA, useListenNotify: true })
        : new PgBoss({ connectionString: database.url, schema: PGBOSS_SCHEMA, max: 4, useListenNotify: true });
    this.boss.on('error', onError);
  }

  /** Declare a job kind; call before start(). */
  define<T>(name: string, handler: Handler<T>, options: JobOptions = {}) {
    if (this.started) throw new Error(`job ${name} defined after the queue started`);
    if (this.handlers.has(name)) throw new Error(`job ${name} defined twice`);
    this.handlers.set(name, { handler: handler as Handler<unknown>, options });
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.bossStarted = true;
    // one read of the queues a boot finds (every one, after the first): a queue is created or updated only
    // when it is missing or its rules changed, so a boot does not rewrite them all (and keeps pg-boss's
    // queue cache, which a create or update empties: each worker would read its queue again)
    const existing = new Map((await this.boss.getQueues()).map((q) => [q.name, q]));
    for (const [name, { handler, options }] of this.handlers) {
      const policy = {
        retryLimit: options.retryLimit ?? 3,
        retryDelay: options.retryDelay ?? 5,
        retryBackoff: options.retryBackoff ?? true,
        expireInSeconds: options.expireInSeconds ?? 15 * 60,
        // a job sent on any process wakes the workers listening (LISTEN/NOTIFY, decision 0165)
        notify: true,
      };
      const found = existing.get(name);
      if (!found) await this.boss.createQueue(name, policy);
      else if ((Object.keys(policy) as (keyof typeof policy)[]).some((k) => found[k] !== policy[k]))
        await this.boss.updateQueue(name, policy);
      // the first interval serves while the listener is down (it polls as before); the second while it is up
      const polling = {
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
        notifyPollingIntervalSeconds: options.pollingIntervalSeconds ?? 10,
      };
      await this.boss.work(name, polling, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data, job);
          } catch (err) {
            // pg-boss stores the error as the job's output and retries it; the log tells operators too
            this.log?.warn(
              { err, job: { name, id: job.id, retryCount: job.retryCount } },
              job.retryCount < policy.retryLimit ? 'job failed; it will be retried' : 'job failed for good',
            );
            throw err;
          }
        }
      });
    }
    this.started = true;
  }

  /** Whether a job kind is declared. */
  has(name: string): boolean {
    return this.handlers.has(name);
  }

  async send<T extends object>(name: string, data: T, opts: { singletonKey?: string; startAfter?: number } = {}) {
    if (!this.handlers.has(name)) throw new Error(`unknown job ${name}`);
    return this.boss.send(name, data, opts);
  }

  /**
   * A cron schedule (UTC). A boot declares every schedule again: one that is stored as declared is left
   * alone (one read of them all per process), so a boot does not rewrite them.
   */
  async schedule(name: string, cron: string, data: object = {}) {
    const options = { tz: 'UTC' };
    this.storedSchedules ??= this.boss
      .getSchedules()
      .then((rows) => new Map(rows.filter((r) => !r.key).map((r) => [r.name, r])))
      .catch(() => new Map()); // unread: every schedule is written, as before
    const stored = await this.storedSchedules;
    const was = stored.get(name);
    if (
      was &&
      was.cron === cron &&
      stableJson(was.data) === stableJson(data) &&
      stableJson(was.options) === stableJson(options)
    )
      return;
    await this.boss.schedule(name, cron, data, options);
    stored.set(name, { cron, data, options });
  }

  async getJob(name: string, id: string) {
    const [job] = await this.boss.findJobs(name, { id });
    return job ?? null;
  }

  /**
   * Which of these singleton keys of a job kind have a job queued, waiting for a retry or running
   * (read from pg-boss's table, as `list`; an empty set before pg-boss made its schema).
   */
  async pendingKeys(name: string, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const db = this.database.db;
    const [exists] = rowsOf<{ t: string | null }>(await db.execute(sql`select to_regclass('pgboss.job')::text as t`));
    if (!exists?.t) return new Set();
    const rows = rowsOf<{ k: string }>(
      await db.execute(
        sql`select distinct singleton_key as k from pgboss.job
            where name = ${name} and state in ('created', 'retry', 'active')
              and singleton_key in (${sql.join(
                keys.map((k) => sql`${k}`),
                sql`, `,
              )})`,
      ),
    );
    return new Set(rows.map((r) => r.k));
  }

  /**
   * Jobs newest first, for the operators' jobs screen. Reads pg-boss's table directly (read-only):
   * pg-boss itself finds jobs of one queue by id, key or data, but neither pages nor filters by state.
   */
  async list(q: Pick<JobListQuery, 'name' | 'state' | 'page' | 'size'>): Promise<{ records: JobRow[]; total: number }> {
    const db = this.database.db;
    const [exists] = rowsOf<{ t: string | null }>(await db.execute(sql`select to_regclass('pgboss.job')::text as t`));
    if (!exists?.t) return { records: [], total: 0 };
    const where = sql.join(
      [
        sql`not starts_with(name, '__pgboss__')`, // pg-boss's own bookkeeping queues
        q.name ? sql`name = ${q.name}` : undefined,
        q.state ? sql`state = ${q.state}::pgboss.job_state` : undefined,
      ].filter((c) => c !== undefined),
      sql` and `,
    );
    const [rows, [count]] = await Promise.all([
      db
        .execute(
          sql`select id::text as id, name, state::text as state, retry_count, retry_limit, created_on, started_on,
                     completed_on, output
              from pgboss.job where ${where}
              order by created_on desc, id
              limit ${q.size} offset ${(q.page - 1) * q.size}`,
        )
        .then((r) => rowsOf<Record<string, unknown>>(r)),
      db.execute(sql`select count(*)::int as n from pgboss.job where ${where}`).then((r) => rowsOf<{ n: number }>(r)),
    ]);
    return {
      records: rows.map((r) => ({
        id: String(r.id),
        name: String(r.name),
        state: r.state as JobRow['state'],
        retryCount: Number(r.retry_count),
        retryLimit: Number(r.retry_limit),
        createdOn: iso(r.created_on)!,
        startedOn: iso(r.started_on),
        completedOn: iso(r.completed_on),
        output: r.state === 'completed' || r.state === 'failed' || r.state === 'retry' ? outputText(r.output) : null,
      })),
      total: count?.n ?? 0,
    };
  }

  /**
   * Graceful: stops fetching, lets running handlers finish (up to the timeout; then they are failed
   * and retried by whichever process picks them up), then closes pg-boss's connections.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopController.abort();
    if (!this.bossStarted) return;
    this.stopping ??= this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    await this.stopping;
  }

  /** aborted when the queue starts stopping: a handler that waits between rounds ends its wait on it */
  get stopSignal(): AbortSignal {
    return this.stopController.signal;
  }

  get pgBoss(): PgBoss {
    return this.boss;
  }
}
