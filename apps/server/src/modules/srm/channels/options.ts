import { ChannelPerm } from '@portal/contracts/srm/channels';
import { TrafficPerm } from '@portal/contracts/traffic';
import { asc, inArray, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/context.js';
import { searchMatch } from '../../../platform/db/search.js';
import { optionsOf } from '../../../platform/options/registry.js';
import type { Platform } from '../../../platform/platform.js';
import { srmChannels } from './schema.js';

/**
 * Who picks a channel by name: the channel screens' readers and the traffic screens that filter or
 * resend by channel (records, call records, submission queues, auto-recall). A channel has no owner
 * to scope it by, so they see every channel and anyone else none.
 */
const READERS = [
  ChannelPerm.CHANNELS,
  TrafficPerm.SMS_RECORDS,
  TrafficPerm.SIP_RECORDS,
  TrafficPerm.API_QUEUES,
  TrafficPerm.AUTO_RECALL,
];

/** Supplier channels for the record pickers: a keyword matches the search text (name, code). */
export function registerChannelOptions(p: Platform) {
  const read = async (auth: AuthContext, where: SQL | undefined, limit?: number) => {
    if (!READERS.some((k) => auth.perms.has(k))) return [];
    const q = p.db
      .select({ id: srmChannels.id, code: srmChannels.code, name: srmChannels.name })
      .from(srmChannels)
      .where(where)
      .orderBy(asc(srmChannels.id));
    return limit ? q.limit(limit) : q;
  };
  optionsOf(p).register('channel', {
    search: (auth, keyword, limit) => read(auth, keyword ? searchMatch(srmChannels.search, keyword) : undefined, limit),
    byIds: (auth, ids) => read(auth, inArray(srmChannels.id, ids)),
  });
}
