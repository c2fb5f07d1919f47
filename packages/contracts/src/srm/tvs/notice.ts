import { defineResource } from '../../resource/define.js';
import { SrmPerm } from '../perms.js';

export const TVS_NOTICE_STATES = ['draft', 'published', 'withdrawn'] as const;
export type TvsNoticeState = (typeof TVS_NOTICE_STATES)[number];

/**
 * `tvs/notice`: a notice to the SIM-farm partners (maintenance windows, settlement dates, carrier
 * filtering news), for all of them or those in some countries. Written as a draft, published (from
 * then on it is what the partners read and is no longer edited), withdrawn when it no longer holds.
 */
export const tvsNoticeResource = defineResource({
  key: 'srm.tvsNotice',
  title: { zh: 'TVS 公告', en: 'TVS notices' },
  api: '/v2/srm/tvs/notice',
  routes: { list: '/srm/tvs/notice' },
  titleField: 'title',
  fields: {
    title: {
      kind: 'text',
      label: { zh: '标题', en: 'Title' },
      required: true,
      rules: { minLength: 2, maxLength: 100 },
      track: true,
    },
    body: {
      kind: 'textarea',
      label: { zh: '正文', en: 'Text' },
      required: true,
      rules: { minLength: 2, maxLength: 4000 },
      track: true,
    },
    countries: {
      kind: 'country',
      label: { zh: '面向国家（空为全部合作方）', en: 'For partners in (none: all)' },
      multiple: true,
      maxItems: 60,
      track: true,
    },
    pinned: { kind: 'boolean', label: { zh: '置顶', en: 'Pinned' }, track: true },
    state: {
      kind: 'enum',
      label: { zh: '状态', en: 'State' },
      required: true,
      readOnly: true,
      track: true,
      options: [
        { value: TVS_NOTICE_STATES[0], label: { zh: '草稿', en: 'Draft' }, color: 'default' },
        { value: TVS_NOTICE_STATES[1], label: { zh: '已发布', en: 'Published' }, color: 'green' },
        { value: TVS_NOTICE_STATES[2], label: { zh: '已撤回', en: 'Withdrawn' }, color: 'orange' },
      ],
    },
    publishedAt: { kind: 'datetime', label: { zh: '发布时间', en: 'Published' }, readOnly: true },
    createdBy: { kind: 'user', label: { zh: '创建人', en: 'Written by' }, readOnly: true },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
  },
  list: {
    columns: ['title', 'countries', 'pinned', 'state', 'publishedAt', 'createdBy', 'createdAt'],
    filters: {
      keyword: { op: 'like', fields: ['title', 'body'], label: { zh: '标题/正文', en: 'Title or text' } },
      state: { op: 'eq', field: 'state' },
      publishedAt: { op: 'range', field: 'publishedAt' },
    },
    sortable: ['title', 'publishedAt', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['title', 'body', 'countries', 'pinned'] }] },
  detail: { header: ['state', 'publishedAt', 'createdBy'] },
  access: {
    list: SrmPerm.TVS_NOTICES,
    create: SrmPerm.TVS_NOTICE_EDIT,
    update: SrmPerm.TVS_NOTICE_EDIT,
    delete: SrmPerm.TVS_NOTICE_EDIT,
  },
  commands: {
    publish: {
      label: { zh: '发布', en: 'Publish' },
      confirm: {
        zh: '发布后合作方即可看到，且不能再修改。确认发布？',
        en: 'Partners see it once published, and it can no longer be edited. Publish?',
      },
      perm: SrmPerm.TVS_NOTICE_PUBLISH,
    },
    withdraw: {
      label: { zh: '撤回', en: 'Withdraw' },
      confirm: { zh: '确认撤回这条公告？', en: 'Withdraw this notice?' },
      perm: SrmPerm.TVS_NOTICE_PUBLISH,
    },
  },
  history: {},
});
