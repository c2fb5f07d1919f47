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
    market: {
      country: 'Country',
      product: 'Product',
      products: { sms: 'SMS', voice: 'Voice', whatsapp: 'WhatsApp', email: 'E-mail' },
      tag: 'Tag',
      tags: { otp: 'OTP', marketing: 'Marketing', premium: 'Premium' },
      channels: 'Live channels',
      networks: 'Networks covered / all',
      capacity: 'Total capacity',
      registration: 'Sender id registration',
      yes: 'Yes',
      no: 'No',
      tier: 'Quality tier',
      unrated: 'Unrated',
      qualityNote:
        'Live channels only, without connection data or cost. The quality tier (A/B/C) comes from delivery rate and latency once traffic rollups carry the channel.',
    },
    recommend: {
      product: 'Product',
      products: { sms: 'SMS', whatsapp: 'WhatsApp' },
      country: 'Country',
      network: 'Network',
      networkHint: 'MCC+MNC, optional',
      account: 'Customer account',
      accountHint: 'Account code, optional',
      includeTesting: 'Include testing channels',
      search: 'Recommend',
      qualityNote:
        'Ranked by cost (the channel costs of quotation; over a whole country the dearest covered network). Traffic rollups have no channel dimension yet, so delivery quality is not part of the ranking.',
      priceOf: 'Price of account {{code}}: {{price}}',
      noAccount: 'No customer account chosen: no margin',
      channel: 'Channel',
      supplier: 'Supplier',
      state: 'State',
      states: { live: 'Live', testing: 'Testing' },
      capacity: 'Capacity',
      networks: 'Networks covered',
      cost: 'Cost',
      margin: 'Margin',
      marginPct: 'Margin %',
      tie: 'Tie',
      tieTag: 'Same cost',
      ties: {
        state: 'Same cost as the row above: live channels come before testing ones',
        capacity: 'Same cost as the row above: the larger capacity comes first',
        code: 'Same cost, state and capacity as the row above: ordered by channel code',
      },
    },
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
