import { type DictCodeOf, defineDicts } from '../dict/index.js';

/** The CRM room's dictionaries (`/setModule/crm/dictionary`). */
export const crmDicts = defineDicts('crm', {
  'crm.customer_level': {
    zh: '客户等级',
    en: 'Customer level',
    items: [
      { value: 'A', zh: 'A 类（战略）', en: 'A (strategic)', color: 'red' },
      { value: 'B', zh: 'B 类（重点）', en: 'B (key)', color: 'orange' },
      { value: 'C', zh: 'C 类（普通）', en: 'C (regular)', color: 'blue' },
      { value: 'D', zh: 'D 类（潜在）', en: 'D (prospect)' },
    ],
  },
  'crm.customer_source': {
    zh: '客户来源',
    en: 'Customer source',
    items: [
      { value: 'website', zh: '官网注册', en: 'Website sign-up' },
      { value: 'exhibition', zh: '展会', en: 'Trade show' },
      { value: 'referral', zh: '客户推荐', en: 'Referral' },
      { value: 'cold_call', zh: '电话拓展', en: 'Cold call' },
      { value: 'partner', zh: '渠道伙伴', en: 'Partner' },
    ],
  },
  'crm.industry': {
    zh: '所属行业',
    en: 'Industry',
    items: [
      { value: 'ecommerce', zh: '电商', en: 'E-commerce' },
      { value: 'fintech', zh: '金融科技', en: 'Fintech' },
      { value: 'gaming', zh: '游戏', en: 'Gaming' },
      { value: 'logistics', zh: '物流', en: 'Logistics' },
      { value: 'social', zh: '社交', en: 'Social apps' },
      { value: 'otp', zh: '验证码服务', en: 'OTP / verification' },
    ],
  },
  'crm.follow_up_type': {
    zh: '跟进方式',
    en: 'Follow-up type',
    items: [
      { value: 'call', zh: '电话', en: 'Call' },
      { value: 'visit', zh: '拜访', en: 'Visit' },
      { value: 'mail', zh: '邮件', en: 'E-mail' },
      { value: 'im', zh: '即时通讯', en: 'Chat' },
    ],
  },
  'crm.lost_reason': {
    zh: '流失原因',
    en: 'Lost reason',
    items: [
      { value: 'price', zh: '价格', en: 'Price', color: 'orange' },
      { value: 'quality', zh: '到达率', en: 'Delivery rate', color: 'red' },
      { value: 'service', zh: '服务', en: 'Service' },
      { value: 'no_need', zh: '无需求', en: 'No longer needed' },
    ],
  },
});
export type CrmDictCode = DictCodeOf<typeof crmDicts>;
