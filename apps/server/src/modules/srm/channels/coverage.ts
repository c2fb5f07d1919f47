import { coverageResource } from '@portal/contracts/srm/channels';
import { sql } from 'drizzle-orm';
import { bindResource, localized } from '../../../platform/resource/index.js';
import { srmChannelNetworks } from './schema.js';

const channel = (column: string) =>
  sql`(select c.${sql.raw(column)} from srm_channels c where c.id = "srm_channel_networks"."channel_id")`;

/** `channel/info`: the coverage rows, read only (written through a channel's networks). */
export const coverage = bindResource(coverageResource, {
  table: srmChannelNetworks,
  search: { keyword: srmChannelNetworks.search },
  columns: {
    channelId: srmChannelNetworks.channelId,
    channelCode: channel('code'),
    channelName: channel('name'),
    product: channel('product'),
    state: channel('state'),
    mccmnc: srmChannelNetworks.mccmnc,
    country: srmChannelNetworks.country,
    operatorName: localized((locale) =>
      locale === 'en'
        ? sql`coalesce(${srmChannelNetworks.operatorNameEn}, ${srmChannelNetworks.operatorName})`
        : sql`${srmChannelNetworks.operatorName}`,
    ),
  },
});
