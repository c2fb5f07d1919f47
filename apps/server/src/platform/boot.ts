import path from 'node:path';
import pino from 'pino';
import { accessCache } from './access/service.js';
import { sharedSecret } from './auth/secrets.js';
import { sessionCache } from './auth/sessions.js';
import { accessTokens } from './auth/tokens.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { migrateDatabase, openDatabase } from './db/index.js';
import { dictCache } from './dict/service.js';
import { BUS_RESYNC, memoryBus, postgresBus } from './events/bus.js';
import { Topics } from './events/topics.js';
import { purgeExpiredKeys } from './idempotence/service.js';
import { JobQueue } from './jobs/queue.js';
import { LoginPromptRegistry } from './login-prompts.js';
import { Notifier } from './notify.js';
import type { Platform } from './platform.js';
import { SummaryRegistry } from './summary.js';

export interface Booted extends Platform {
  /** start job workers (after modules declared their jobs) */
  startJobs(): Promise<void>;
  shutdown(): Promise<void>;
}

/** Opens the database, migrates, and wires the platform services. Used by main and by tests. */
export async function bootPlatform(
  config: Config,
  opts: { pgliteDir?: string; pgliteLoad?: Blob; logger?: pino.Logger; clock?: Clock } = {},
): Promise<Booted> {
  const log =
    opts.logger ??
    pino({
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refresh_token'],
    });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.db.poolSize,
    poolWaitMs: config.db.poolWaitMs,
    statementTimeoutMs: config.db.statementTimeoutMs,
    userShare: config.db.userShare,
    dataDir: opts.pgliteDir ?? path.join(config.dataDir, 'pglite'),
    pgliteLoad: opts.pgliteLoad,
  });
  await migrateDatabase(database);
  const db = database.db;
  const bus = database.kind === 'postgres' ? await postgresBus(database.url, database.pool, log) : memoryBus(log);
  const secret = config.jwtSecret ?? (await sharedSecret(db, 'jwt'));
  const clock = opts.clock ?? systemClock;
  const tokens = accessTokens(secret, config.accessTokenTtl, clock);
  const access = accessCache(db);
  const sessions = sessionCache(db);
  bus.subscribe(Topics.SESSION_REVOKED, (id) => sessions.drop(id));
  bus.subscribe(Topics.ACCESS_CHANGED, (id) => access.drop(id === '*' ? undefined : Number(id)));
  // the listening connection was re-opened: revocations sent meanwhile were missed, so forget all
  bus.subscribe(BUS_RESYNC, () => {
    sessions.clear();
    access.drop(undefined);
  });

  const jobs = new JobQueue(database, (err) => log.error({ err }, 'job queue error'), log);
  jobs.define('platform.purge-idempotence-keys', async () => purgeExpiredKeys(db), { retryLimit: 2 });

  let shuttingDown: Promise<void> | undefined;
  const platform: Booted = {
    config,
    clock,
    database,
    db,
    bus,
    jobs,
    tokens,
    access,
    sessions,
    summary: new SummaryRegistry(),
    loginPrompts: new LoginPromptRegistry(),
    notifier: new Notifier(),
    dicts: dictCache(db, bus),
    log: log as unknown as Platform['log'],
    authDeps: {
      db,
      clock,
      bus,
      sessions,
      tokens,
      refreshTtlSeconds: config.refreshTokenTtl,
      refreshGraceSeconds: config.refreshGraceSeconds,
      refreshKey: secret,
      lockAfter: config.loginLockAfter,
      lockMinutes: config.loginLockMinutes,
    },
    async startJobs() {
      await jobs.start();
      await jobs.schedule('platform.purge-idempotence-keys', '17 * * * *');
    },
    /** Lets running jobs finish (graceful pg-boss stop), then closes the bus and the database. Idempotent. */
    shutdown() {
      shuttingDown ??= (async () => {
        await jobs.stop();
        await bus.close();
        await database.close();
      })();
      return shuttingDown;
    },
  };
  return platform;
}
