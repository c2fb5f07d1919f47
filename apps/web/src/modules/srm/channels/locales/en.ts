import type { Messages } from '../../../../platform/locales/types';
import type { zhCN } from './zh-CN';

/** Texts of the channel screens in English. */
export const en: Messages<typeof zhCN> = {
  srmChannel: {
    waitsTraffic:
      'Quality figures (delivery rate, average delivery time; ASR, ACD, PDD for voice) come from traffic rollups; they appear here once the traffic room exists.',
    waitsQuotation: 'The current cost comes from supplier quotations; it appears here once the quotation room exists.',
    qualityCost: 'Quality and cost: available once traffic and quotation exist; no figures are shown until then.',
    onlineWaits:
      'Which gateways are up and their load come from live traffic; they appear here once the traffic room exists. The configured gateways are listed below.',
    lookup: {
      placeholder: 'A number with its country code (+65 9123 4567) or an MCC/MNC (52501)',
      search: 'Look up',
      country: 'Country',
      numberType: 'Number type',
      e164: 'E.164',
      networks: 'Networks',
      channels: 'Channels covering it',
      none: 'No channel covers this destination',
      covered: 'Networks covered',
      numberNote:
        'A number alone does not tell its network (that needs a portability look-up): all networks of the country are listed.',
    },
    resolve: {
      title: 'Route in force',
      customerId: 'Customer id',
      network: 'Network',
      at: 'Time',
      ask: 'Show the route',
      level: { network: 'Bound by network', country: 'Bound by country', none: 'No route in force' },
      share: 'Share',
      priority: 'Priority',
      channel: 'Channel',
      window: 'Window',
      effective: 'Effective',
    },
  },
};
