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
    waitsFinance: 'Accounts come from the financial center; they appear here once the finance room exists.',
    waitsMail: 'Mails come from the mail room; they appear here once it exists.',
    none: 'No records',
  },
  crmData: crmDataEn,
};
