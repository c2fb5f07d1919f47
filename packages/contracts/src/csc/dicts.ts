import { type DictCodeOf, defineDicts } from '../dict/index.js';

/** The customer-service room's dictionaries (`/setModule/csc/dictionary`). */
export const cscDicts = defineDicts('csc', {
  'csc.clue_source': {
    zh: '线索来源',
    en: 'Lead source',
    items: [
      { value: 'ads', zh: '广告投放', en: 'Advertising' },
      { value: 'seo', zh: '搜索引擎', en: 'Search' },
      { value: 'event', zh: '市场活动', en: 'Marketing event' },
      { value: 'inbound', zh: '来电来函', en: 'Inbound enquiry' },
    ],
  },
  'csc.activity_type': {
    zh: '活动类型',
    en: 'Activity type',
    items: [
      { value: 'webinar', zh: '线上研讨会', en: 'Webinar' },
      { value: 'expo', zh: '展会', en: 'Trade show' },
      { value: 'campaign', zh: '推广活动', en: 'Campaign' },
    ],
  },
});
export type CscDictCode = DictCodeOf<typeof cscDicts>;
