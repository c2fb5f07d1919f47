import { type DictCodeOf, defineDicts } from '../dict/index.js';

/** The purchasing (supplier) room's dictionaries (`/setModule/purchase/dictionary`). */
export const purchaseDicts = defineDicts('purchase', {
  'purchase.payment_method': {
    zh: '付款方式',
    en: 'Payment method',
    items: [
      { value: 'prepaid', zh: '预付', en: 'Prepaid' },
      { value: 'postpaid_monthly', zh: '月结', en: 'Monthly postpaid' },
      { value: 'weekly', zh: '周结', en: 'Weekly' },
    ],
  },
  'purchase.supplier_level': {
    zh: '供应商等级',
    en: 'Supplier level',
    items: [
      { value: 'direct', zh: '直连运营商', en: 'Direct operator', color: 'green' },
      { value: 'tier1', zh: '一级通道', en: 'Tier 1', color: 'blue' },
      { value: 'tier2', zh: '二级通道', en: 'Tier 2' },
    ],
  },
  'purchase.supplier_source': {
    zh: '供应商来源',
    en: 'Supplier source',
    items: [
      { value: 'exhibition', zh: '展会', en: 'Trade show' },
      { value: 'referral', zh: '同行推荐', en: 'Referral' },
      { value: 'inbound', zh: '主动联系', en: 'Inbound' },
      { value: 'marketplace', zh: '通道交易平台', en: 'Route marketplace' },
      { value: 'prospecting', zh: '采购拓展', en: 'Prospecting' },
    ],
  },
  'purchase.follow_up_type': {
    zh: '跟进方式',
    en: 'Follow-up type',
    items: [
      { value: 'call', zh: '电话', en: 'Call' },
      { value: 'email', zh: '邮件', en: 'E-mail' },
      { value: 'im', zh: '即时通讯', en: 'Instant message' },
      { value: 'meeting', zh: '会面', en: 'Meeting' },
      { value: 'test', zh: '通道测试', en: 'Route test' },
    ],
  },
});
export type PurchaseDictCode = DictCodeOf<typeof purchaseDicts>;
