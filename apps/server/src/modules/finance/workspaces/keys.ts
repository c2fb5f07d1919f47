import { randomBytes } from 'node:crypto';
import { BlockList, isIPv6 } from 'node:net';
import {
  splitAllowList,
  WORKSPACE_KEY_PREFIX_LENGTH,
  WORKSPACE_KEY_SCHEME,
  type WorkspaceKeyIssued,
  type WorkspaceKeyVerified,
} from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import { sha256 } from '../../../platform/auth/crypto.js';
import type { DbOrTx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { finAccounts } from '../schema.js';
import { finWorkspaceKeys, finWorkspaces } from './schema.js';

/** A new secret: the scheme and 192 random bits (base64url), its visible prefix and its SHA-256. */
export function newWorkspaceSecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${WORKSPACE_KEY_SCHEME}${randomBytes(24).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, WORKSPACE_KEY_PREFIX_LENGTH), hash: sha256(secret) };
}

/** The allow-list as stored: one entry per line, each once, in the order typed; none for empty. */
export const normalAllowList = (text: string | null | undefined): string | null => {
  const entries = [...new Set(splitAllowList(text))];
  return entries.length ? entries.join('\n') : null;
};

/** Whether `ip` is on the allow-list (addresses and CIDR ranges, IPv4 and IPv6); an empty list allows any. */
export function ipAllowed(allowIps: string | null | undefined, ip: string): boolean {
  const entries = splitAllowList(allowIps);
  if (!entries.length) return true;
  const list = new BlockList();
  for (const e of entries) {
    const [addr, bits] = e.split('/') as [string, string | undefined];
    const type = isIPv6(addr) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return list.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4');
}

/** Inserts a new active key of a workspace; answers its id and the secret (never stored). */
export async function insertWorkspaceKey(
  tx: DbOrTx,
  v: {
    workspaceId: number;
    name: string;
    allowIps: string | null;
    createdBy: number | null;
    at: Date;
    rotatedFrom?: number;
  },
): Promise<WorkspaceKeyIssued> {
  const { secret, prefix, hash } = newWorkspaceSecret();
  const [row] = await tx
    .insert(finWorkspaceKeys)
    .values({ ...v, prefix, hash, state: 'active', createdAt: v.at })
    .returning({ id: finWorkspaceKeys.id });
  return { id: row!.id, prefix, secret };
}

/**
 * The messaging platform's check of a presented key (decision 0116): found by its SHA-256, then
 * refused when revoked, past its expiry (a rotated key after its grace), its workspace suspended,
 * or the caller's IP not on its allow-list — each a catalogue refusal. A good key's last use (time,
 * IP) is written, without touching its version (an open edit form does not conflict).
 */
export async function verifyWorkspaceKey(
  db: DbOrTx,
  secret: string,
  ip: string,
  now: Date = new Date(),
): Promise<WorkspaceKeyVerified> {
  const [hit] = await db
    .select({
      id: finWorkspaceKeys.id,
      prefix: finWorkspaceKeys.prefix,
      state: finWorkspaceKeys.state,
      expiresAt: finWorkspaceKeys.expiresAt,
      allowIps: finWorkspaceKeys.allowIps,
      workspaceId: finWorkspaces.id,
      workspaceCode: finWorkspaces.code,
      workspaceState: finWorkspaces.state,
      accountId: finWorkspaces.accountId,
      accountCode: finAccounts.code,
    })
    .from(finWorkspaceKeys)
    .innerJoin(finWorkspaces, eq(finWorkspaces.id, finWorkspaceKeys.workspaceId))
    .innerJoin(finAccounts, eq(finAccounts.id, finWorkspaces.accountId))
    .where(eq(finWorkspaceKeys.hash, sha256(secret)));
  if (!hit) throw new AppError('FIN_KEY_UNKNOWN');
  if (hit.state === 'revoked') throw new AppError('FIN_KEY_REVOKED', { vars: { value: hit.prefix } });
  if (hit.expiresAt && hit.expiresAt.getTime() <= now.getTime())
    throw new AppError('FIN_KEY_EXPIRED', { vars: { value: hit.prefix } });
  if (hit.workspaceState !== 'active')
    throw new AppError('FIN_WORKSPACE_SUSPENDED', { vars: { value: hit.workspaceCode } });
  if (!ipAllowed(hit.allowIps, ip)) throw new AppError('FIN_KEY_IP_DENIED', { vars: { value: ip } });
  await db
    .update(finWorkspaceKeys)
    .set({ lastUsedAt: now, lastUsedIp: ip })
    .where(sql`${finWorkspaceKeys.id} = ${hit.id}`);
  return {
    keyId: hit.id,
    prefix: hit.prefix,
    workspaceId: hit.workspaceId,
    workspaceCode: hit.workspaceCode,
    accountId: hit.accountId,
    accountCode: hit.accountCode,
  };
}
