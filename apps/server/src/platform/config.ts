import path from 'node:path';
import { z } from 'zod';
import { SEED_SCALES } from './seed/context.js';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DB_POOL_WAIT_MS: z.coerce.number().int().min(100).default(10_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  DB_USER_SHARE: z.coerce.number().gt(0).max(1).default(0.5),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  LIST_COUNT_CAP: z.coerce.number().int().min(100).default(10_000),
  LIST_SEARCH_COUNT_CAP: z.coerce.number().int().min(100).default(1_000),
  LIST_WALK_ROWS: z.coerce.number().int().min(100).default(2_000),
  PUBLIC_URL: z.string().url().optional(),
  APP_ENV: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(10).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  /** a just-rotated refresh token may be presented once more within this many seconds (lost answer) */
  REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** open live (SSE) streams allowed per session and per user in one process; more are refused */
  LIVE_MAX_STREAMS_PER_SESSION: z.coerce.number().int().min(1).default(8),
  LIVE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).default(32),
  SEED_DEMO: bool,
  /** run the demo seed on this start (with SEED_DEMO); false for a copy of a database this build already seeded */
  SEED_ON_START: bool,
  /** how much demo data: demo (npm start), bench, large (benchmarks) */
  SEED_SCALE: z.enum(SEED_SCALES).default('demo'),
  /** the number the demo data is derived from: the same number, the same data */
  SEED_NUMBER: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .default(1),
  WEB_DIST: z.string().optional(),
  SSO_ISSUER: z.string().url().optional(),
  SSO_CLIENT_ID: z.string().optional(),
  SSO_CLIENT_SECRET: z.string().optional(),
  /** the embedded demo identity provider; default: on only without SSO_ISSUER in APP_ENV local or demo */
  SSO_EMBEDDED: bool,
  /** which peers may set X-Forwarded-For/-Proto/-Host: true, false, or addresses/CIDRs/named ranges */
  TRUST_PROXY: z.string().trim().min(1).default('loopback'),
  LOGIN_RATE_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_LOCK_AFTER: z.coerce.number().int().min(1).default(10),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  JOBS: bool,
  /** the demo traffic simulator (traffic room) sends SMS and calls every minute while jobs run; default on */
  TRAFFIC_SIMULATOR: bool,
  /** seconds between traffic rollup rounds while jobs run (the minute job loops within its minute; 60 = once a minute) */
  TRAFFIC_ROLLUP_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  PROMOTION_URL: z.string().url().optional(),
  /** comma-separated host names outbound webhooks may reach (besides DING_WEBHOOK_URL's host) */
  WEBHOOK_ALLOWED_HOSTS: z.string().default(''),
  // S3-compatible file storage (chosen when S3_BUCKET is set; see docs/decisions/0010-files-storage.md)
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3-63 lower-case letters, digits, dots and hyphens')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'a region name such as us-east-1')
    .default('us-east-1'),
  S3_ENDPOINT: z
    .string()
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'an http(s) URL')
    .optional(),
  S3_FORCE_PATH_STYLE: bool,
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // mail room (docs/decisions/0032-mail.md)
  /** key for mailbox passwords at rest (else a random key kept in the database's platform secrets) */
  MAIL_SECRET_KEY: z.string().min(32).optional(),
  /** the domain the built-in (local) mail server accepts */
  MAIL_LOCAL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/)
    .default('portal.example'),
  /** shared secret the self-service (U) platform signs its payment notifications with (decision 0128); unset: refused */
  U_PLATFORM_SECRET: z.string().min(32).optional(),
  /** port of the built-in SMTP server on 127.0.0.1 (0: any free port) */
  MAIL_LOCAL_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]+$/, "letters, digits and !_.*'()-/ only")
    .refine(
      (v) => !v.startsWith('/') && !v.split('/').some((s) => s === '.' || s === '..'),
      'no leading slash, no . or .. segments',
    )
    .optional(),
});

/** The S3 settings of the check below: every S3_* except S3_REGION needs S3_BUCKET */
const S3_DEPENDENT = [
  'S3_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PREFIX',
] as const;

const checked = schema.superRefine((c, ctx) => {
  if (c.SSO_EMBEDDED && c.SSO_ISSUER) {
    ctx.addIssue({ code: 'custom', path: ['SSO_EMBEDDED'], message: 'cannot be true with SSO_ISSUER set' });
  }
  if (!c.S3_BUCKET) {
    for (const k of S3_DEPENDENT)
      if (c[k] !== undefined)
        ctx.addIssue({ code: 'custom', path: [k], message: 'needs S3_BUCKET (S3 storage is off)' });
  }
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
    const missing = c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (neither: the SDK default credential chain)',
    });
  }
});

export type S3Config = NonNullable<Config['s3']>;

export type Config = ReturnType<typeof loadConfig>;

/** Reads the environment once; every setting is documented in the README. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // an empty variable means "not set" (VAR= in a shell or an env file)
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = checked.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  // SUBAPP_<NAME>=url and EXTERNAL_LINK_<NAME>=url become the web's run-time configuration
  const prefixed = (prefix: string) =>
    Object.fromEntries(
      Object.entries(set)
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => [k.slice(prefix.length).toLowerCase(), v as string]),
    );
  // `npm start` runs the server in its workspace (apps/server); npm names the directory it was
  // started from in INIT_CWD, so a relative DATA_DIR (default ./data) means the same place either way
  const launchDir = set.INIT_CWD ?? process.cwd();
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(launchDir, c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    /** PostgreSQL pool: size, wait for a free connection, statement timeout (0 = none), one user's share */
    db: {
      poolSize: c.DB_POOL_SIZE,
      poolWaitMs: c.DB_POOL_WAIT_MS,
      statementTimeoutMs: c.DB_STATEMENT_TIMEOUT_MS,
      userShare: c.DB_USER_SHARE,
    },
    /** a request's database work is cancelled after this long (0 = no limit); see platform/db/scope.ts */
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    /** paged lists count at most this many rows, then answer "at least" */
    listCountCap: c.LIST_COUNT_CAP,
    /** resource lists narrowed by a keyword or a department data scope count at most this many */
    listSearchCountCap: c.LIST_SEARCH_COUNT_CAP,
    /** a filtered resource list looks for its page among this many rows of its order first */
    listWalkRows: c.LIST_WALK_ROWS,
    publicUrl,
    appEnv: c.APP_ENV,
    logLevel: c.LOG_LEVEL,
    jwtSecret: c.JWT_SECRET,
    accessTokenTtl: c.ACCESS_TOKEN_TTL,
    refreshTokenTtl: c.REFRESH_TOKEN_TTL,
    refreshGraceSeconds: c.REFRESH_GRACE_SECONDS,
    liveMaxStreamsPerSession: c.LIVE_MAX_STREAMS_PER_SESSION,
    liveMaxStreamsPerUser: c.LIVE_MAX_STREAMS_PER_USER,
    mail: { secretKey: c.MAIL_SECRET_KEY, localDomain: c.MAIL_LOCAL_DOMAIN, localSmtpPort: c.MAIL_LOCAL_SMTP_PORT },
    uPlatformSecret: c.U_PLATFORM_SECRET,
    seedDemo: c.SEED_DEMO ?? true,
    seedOnStart: c.SEED_ON_START ?? true,
    seed: { scale: c.SEED_SCALE, seed: c.SEED_NUMBER },
    webDist: c.WEB_DIST ? path.resolve(c.WEB_DIST) : undefined,
    sso: ssoConfig(c, publicUrl),
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    loginRatePerIp: c.LOGIN_RATE_PER_IP,
    loginLockAfter: c.LOGIN_LOCK_AFTER,
    loginLockMinutes: c.LOGIN_LOCK_MINUTES,
    jobs: c.JOBS ?? true,
    trafficSimulator: c.TRAFFIC_SIMULATOR ?? true,
    trafficRollupSeconds: c.TRAFFIC_ROLLUP_SECONDS,
    promotionUrl: c.PROMOTION_URL,
    webhookAllowedHosts: c.WEBHOOK_ALLOWED_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    /** S3-compatible file storage; undefined = files under FILES_DIR */
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          region: c.S3_REGION,
          endpoint: c.S3_ENDPOINT,
          forcePathStyle: c.S3_FORCE_PATH_STYLE ?? false,
          credentials:
            c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }
              : undefined,
          /** '' or ending with '/' */
          prefix: c.S3_PREFIX ? `${c.S3_PREFIX.replace(/\/+$/, '')}/` : '',
        }
      : undefined,
    web: { env: c.APP_ENV, subApps: prefixed('SUBAPP_'), externalLinks: prefixed('EXTERNAL_LINK_') },
  };
}

/** Environments where the embedded demo identity provider is on unless SSO_EMBEDDED says otherwise. */
export const EMBEDDED_SSO_ENVS = ['local', 'demo'];

/**
 * Single sign-on: the configured provider (SSO_ISSUER), else the embedded demo provider when
 * SSO_EMBEDDED (default: APP_ENV local or demo), else none — then only the password sign-in works.
 * See docs/decisions/0002-embedded-sso-provider.md.
 */
function ssoConfig(c: z.infer<typeof schema>, publicUrl: string) {
  if (c.SSO_ISSUER) {
    return {
      enabled: true as const,
      embedded: false as const,
      issuer: c.SSO_ISSUER,
      clientId: c.SSO_CLIENT_ID ?? '',
      clientSecret: c.SSO_CLIENT_SECRET ?? '',
    };
  }
  const embedded = c.SSO_EMBEDDED ?? EMBEDDED_SSO_ENVS.includes(c.APP_ENV);
  return {
    enabled: embedded,
    embedded,
    issuer: `${publicUrl}/sso-idp`,
    clientId: 'staff-portal',
    clientSecret: 'local-idp-secret',
  };
}

/**
 * Trusting every peer (true) would let any client choose its own address with X-Forwarded-For and
 * walk around the per-IP sign-in limit; so would trusting a whole private range, where other hosts
 * (or other tenants) may sit. By default only a proxy on this machine (loopback) counts; any other
 * proxy is named explicitly.
 */
function parseTrustProxy(raw: string): boolean | string {
  return raw === 'true' || raw === 'false' ? raw === 'true' : raw;
}
