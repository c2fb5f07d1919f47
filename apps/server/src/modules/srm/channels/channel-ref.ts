import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { portOf } from '../../../platform/ports.js';
import { customerRef } from '../../crm/index.js';
import { srmChannelNetworks, srmChannels } from './schema.js';

/** A channel others point at (sender ids, route bindings): it exists and is not closed. */
export async function usableChannel(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: srmChannels.id, code: srmChannels.code, state: srmChannels.state, product: srmChannels.product })
    .from(srmChannels)
    .where(eq(srmChannels.id, id));
  if (!row) throw new AppError('SRM_CHANNEL_UNKNOWN', { vars: { value: id } });
  if (row.state === 'closed') throw new AppError('SRM_CHANNEL_CLOSED', { vars: { value: row.code } });
  return row;
}

/** The networks a channel covers, with their countries. */
export const coveredNetworks = (tx: Tx, channelId: number) =>
  tx
    .select({ mccmnc: srmChannelNetworks.mccmnc, country: srmChannelNetworks.country })
    .from(srmChannelNetworks)
    .where(eq(srmChannelNetworks.channelId, channelId));

/** The channel's name for a row whose channel id is `column`. */
export const channelNameSql = (column: string) => `(select c.name from srm_channels c where c.id = ${column})`;

/** The customer a binding, registration or gateway names exists (asked of the crm room). */
export async function knownCustomer(tx: Tx, id: number) {
  if (!(await customerRef(tx, id))) throw new AppError('SRM_CUSTOMER_UNKNOWN', { vars: { value: id } });
}

/**
 * A customer's consumer account by its code, through the accounts port (finance keeps accounts),
 * or SRM_ACCOUNT_UNKNOWN. `db` may be the caller's transaction (PGlite has one connection).
 */
export async function accountByCode(db: Db | Tx, code: string) {
  const found = (await portOf(db as Db, 'accounts')?.byCodes([code]))?.get(code);
  if (!found) throw new AppError('SRM_ACCOUNT_UNKNOWN', { vars: { value: code } });
  return found;
}
