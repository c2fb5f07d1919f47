import type { ChannelCostResult } from '@portal/contracts/srm/channels';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { portOf, type RatedCharge } from '../../../platform/ports.js';
import { srmChannelNetworks, srmChannels } from './schema.js';

/** A rating answer, or null when the price book has no row (or no conversion) for it. */
async function costOrNull(f: () => Promise<RatedCharge | null>): Promise<RatedCharge | null> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/**
 * `GET /v2/srm/channel/cost`: what the channel costs now per unit to each destination it covers —
 * each covered network (messaging) or dialled prefix (voice), as the rating port's `costFor` answers
 * from the channel's supplier quotes (quotation room). `SRM_CHANNEL_UNKNOWN` for an absent channel.
 */
export async function channelCostOf(db: Db, now: Date, channelId: number): Promise<ChannelCostResult> {
  const [c] = await db
    .select({ id: srmChannels.id, product: srmChannels.product, prefixes: srmChannels.prefixes })
    .from(srmChannels)
    .where(eq(srmChannels.id, channelId));
  if (!c) throw new AppError('SRM_CHANNEL_UNKNOWN', { vars: { value: String(channelId) } });
  const rating = portOf(db, 'rating');
  const at = now.toISOString();
  if (!rating) return { at, available: false, rows: [] };
  const networks = await db
    .select({
      mccmnc: srmChannelNetworks.mccmnc,
      country: srmChannelNetworks.country,
      operatorName: srmChannelNetworks.operatorName,
    })
    .from(srmChannelNetworks)
    .where(eq(srmChannelNetworks.channelId, c.id))
    .orderBy(asc(srmChannelNetworks.country), asc(srmChannelNetworks.mccmnc));
  const ask = (destination: { country?: string; network?: string; number?: string }) =>
    costOrNull(() => rating.costFor({ channelId: c.id, product: c.product, destination, at: now, units: 1 }));
  const rows: ChannelCostResult['rows'] = [];
  for (const n of networks) {
    const r = await ask({ network: n.mccmnc, ...(n.country ? { country: n.country } : {}) });
    rows.push({
      network: n.mccmnc,
      prefix: null,
      country: n.country,
      operatorName: n.operatorName,
      unitPrice: r?.unitPrice ?? null,
      currency: r?.currency ?? null,
    });
  }
  for (const prefix of c.prefixes) {
    const r = await ask({ number: prefix });
    rows.push({
      network: null,
      prefix,
      country: null,
      operatorName: null,
      unitPrice: r?.unitPrice ?? null,
      currency: r?.currency ?? null,
    });
  }
  return { at, available: true, rows };
}
