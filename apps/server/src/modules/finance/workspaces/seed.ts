import { WORKSPACE_KEY_PREFIX_LENGTH, WORKSPACE_KEY_SCHEME } from '@portal/contracts/finance';
import { asc, eq, sql } from 'drizzle-orm';
import { sha256 } from '../../../platform/auth/crypto.js';
import { rowsOf } from '../../../platform/db/index.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import type { Rng } from '../../../platform/seed/rng.js';
import { userIdOf } from '../process.js';
import { finAccounts } from '../schema.js';
import { finWorkspaceKeys, finWorkspaces, workspaceCodeSeq } from './schema.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const NAMES = ['生产环境', '测试环境', '营销通知', '验证码', 'Production', 'Staging', 'OTP', 'Marketing'];
const KEY_NAMES = ['主密钥', '备用密钥', 'CI 部署', 'backend', 'billing-sync'];
const ALLOW = ['203.0.113.0/24', '198.51.100.7', '2001:db8:1234::/48', '192.0.2.10', '10.20.0.0/16'];

/** a secret made from the seed's stream: only its hash and prefix are kept, as for a real one */
const seededSecret = (rng: Rng) =>
  `${WORKSPACE_KEY_SCHEME}${Array.from({ length: 32 }, () => ALPHABET[rng.int(0, ALPHABET.length - 1)]).join('')}`;

/**
 * Demo workspaces (decision 0116): for every third open account, one or two workspaces (one of a few
 * suspended), each with keys — active ones (some with an allow-list), a rotated one still in its
 * grace, a revoked one. The secrets come from a forked stream and are dropped: only hashes are kept.
 * Idempotent: nothing when any workspace exists.
 */
export async function seedWorkspaces(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const [have] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from fin_workspaces`));
  if ((have?.n ?? 0) > 0) return;
  const rng = ctx.rng;
  const finance = (await userIdOf(db, 'finance01')) ?? (await userIdOf(db, 'admin')) ?? null;
  const accounts = await db
    .select({ id: finAccounts.id })
    .from(finAccounts)
    .where(eq(finAccounts.state, 'active'))
    .orderBy(asc(finAccounts.id))
    .limit(ctx.count({ demo: 90, bench: 150, large: 3_000 }));
  const now = Date.now();
  let n = 0;
  for (const [i, acc] of accounts.entries()) {
    if (i % 3 !== 0) continue;
    for (let w = 0; w < rng.int(1, 2); w++) {
      n++;
      const created = new Date(now - rng.int(10, 200) * DAY);
      const [{ n: code }] = rowsOf<{ n: string }>(
        await db.execute(sql`select nextval(${workspaceCodeSeq.seqName})::text as n`),
      ) as [{ n: string }];
      const suspended = n % 9 === 0;
      const [ws] = await db
        .insert(finWorkspaces)
        .values({
          code: `WS${code}`,
          name: rng.pick(NAMES),
          accountId: acc.id,
          state: suspended ? 'suspended' : 'active',
          suspendReason: suspended ? '客户要求暂停 / Paused at the customer’s request' : null,
          createdBy: finance,
          createdAt: created,
        })
        .returning({ id: finWorkspaces.id });
      const keys = rng.int(1, 3);
      let rotatedId: number | undefined;
      for (let k = 0; k < keys; k++) {
        const secret = seededSecret(rng);
        // each key after the workspace and the one before it, all in the past (a revoked one a day later)
        const at = new Date(Math.min(created.getTime() + (k + 1) * rng.int(1, 20) * DAY, now - (keys - k) * 2 * DAY));
        // the last key is the live one; an earlier one was rotated (still in its grace) or revoked
        const last = k === keys - 1;
        const rotated = !last && k === keys - 2 && rng.next() < 0.6;
        const [row] = await db
          .insert(finWorkspaceKeys)
          .values({
            workspaceId: ws!.id,
            name: rng.pick(KEY_NAMES),
            prefix: secret.slice(0, WORKSPACE_KEY_PREFIX_LENGTH),
            hash: sha256(secret),
            state: last ? 'active' : rotated ? 'rotated' : 'revoked',
            allowIps:
              rng.next() < 0.5
                ? [rng.pick(ALLOW), rng.pick(ALLOW)].filter((v, j, a) => a.indexOf(v) === j).join('\n')
                : null,
            expiresAt: rotated ? new Date(now + rng.int(2, 72) * HOUR) : null,
            revokedAt: !last && !rotated ? new Date(at.getTime() + DAY) : null,
            rotatedFrom: last ? (rotatedId ?? null) : null,
            lastUsedAt: last || rotated ? new Date(now - rng.int(1, 600) * 60_000) : null,
            lastUsedIp: last || rotated ? '203.0.113.25' : null,
            createdBy: finance,
            createdAt: at,
          })
          .returning({ id: finWorkspaceKeys.id });
        if (rotated) rotatedId = row!.id;
      }
    }
  }
  ctx.log?.info?.({ workspaces: n }, 'finance workspaces seeded');
}
