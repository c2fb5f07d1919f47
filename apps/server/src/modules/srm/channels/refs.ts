import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/index.js';
import { srmChannelNetworks, srmChannels } from './schema.js';

export interface ChannelRef {
  id: number;
  code: string;
  name: string;
  product: string;
  state: string;
  /** networks (messaging) covered */
  networks: string[];
  /** prefixes (voice) covered */
  prefixes: string[];
}

/**
 * Channels as other rooms see them (quotation's cost books, the rate simulator): code, name,
 * product, state and coverage; every channel when `ids` is absent.
 */
export async function channelRefs(db: DbOrTx, ids?: number[]): Promise<ChannelRef[]> {
  if (ids && !ids.length) return [];
  const rows = await db
    .select({
      id: srmChannels.id,
      code: srmChannels.code,
      name: srmChannels.name,
      product: srmChannels.product,
      state: srmChannels.state,
      prefixes: srmChannels.prefixes,
    })
    .from(srmChannels)
    .where(ids ? inArray(srmChannels.id, ids) : undefined)
    .orderBy(asc(srmChannels.id));
  if (!rows.length) return [];
  const nets = await db
    .select({ channelId: srmChannelNetworks.channelId, mccmnc: srmChannelNetworks.mccmnc })
    .from(srmChannelNetworks)
    .where(
      inArray(
        srmChannelNetworks.channelId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    ...r,
    prefixes: r.prefixes ?? [],
    networks: nets.filter((n) => n.channelId === r.id).map((n) => n.mccmnc),
  }));
}
