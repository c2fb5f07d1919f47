import type { Messages } from '../../../platform/locales/types';
import { crmDataEn } from './data.en';
import type { zhCN } from './zh-CN';

/** Texts of the CRM module in English. */
export const en: Messages<typeof zhCN> = {
  crmCustomer: {
    duplicates: 'Possible duplicates',
    duplicatesNone: 'No duplicate customers found',
    blocked: 'Matches a blacklisted customer: it cannot be created',
    reason: { alias: 'same alias', name: 'similar name', domain: 'same e-mail domain', phone: 'same phone' },
    owner: 'Owner: {{name}}',
    noOwner: 'No owner',
    none: 'No records',
  },
  crmData: crmDataEn,
  crmPool: {
    neverReturns: 'Stays',
    dueNow: 'Returning now',
    daysLeft: '{{count}}d left',
    daysSince: '{{count}}d ago',
    retentionHelp:
      'A private customer goes back to the open sea after the days without a follow-up, or the days owned without a deal; its owner hears of it the notice days before. 0 days turns a condition off; locked and dealt customers never return. Levels without a rule of their own use the rule for every level.',
    levelHelp:
      'Limits on claims from the open sea: a user’s own rule first, then their department’s, then the company’s. Empty means no limit. Open-sea administrators claim without limits; distributions and transfers are not limited.',
    churnHelp:
      "Evaluated every night from the daily traffic figures: a dealt private customer whose paid traffic over the last N days fell by the per cent against the N days before is flagged as churning (shown in its history) and its owner told; with 'Also return to the open sea' it returns. A customer is flagged at most once per window; levels without a rule of their own use the 'all levels' rule.",
    bukaHelp:
      'Buka (补卡) allow list: sales staff on it may take back their own customers returned to the open sea at once, without the previous owner’s cool-down; the other claim rules (limits, daily cap, embargo) still apply.',
  },
  crmFlows: {
    customer: 'Customer',
    customerCode: 'Customer code',
    owner: 'Owner',
    member: 'Member',
    grantedBy: 'Shared by',
    grantedAt: 'Shared at',
    pickCustomers: 'Customers',
    transferLog: 'Transfer records',
    shareList: 'Shared customers',
    newAlias: 'New alias',
    newSource: 'New source',
    newTeamName: 'New team name',
    reason: 'Reason',
    classAHint: 'Once approved, the customer’s level becomes A.',
    submit: 'Submit',
    submitted: 'Application sent for approval',
    sentAs: 'Application {{code}} sent for approval',
    removeFromBlacklist: 'Remove from blacklist',
  },
};
