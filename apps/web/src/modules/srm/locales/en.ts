import type { Messages } from '../../../platform/locales/types';
import type { zhCN } from './zh-CN';

/** Texts of the SRM supplier screens in English. */
export const en: Messages<typeof zhCN> = {
  srm: {
    dup: {
      found: 'Possible duplicate suppliers',
      blocked: 'Duplicates an existing supplier: the duplicate-check settings forbid creating it',
      reason: { name: 'similar name', domain: 'same domain', phone: 'same phone' },
      owner: 'Owner: {{name}}',
      inSea: 'in the open sea',
    },
    channelsTab: 'This supplier’s channels are kept in channel management (Business inquiry → Channels).',
    admission: {
      apply: 'Apply for admission',
      submit: 'Submit for approval',
      applied: 'The admission application went to approval',
      supplier: 'Supplier',
      checklist: 'Due-diligence checklist',
      checklistHint: 'Every item must be checked before submitting',
      documents: 'Documents',
      documentsHint: 'Business licence, telecom licence, contract… at least one',
      note: 'Note',
      reviewHint:
        'Admission applications under review. Approvers agree or reject in My to-dos; once approved the supplier may carry traffic.',
    },
    sea: {
      userLimit: 'Private suppliers per buyer',
      userLimitHint: 'Most private suppliers one buyer holds; empty for no limit',
      departmentLimit: 'Private suppliers per department',
      departmentLimitHint: 'Most the members of a department hold together; empty for no limit',
      countAdmitted: 'Admitted suppliers count toward the limits',
      dailyClaimCap: 'Claims per day',
      dailyClaimCapHint: 'Most claims per buyer and day; empty for no cap',
      cooldownDays: 'Cool-down after a return (days)',
      cooldownDaysHint: 'Days before the previous owner may claim a returned supplier again',
      embargoDays: 'Embargo after a return (days)',
      embargoDaysHint: 'Days after a return before anyone may claim it',
      retentionDays: 'Return when idle (days)',
      retentionDaysHint:
        'A private, not admitted supplier without a follow-up for this long returns to the sea; 0 never',
      noLimit: 'No limit',
    },
    dupSettings: {
      name: 'Name',
      domain: 'Domain',
      phone: 'Phone',
      nameSimilarity: 'Name similarity',
      nameSimilarityHint: '0.3–1; 1 matches only the very same name',
      mode: { off: 'Off', warn: 'Warn', block: 'Block' },
    },
    source: {
      apply: 'Request a source change',
      applied: 'The source change went to approval',
      supplier: 'Supplier',
      to: 'New source',
      reason: 'Reason',
    },
    request: {
      transfer: 'Request a transfer',
      entity: 'Request an entity change',
      supplier: 'Supplier',
      toUser: 'Transfer to',
      withContacts: 'Contacts move too',
      keepAs: 'The old owner keeps',
      keep: { none: 'Nothing', read: 'Read access', write: 'Write access' },
      toEntity: 'New contracting entity',
      reason: 'Reason',
    },
    rules: {
      ignoredDomains: 'Shared domains to ignore',
      ignoredDomainsHint:
        'Public mail and hosting domains (gmail.com…) say nothing about who a supplier is: the duplicate check skips them; Enter or comma between',
      retentionHint:
        'Idle days before a supplier of a level returns to the sea; levels without a row follow the sea rules; 0 keeps that level',
      level: 'Supplier level',
      days: 'days',
      addLevel: 'Add a level',
      followedWithinDays: 'Followed leads: last follow-up within (days)',
      followedWithinDaysHint:
        'A supplier not yet admitted counts as a followed lead when its last follow-up is this recent; 0: any follow-up',
    },
    import: {
      button: 'Import',
      title: 'Import suppliers',
      templateFile: 'supplier-import-template.xlsx',
      row: 'Row',
      saved: '{{count}} suppliers imported',
      partly: '{{saved}} imported, {{refused}} rows not imported',
      refusedRow: 'Row {{row}}: {{message}}',
    },
    settings: { save: 'Save', saved: 'Saved' },
    payment: {
      title: 'Payment methods',
      edit: 'Edit in the purchasing dictionary',
      code: 'Code',
      name: 'Name',
      enabled: 'State',
      on: 'Enabled',
      off: 'Disabled',
      suppliers: 'Suppliers using it',
    },
    tvs: {
      'account-query': 'TVS accounts',
      'withdrawal-record': 'Withdrawals',
      notice: 'TVS notices',
      'content-rewrite': 'Content rewriting',
      what: 'TVS is the portal of the SIM-farm partners who host our devices: their accounts, earnings, withdrawals, notices, and the rewriting rules for content sent through them.',
      waits: 'Earnings and withdrawals come from traffic and finance; they appear here once those rooms exist.',
    },
  },
};
