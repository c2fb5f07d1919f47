import { randomUUID } from 'node:crypto';
import { CAPTCHA_AFTER_FAILURES, CLIENT_ID, OAUTH_SCOPE, TOKEN_HEAD, type TokenResponse } from '@portal/contracts';
import { and, eq, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { staffUsers } from '../access/schema.js';
import type { Clock } from '../clock.js';
import type { Db, DbOrTx } from '../db/index.js';
import type { EventBus } from '../events/bus.js';
import { Topics } from '../events/topics.js';
import { AppError } from '../http/errors.js';
import { consumeCaptcha } from './captcha.js';
import { hmacSha256, opaqueToken, sha256 } from './crypto.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import { authSessions, loginAttempts, refreshTokens } from './schema.js';
import type { SessionCache } from './sessions.js';
import type { AccessTokens } from './tokens.js';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  /** this process's cache of live sessions: dropped at once on revocation (events reach it only later) */
  sessions: SessionCache;
  tokens: AccessTokens;
  refreshTtlSeconds: number;
  /**
   * How long a just-rotated refresh token may be presented ONE more time and answer the same
   * successor (the answer of the first call was lost, e.g. the page reloaded mid-refresh).
   */
  refreshGraceSeconds: number;
  /** server secret the successor of a refresh token is derived with (never leaves the server) */
  refreshKey: string;
  lockAfter: number;
  lockMinutes: number;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export function checkClient(clientId: string, scope: string) {
  if (clientId !== CLIENT_ID || scope !== OAUTH_SCOPE) throw new AppError('BAD_CLIENT');
}

async function attemptsOf(db: Db, username: string) {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.username, username));
  return row ?? { username, failures: 0, lockedUntil: null };
}

export async function captchaRequired(db: Db, username: string): Promise<boolean> {
  return (await attemptsOf(db, username.trim().toLowerCase())).failures >= CAPTCHA_AFTER_FAILURES;
}

type AttemptDeps = Pick<AuthDeps, 'db' | 'clock' | 'lockAfter' | 'lockMinutes'>;

/**
 * Counts an attempt BEFORE the password is checked, in one statement: the row lock of the upsert
 * makes check and increment atomic, so a burst of parallel guesses cannot all read "2 failures, no
 * captcha yet" (or "not locked") and all go through. Answers the new count, or undefined when the
 * account is locked or (without `captchaSolved`) a captcha is due. A success deletes the row.
 */
async function claimAttempt(deps: AttemptDeps, username: string, captchaSolved: boolean) {
  const now = deps.clock.now();
  const lockUntil = new Date(now.getTime() + deps.lockMinutes * 60_000);
  const [row] = await deps.db
    .insert(loginAttempts)
    .values({ username, failures: 1, lockedUntil: deps.lockAfter <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: loginAttempts.username,
      set: {
        failures: sql`${loginAttempts.failures} + 1`,
        updatedAt: now,
        lockedUntil: sql`case when ${loginAttempts.failures} + 1 >= ${deps.lockAfter} then ${lockUntil.toISOString()}::timestamptz else null end`,
      },
      setWhere: and(
        or(isNull(loginAttempts.lockedUntil), lte(loginAttempts.lockedUntil, now)),
        captchaSolved ? undefined : lt(loginAttempts.failures, CAPTCHA_AFTER_FAILURES),
      ),
    })
    .returning({ failures: loginAttempts.failures });
  return row?.failures;
}

/** What a password is checked against: a staff user, or (embedded SSO provider) a workplace-only identity. */
export interface PasswordHolder {
  passwordHash: string;
}

/**
 * The one password check of every sign-in form (the password grant and the embedded SSO
 * provider's page): lock-out, captcha, then argon2 against what `find` answers for the
 * normalised username. Lock-out and captcha come before the (memory-hungry) argon2 verify; the
 * per-IP rate limit sits in front of each route. Throws ACCOUNT_LOCKED, CAPTCHA_REQUIRED,
 * CAPTCHA_WRONG or BAD_CREDENTIALS; answers the holder whose password matched.
 */
export async function checkPassword<T extends PasswordHolder>(
  deps: AttemptDeps,
  input: PasswordSignIn,
  find: (username: string) => Promise<T | undefined>,
): Promise<T> {
  const username = input.username.trim().toLowerCase();
  let failures = await claimAttempt(deps, username, false);
  if (failures === undefined) {
    const attempts = await attemptsOf(deps.db, username);
    if (attempts.lockedUntil && attempts.lockedUntil > deps.clock.now()) throw new AppError('ACCOUNT_LOCKED');
    if (!input.code || !input.uuid) throw new AppError('CAPTCHA_REQUIRED', { data: { captchaRequired: true } });
    if (!(await consumeCaptcha(deps.db, deps.clock, input.uuid, input.code))) {
      throw new AppError('CAPTCHA_WRONG', { data: { captchaRequired: true } });
    }
    failures = await claimAttempt(deps, username, true);
    if (failures === undefined) throw new AppError('ACCOUNT_LOCKED');
  }
  const holder = await find(username);
  const valid = await verifyPassword(holder?.passwordHash ?? (await dummyHash()), input.password);
  if (!holder || !valid) {
    if (failures >= deps.lockAfter) throw new AppError('ACCOUNT_LOCKED');
    throw new AppError('BAD_CREDENTIALS', { data: { captchaRequired: failures >= CAPTCHA_AFTER_FAILURES } });
  }
  await deps.db.delete(loginAttempts).where(eq(loginAttempts.username, username));
  return holder;
}

/** Creates a session and its first refresh token; answers the token payload of spec section 3. */
export async function openSession(
  deps: AuthDeps,
  userId: number,
  method: 'password' | 'sso',
  client: ClientInfo,
): Promise<TokenResponse> {
  const sessionId = randomUUID();
  const refresh = opaqueToken();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(authSessions)
      .values({ id: sessionId, userId, method, ip: client.ip, userAgent: client.userAgent?.slice(0, 300) });
    await insertRefresh(tx, deps, sessionId, refresh);
  });
  return tokenPayload(deps, userId, sessionId, refresh);
}

/**
 * The refresh token that replaces `presented`. Derived (HMAC with a server secret) rather than
 * random, so that a retry inside the grace window can answer the very same successor without the
 * server keeping any token in clear: only its hash is stored, and only the holder of `presented`
 * can ask for it.
 */
const successorOf = (deps: AuthDeps, presented: string) =>
  Buffer.from(hmacSha256(deps.refreshKey, `refresh-successor:${presented}`), 'hex').toString('base64url');

async function insertRefresh(tx: DbOrTx, deps: AuthDeps, sessionId: string, token: string) {
  await tx.insert(refreshTokens).values({
    id: randomUUID(),
    sessionId,
    tokenHash: sha256(token),
    expiresAt: new Date(deps.clock.now().getTime() + deps.refreshTtlSeconds * 1000),
  });
}

async function tokenPayload(
  deps: AuthDeps,
  userId: number,
  sessionId: string,
  refreshToken: string,
): Promise<TokenResponse> {
  return {
    tokenHead: TOKEN_HEAD,
    token: await deps.tokens.sign({ userId, sessionId }),
    expiresIn: deps.tokens.ttlSeconds,
    refreshToken,
  };
}

export interface PasswordSignIn {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
}

/** Password sign-in: the shared password check against the staff users, then a session. */
export async function signInWithPassword(
  deps: AuthDeps,
  input: PasswordSignIn,
  client: ClientInfo,
): Promise<{ tokens: TokenResponse; user: { id: number; username: string } }> {
  const user = await checkPassword(deps, input, async (username) => {
    const [row] = await deps.db.select().from(staffUsers).where(sql`lower(${staffUsers.username}) = ${username}`);
    return row;
  });
  if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  const tokens = await openSession(deps, user.id, 'password', client);
  return { tokens, user: { id: user.id, username: user.username } };
}

/**
 * Refresh tokens are single use and rotate. Presenting one that was already used means it was
 * stolen or replayed: the whole family (the session) is revoked, with one exception for a lost
 * answer. Within `refreshGraceSeconds` of its rotation, a used token may be presented ONCE more
 * while its successor is still unused: that retry answers the same successor (and a fresh access
 * token of the same session). A second replay, a replay after the successor was used, or one after
 * the window revokes the family as before. Rows are locked, so concurrent calls with one token
 * serialize: the first rotates, the second is the retry, any further one revokes.
 */
export async function refreshSession(deps: AuthDeps, presented: string): Promise<TokenResponse> {
  const hash = sha256(presented);
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).for('update');
    if (!row) return { kind: 'invalid' as const };
    const [session] = await tx.select().from(authSessions).where(eq(authSessions.id, row.sessionId)).for('update');
    if (!session || session.revokedAt) return { kind: 'invalid' as const };
    const now = deps.clock.now();
    const next = successorOf(deps, presented);
    if (row.usedAt) {
      const inGrace = !row.replayedAt && now.getTime() - row.usedAt.getTime() < deps.refreshGraceSeconds * 1000;
      if (inGrace) {
        const [successor] = await tx
          .select()
          .from(refreshTokens)
          .where(and(eq(refreshTokens.tokenHash, sha256(next)), eq(refreshTokens.sessionId, session.id)))
          .for('update');
        if (successor && !successor.usedAt && successor.expiresAt > now) {
          await tx.update(refreshTokens).set({ replayedAt: now }).where(eq(refreshTokens.id, row.id));
          return { kind: 'ok' as const, userId: session.userId, sessionId: session.id, next };
        }
      }
      await tx
        .update(authSessions)
        .set({ revokedAt: now, revokedReason: 'refresh_token_reuse' })
        .where(eq(authSessions.id, session.id));
      return { kind: 'reused' as const, sessionId: session.id };
    }
    if (row.expiresAt < now) return { kind: 'invalid' as const };
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    await insertRefresh(tx, deps, session.id, next);
    return { kind: 'ok' as const, userId: session.userId, sessionId: session.id, next };
  });
  if (outcome.kind === 'reused') await announceRevoked(deps, [outcome.sessionId]);
  if (outcome.kind !== 'ok') throw new AppError('TOKEN_INVALID');
  const [user] = await deps.db
    .select({ status: staffUsers.status })
    .from(staffUsers)
    .where(eq(staffUsers.id, outcome.userId));
  if (user?.status !== 'active') throw new AppError('TOKEN_INVALID');
  return tokenPayload(deps, outcome.userId, outcome.sessionId, outcome.next);
}

export async function revokeSession(deps: AuthDeps, sessionId: string, reason: string): Promise<void> {
  await deps.db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  await announceRevoked(deps, [sessionId]);
}

/**
 * Revoked sessions stop working at once in this process (the notification comes back only after a
 * round trip on PostgreSQL); every other process drops them when the event arrives.
 */
async function announceRevoked(deps: Pick<AuthDeps, 'bus' | 'sessions'>, sessionIds: string[]): Promise<void> {
  for (const id of sessionIds) deps.sessions.drop(id);
  for (const id of sessionIds) await deps.bus.publish(Topics.SESSION_REVOKED, id);
}

export function passwordIsStrong(password: string, username: string): boolean {
  return password.length >= 8 && password.length <= 128 && password.toLowerCase() !== username.toLowerCase();
}

/** Changing the password signs every other session of the user out. */
export async function changePassword(
  deps: AuthDeps,
  auth: { userId: number; username: string; sessionId: string },
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const [user] = await deps.db.select().from(staffUsers).where(eq(staffUsers.id, auth.userId));
  if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) throw new AppError('OLD_PASSWORD_WRONG');
  if (!passwordIsStrong(newPassword, user.username)) throw new AppError('PASSWORD_WEAK');
  const passwordHash = await hashPassword(newPassword);
  const revoked = await deps.db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(staffUsers.id, user.id));
    return tx
      .update(authSessions)
      .set({ revokedAt: new Date(), revokedReason: 'password_changed' })
      .where(and(eq(authSessions.userId, user.id), ne(authSessions.id, auth.sessionId), isNull(authSessions.revokedAt)))
      .returning({ id: authSessions.id });
  });
  await announceRevoked(
    deps,
    revoked.map((s) => s.id),
  );
}

/** Signs a user out of every session (disabled account, admin action). */
export async function revokeUserSessions(
  deps: Pick<AuthDeps, 'db' | 'bus' | 'sessions'>,
  userId: number,
  reason: string,
): Promise<void> {
  const revoked = await deps.db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  await announceRevoked(
    deps,
    revoked.map((s) => s.id),
  );
}
