import type { Messages } from '../../../platform/locales/types';
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
    waitsFinance: 'Accounts come from the financial center; they appear here once the finance room exists.',
    waitsMail: 'Mails come from the mail room; they appear here once it exists.',
    none: 'No records',
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
