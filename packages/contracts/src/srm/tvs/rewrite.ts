import { z } from 'zod';
import { defineResource } from '../../resource/define.js';
import { int32Id, text } from '../../validation/scalars.js';
import { SrmPerm } from '../perms.js';

export const REWRITE_MATCHES = ['text', 'regex'] as const;
export type RewriteMatch = (typeof REWRITE_MATCHES)[number];

/**
 * `tvs/content-rewrite`: how a message's text is changed before it leaves through a SIM-farm
 * partner's devices (person-to-person SIM cards are filtered by carriers on repeated A2P wording,
 * links and brand names): a literal text or a regular expression, replaced everywhere it occurs, for
 * one partner or all of them, in one country or all. Enabled rules apply in priority order (then
 * oldest first), each to the text the one before left; `preview` shows the outcome.
 */
export const tvsRewriteResource = defineResource({
  key: 'srm.tvsRewrite',
  title: { zh: '内容改写', en: 'Content rewriting' },
  api: '/v2/srm/tvs/content-rewrite',
  routes: { list: '/srm/tvs/content-rewrite' },
  titleField: 'name',
  fields: {
    name: {
      kind: 'text',
      label: { zh: '规则名称', en: 'Rule name' },
      required: true,
      rules: { minLength: 2, maxLength: 64 },
      track: true,
    },
    supplierId: { kind: 'supplier', label: { zh: '合作方（空为全部）', en: 'Partner (none: all)' }, track: true },
    supplierName: { kind: 'text', label: { zh: '合作方', en: 'Partner' }, readOnly: true },
    country: { kind: 'country', label: { zh: '国家/地区（空为全部）', en: 'Country (none: all)' }, track: true },
    match: {
      kind: 'enum',
      label: { zh: '匹配方式', en: 'Match' },
      required: true,
      track: true,
      options: [
        { value: REWRITE_MATCHES[0], label: { zh: '文本', en: 'Text' }, color: 'blue' },
        { value: REWRITE_MATCHES[1], label: { zh: '正则', en: 'Regex' }, color: 'purple' },
      ],
    },
    pattern: {
      kind: 'text',
      label: { zh: '查找', en: 'Find' },
      required: true,
      rules: { minLength: 1, maxLength: 200 },
      track: true,
    },
    replacement: {
      kind: 'text',
      label: { zh: '替换为', en: 'Replace with' },
      rules: { maxLength: 200 },
      track: true,
    },
    priority: {
      kind: 'number',
      label: { zh: '优先级', en: 'Priority' },
      required: true,
      rules: { min: 1, max: 99 },
      track: true,
    },
    enabled: { kind: 'boolean', label: { zh: '启用', en: 'Enabled' }, required: true, track: true },
    remark: { kind: 'textarea', label: { zh: '备注', en: 'Remark' }, rules: { maxLength: 500 } },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
  },
  list: {
    columns: ['name', 'supplierName', 'country', 'match', 'pattern', 'replacement', 'priority', 'enabled'],
    filters: {
      keyword: { op: 'like', fields: ['name', 'pattern'], label: { zh: '名称/查找', en: 'Name or pattern' } },
      supplierId: { op: 'eq', field: 'supplierId' },
      country: { op: 'eq', field: 'country' },
      enabled: { op: 'eq', field: 'enabled' },
    },
    sortable: ['name', 'priority', 'createdAt'],
    defaultSort: { field: 'priority', order: 'ascend' },
  },
  form: {
    sections: [
      { fields: ['name', 'supplierId', 'country', 'match', 'pattern', 'replacement', 'priority', 'enabled', 'remark'] },
    ],
  },
  access: {
    list: SrmPerm.TVS_REWRITES,
    create: SrmPerm.TVS_REWRITE_EDIT,
    update: SrmPerm.TVS_REWRITE_EDIT,
    delete: SrmPerm.TVS_REWRITE_EDIT,
  },
  history: {},
});

export const TVS_REWRITE_PREVIEW_PATH = '/v2/srm/tvs/content-rewrite/preview';

/** A sample text and where it would leave: the rules that apply to that partner and country. */
export const tvsRewritePreview = z.object({
  supplierId: int32Id().optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  text: text().min(1).max(1600),
});
export type TvsRewritePreview = z.infer<typeof tvsRewritePreview>;

export const tvsRewriteOutcome = z.object({
  text: z.string(),
  /** the rules that changed the text, in the order they ran */
  applied: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TvsRewriteOutcome = z.infer<typeof tvsRewriteOutcome>;
