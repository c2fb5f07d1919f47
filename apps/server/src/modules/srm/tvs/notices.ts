import { type TvsNoticeState, tvsNoticeResource } from '@portal/contracts/srm';
import { AppError } from '../../../platform/http/errors.js';
import type { Values } from '../../../platform/resource/bind.js';
import { bindResource } from '../../../platform/resource/index.js';
import { srmTvsNotices } from './schema.js';

const STATE: Record<TvsNoticeState, Record<'zh-CN' | 'en', string>> = {
  draft: { 'zh-CN': '草稿', en: 'a draft' },
  published: { 'zh-CN': '已发布', en: 'published' },
  withdrawn: { 'zh-CN': '已撤回', en: 'withdrawn' },
};
const ACTION = {
  edit: { 'zh-CN': '修改', en: 'edited' },
  delete: { 'zh-CN': '删除', en: 'deleted' },
  publish: { 'zh-CN': '发布', en: 'published' },
  withdraw: { 'zh-CN': '撤回', en: 'withdrawn' },
};

function step(record: Values, action: keyof typeof ACTION, from: readonly TvsNoticeState[]) {
  const state = record.state as TvsNoticeState;
  if (!from.includes(state))
    throw new AppError('SRM_TVS_NOTICE_STATE', { vars: { from: STATE[state], action: ACTION[action] } });
}

/** Countries once each, upper-cased as the reference data spells them. */
const countriesOf = (v: unknown) => [...new Set(((v as string[] | null) ?? []).map((c) => c.toUpperCase()))];

/** Notices to the SIM-farm partners: edited while a draft; published ones are withdrawn, not changed. */
export const tvsNotices = bindResource(tvsNoticeResource, {
  table: srmTvsNotices,
  search: { keyword: srmTvsNotices.search },
  columns: {
    title: srmTvsNotices.title,
    body: srmTvsNotices.body,
    countries: srmTvsNotices.countries,
    pinned: srmTvsNotices.pinned,
    state: srmTvsNotices.state,
    publishedAt: srmTvsNotices.publishedAt,
    createdBy: srmTvsNotices.createdBy,
    createdAt: srmTvsNotices.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      return {
        countries: countriesOf(input.countries),
        pinned: input.pinned === true,
        state: 'draft',
        createdBy: ctx.auth.userId,
        createdAt: ctx.p.clock.now(),
      };
    },
    async beforeUpdate(_ctx, before, patch) {
      step(before, 'edit', ['draft']);
      return patch.countries === undefined ? {} : { countries: countriesOf(patch.countries) };
    },
    async beforeDelete(_ctx, before) {
      step(before, 'delete', ['draft']);
    },
  },
  commands: {
    async publish(ctx, record) {
      step(record, 'publish', ['draft']);
      return { set: { state: 'published', publishedAt: ctx.p.clock.now() } };
    },
    async withdraw(_ctx, record) {
      step(record, 'withdraw', ['published']);
      return { set: { state: 'withdrawn' } };
    },
  },
});
