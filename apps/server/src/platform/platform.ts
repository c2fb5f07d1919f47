import type { FastifyBaseLogger } from 'fastify';
import type { AccessCache } from './access/service.js';
import type { AuthDeps } from './auth/service.js';
import type { SessionCache } from './auth/sessions.js';
import type { AccessTokens } from './auth/tokens.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/index.js';
import type { DictCache } from './dict/service.js';
import type { EventBus } from './events/bus.js';
import type { JobQueue } from './jobs/queue.js';
import type { LoginPromptRegistry } from './login-prompts.js';
import type { Notifier } from './notify.js';
import type { SummaryRegistry } from './summary.js';

/** What every module receives: the platform services, never another module's internals. */
export interface Platform {
  config: Config;
  /** what expires and falls due reads this time (tests move it) */
  clock: Clock;
  database: Database;
  db: Db;
  bus: EventBus;
  jobs: JobQueue;
  tokens: AccessTokens;
  access: AccessCache;
  sessions: SessionCache;
  authDeps: AuthDeps;
  log: FastifyBaseLogger;
  /** home overview figures contributed by modules */
  summary: SummaryRegistry;
  /** sign-in prompts contributed by modules (after the configured one) */
  loginPrompts: LoginPromptRegistry;
  /** tell people about something; channels (message center, workplace chat) register here */
  notifier: Notifier;
  /** dictionary items, cached per process and dropped on `dict.changed` */
  dicts: DictCache;
}
