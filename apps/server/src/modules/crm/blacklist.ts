import type { Locale } from '@portal/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import { appendRecordEvents } from '../../platform/history/service.js';
import { AppError } from '../../platform/http/errors.js';
import { publishRecordChanged } from '../../platform/live/record-changes.js';
import { poolPage } from '../../platform/ownership/queries.js';
import type { Platform } from '../../platform/platform.js';
import type { Values } from '../../platform/resource/bind.js';
import { customerOwners } from './pool/ownership.js';
import { crmCustomers } from './schema.js';

/**
 * The blacklist: customers in state `blacklist`, for every holder of the blacklist key whatever
 * the owner (a blacklisted customer has none). The pool page's query over the other state.
 */
export function blacklistPage(p: Platform, auth: AuthContext, q: Values, locale?: Locale) {
  const ob = customerOwners;
  return poolPage(p, { ...ob, opts: { ...ob.opts, poolState: 'blacklist' } }, auth, q, locale);
}

/** Takes customers off the blacklist, all or none: they go to the open sea with the reason. */
export async function removeFromBlacklist(p: Platform, auth: AuthContext, ids: readonly number[], reason: string) {
  const unique = [...new Set(ids)];
  await p.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: crmCustomers.id,
        code: crmCustomers.code,
        state: crmCustomers.state,
        version: crmCustomers.version,
      })
      .from(crmCustomers)
      .where(inArray(crmCustomers.id, unique))
      .orderBy(asc(crmCustomers.id))
      .for('update');
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND');
    const now = p.clock.now();
    for (const r of rows) {
      if (r.state !== 'blacklist') throw new AppError('CRM_NOT_BLACKLISTED', { vars: { value: r.code } });
      await tx
        .update(crmCustomers)
        .set({ state: 'open_sea', blacklistReason: null, updatedAt: now, version: r.version + 1 })
        .where(eq(crmCustomers.id, r.id));
    }
    await appendRecordEvents(
      tx,
      rows.map((r) => ({
        entity: 'crm.customer',
        recordId: r.id,
        actorId: auth.userId,
        kind: 'state' as const,
        changes: [{ field: 'state', from: 'blacklist', to: 'open_sea' }],
        body: reason,
        data: { blacklist: 'removed' },
      })),
      now,
    );
  });
  for (const id of unique) await publishRecordChanged(p.bus, 'crm.customer', id);
  return { ids: unique };
}
