import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { entryResource } from './application.js';

/** the ledger kinds a top-up record list shows: money put on the account, or given back */
export const TOP_UP_KINDS = ['recharge', 'payment', 'hedge', 'gift', 'adjustment', 'refund'] as const;

const VOICE = '/financial/recharge-record/voice';
const voicePerm = (() => {
  const route = routeByPath(VOICE);
  if (!route) throw new Error(`finance: no route ${VOICE}`);
  return permOf(route);
})();

/**
 * `recharge-record/voice` (decision 0121): the platform records' list narrowed to the money that came
 * into voice accounts (accounts whose products include voice): recharges, payments received, hedges,
 * gifts, adjustments and refunds — not consumption, bills or write-offs. Same columns, filters and
 * export as `recharge-record/platform`, its own screen key.
 */
export const voiceEntryResource = defineResource({
  ...entryResource,
  fields: {
    ...entryResource.fields,
    // the kind filter offers only what the list can hold
    kind: {
      ...entryResource.fields.kind,
      options: entryResource.fields.kind.options.filter((o) => (TOP_UP_KINDS as readonly string[]).includes(o.value)),
    },
  },
  key: 'finance.entry.voice',
  title: label('语音充值记录', 'Voice top-up records'),
  api: '/v2/fc/entry/voice',
  routes: { list: VOICE },
  access: { list: voicePerm, owner: 'ownerId' },
  export: { fileName: label('语音充值记录', 'Voice top-up records') },
});
