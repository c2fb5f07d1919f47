import { z } from 'zod';
import { defineResource, type ResourceField } from '../resource/define.js';
import { int32, text } from '../validation/scalars.js';
import { customerResource } from './customer.js';
import { CrmPerm } from './perms.js';

/**
 * Promotion links: every sales with a job number has a public sign-up link
 * (`<PUBLIC_URL>/promo/<jobNumber>`, or PROMOTION_URL?ref=<jobNumber> when a marketing site is
 * configured). Opening it counts a visit; the form on it records a sign-up attributed to the sales.
 */
export const PROMOTION_PAGE = '/promo';

/** The form of the landing page (also accepted as JSON by the sign-up call). */
export const promotionSignUp = z.object({
  company: text().trim().min(2).max(128),
  name: text().trim().min(1).max(64),
  email: z.email().max(254),
  phone: text().trim().max(32).optional(),
  message: text().trim().max(1000).optional(),
});
export type PromotionSignUp = z.infer<typeof promotionSignUp>;

/** `GET /v2/crm/promotion/mine`: my link and what it brought. */
export const promotionStats = z.object({
  link: text().nullable(),
  visits: int32(),
  visitsToday: int32(),
  signUps: int32(),
  recent: z.array(z.object({ id: int32(), company: text(), name: text(), email: text(), createdAt: text() })),
});
export type PromotionStats = z.infer<typeof promotionStats>;

export const SIGNUP_STATES = ['new', 'converted'] as const;
export type SignUpState = (typeof SIGNUP_STATES)[number];

/** A customer field as a command's input: the value typed once, no history or field key of its own. */
const asInput = ({ track: _t, perm: _p, readOnly: _r, createOnly: _c, ...f }: ResourceField): ResourceField => f;
const c = customerResource.fields;

/**
 * The sign-ups left through sales' promotion links (decision 0052): each sales reads their own
 * (data scope on the sales), and converts one into a customer through the customer's own create
 * (duplicate check, blacklist refusal, alias check), the sign-up then linked to it.
 */
export const signUpResource = defineResource({
  key: 'crm.signup',
  title: { zh: '推广报名', en: 'Promotion sign-ups' },
  api: '/v2/crm/promotion/signups',
  routes: { list: '/crm/promotion/sign-ups' },
  titleField: 'company',
  fields: {
    company: { kind: 'text', label: { zh: '公司名称', en: 'Company' }, required: true, readOnly: true },
    name: { kind: 'text', label: { zh: '联系人', en: 'Contact' }, required: true, readOnly: true },
    email: { kind: 'email', label: { zh: '工作邮箱', en: 'Work e-mail' }, required: true, readOnly: true },
    phone: { kind: 'text', label: { zh: '电话', en: 'Phone' }, readOnly: true },
    message: { kind: 'textarea', label: { zh: '需求', en: 'Need' }, readOnly: true },
    userId: { kind: 'user', label: { zh: '推广人', en: 'Sales' }, required: true, readOnly: true },
    userName: { kind: 'text', label: { zh: '推广人', en: 'Sales' }, readOnly: true },
    state: {
      kind: 'enum',
      label: { zh: '状态', en: 'State' },
      required: true,
      readOnly: true,
      track: true,
      options: [
        { value: 'new', label: { zh: '待跟进', en: 'New' }, color: 'processing' },
        { value: 'converted', label: { zh: '已转客户', en: 'Converted' }, color: 'green' },
      ],
    },
    customerId: {
      kind: 'customer',
      ref: 'customer',
      label: { zh: '客户', en: 'Customer' },
      readOnly: true,
      track: true,
    },
    customerCode: { kind: 'text', label: { zh: '客户编号', en: 'Customer code' }, readOnly: true },
    convertedAt: { kind: 'datetime', label: { zh: '转客户时间', en: 'Converted' }, readOnly: true },
    createdAt: { kind: 'datetime', label: { zh: '报名时间', en: 'Signed up' }, required: true, readOnly: true },
  },
  list: {
    columns: ['company', 'name', 'email', 'state', 'customerCode', 'createdAt', 'phone', 'userName', 'convertedAt'],
    filters: {
      keyword: {
        op: 'like',
        fields: ['company', 'name', 'email'],
        label: { zh: '关键词', en: 'Keyword' },
      },
      state: { op: 'eq', field: 'state' },
      userId: { op: 'eq', field: 'userId' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['company', 'createdAt', 'convertedAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['company', 'name', 'email', 'state', 'customerCode'] },
  access: { list: CrmPerm.CUSTOMERS, owner: 'userId' },
  history: {},
  commands: {
    convert: {
      label: { zh: '转为客户', en: 'Convert to customer' },
      input: {
        name: asInput(c.name),
        alias: asInput(c.alias),
        type: asInput(c.type),
        country: asInput(c.country),
        industry: asInput(c.industry),
        level: asInput(c.level),
        source: asInput(c.source),
        phone: asInput(c.phone),
      },
      perm: CrmPerm.SIGNUP_CONVERT,
    },
  },
});
