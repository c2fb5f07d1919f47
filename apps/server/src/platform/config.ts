import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
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
  SEED_DEMO: bool,
  WEB_DIST: z.string().optional(),
  SSO_ISSUER: z.string().url().optional(),
  SSO_CLIENT_ID: z.string().optional(),
  SSO_CLIENT_SECRET: z.string().optional(),
  /** which peers may set X-Forwarded-For/-Proto/-Host: true, false, or addresses/CIDRs/named ranges */
  TRUST_PROXY: z.string().trim().min(1).default('loopback,linklocal,uniquelocal'),
  LOGIN_RATE_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_LOCK_AFTER: z.coerce.number().int().min(1).default(10),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  JOBS: bool,
  PROMOTION_URL: z.string().url().optional(),
});

export type Config = ReturnType<typeof loadConfig>;

/** Reads the environment once; every setting is documented in the README. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // an empty variable means "not set" (VAR= in a shell or an env file)
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(set);
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
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    publicUrl,
    appEnv: c.APP_ENV,
    logLevel: c.LOG_LEVEL,
    jwtSecret: c.JWT_SECRET,
    accessTokenTtl: c.ACCESS_TOKEN_TTL,
    refreshTokenTtl: c.REFRESH_TOKEN_TTL,
    seedDemo: c.SEED_DEMO ?? true,
    webDist: c.WEB_DIST ? path.resolve(c.WEB_DIST) : undefined,
    sso: c.SSO_ISSUER
      ? {
          embedded: false as const,
          issuer: c.SSO_ISSUER,
          clientId: c.SSO_CLIENT_ID ?? '',
          clientSecret: c.SSO_CLIENT_SECRET ?? '',
        }
      : {
          embedded: true as const,
          issuer: `${publicUrl}/sso-idp`,
          clientId: 'staff-portal',
          clientSecret: 'local-idp-secret',
        },
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    loginRatePerIp: c.LOGIN_RATE_PER_IP,
    loginLockAfter: c.LOGIN_LOCK_AFTER,
    loginLockMinutes: c.LOGIN_LOCK_MINUTES,
    jobs: c.JOBS ?? true,
    promotionUrl: c.PROMOTION_URL,
    web: { env: c.APP_ENV, subApps: prefixed('SUBAPP_'), externalLinks: prefixed('EXTERNAL_LINK_') },
  };
}

/**
 * Trusting every peer (true) would let any client choose its own address with X-Forwarded-For and
 * walk around the per-IP sign-in limit; by default only proxies on loopback and private networks count.
 */
function parseTrustProxy(raw: string): boolean | string {
  return raw === 'true' || raw === 'false' ? raw === 'true' : raw;
}
