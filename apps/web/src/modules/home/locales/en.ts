import type { Messages } from '../../../platform/locales/types';
import type { zhCN } from './zh-CN';

/** Texts of the home overview module in English. */
export const en: Messages<typeof zhCN> = {
  home: {
    greeting: {
      morning: 'Good morning, {{name}}',
      afternoon: 'Good afternoon, {{name}}',
      evening: 'Good evening, {{name}}',
    },
    jobNumber: 'Job no.',
    noDepartment: 'No department',
    promotionLink: 'My promotion link',
    copy: 'Copy',
    copied: 'Copied',
    figures: {
      unread: 'Unread messages',
      todoNum: 'My to-dos',
      applyNum: 'My open requests',
      handleNum: 'Handled by me',
      ccNum: 'Copied to me',
      myCustomer: 'My customers',
      todayCustomer: 'New customers today',
      task: 'Tasks',
      todaySend: 'Sent today',
      linkPromotion: 'Link promotion',
    },
    waiting: 'Waits for {{source}}',
    sources: { traffic: 'traffic data', ledger: 'ledger data' },
    trend: {
      title: 'My volume and revenue, last 30 days',
      volume: 'Volume',
      revenue: 'Revenue ({{currency}})',
      revenueAxis: 'Revenue',
    },
    quick: {
      title: 'Quick entrances',
      add: 'Add quick entrances',
      empty: 'No quick entrances yet: put the pages you use most here',
      editTitle: 'Edit quick entrances (at most {{max}})',
      available: 'Pages',
      chosen: 'Chosen',
      saved: 'Quick entrances saved',
      tooMany: 'At most {{max}} quick entrances',
    },
    modules: {
      title: 'My modules',
      empty: 'No modules yet: ask an administrator for access',
      pages: 'Pages: {{count}}',
      external: 'External system',
    },
  },
};
