import { ChannelPerm } from '@portal/contracts/srm/channels';
import { TrafficPerm } from '@portal/contracts/traffic';
import { optionsOf } from '../../../platform/options/registry.js';
import { tableOptions } from '../../../platform/options/table-options.js';
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
  optionsOf(p).register(
    'channel',
    tableOptions(
      p,
      { table: srmChannels, ...srmChannels },
      {
        scope: (auth) => (READERS.some((k) => auth.perms.has(k)) ? undefined : null),
      },
    ),
  );
}
