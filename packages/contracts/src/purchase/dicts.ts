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
});
export type PurchaseDictCode = DictCodeOf<typeof purchaseDicts>;
