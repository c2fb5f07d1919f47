import { defineResource, label, type ResourceField } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';

const fields = {
  name: {
    kind: 'text',
    label: label('报价组名称', 'Group name'),
    required: true,
    rules: { minLength: 2, maxLength: 64 },
    track: true,
  },
  currency: {
    kind: 'text',
    label: label('币种', 'Currency'),
    required: true,
    createOnly: true,
    rules: { minLength: 3, maxLength: 3, pattern: '^[A-Z]{3}$' },
    track: true,
  },
  accountIds: {
    kind: 'number',
    label: label('成员账户', 'Member accounts'),
    ref: 'account',
    multiple: true,
    maxItems: 5000,
    track: true,
  },
  remark: { kind: 'textarea', label: label('备注', 'Remark'), rules: { maxLength: 500 }, track: true },
  createdBy: { kind: 'user', label: label('创建人', 'Created by'), readOnly: true },
  createdAt: { kind: 'datetime', label: label('创建时间', 'Created'), required: true, readOnly: true },
} as const satisfies Record<string, ResourceField>;

const list = {
  columns: ['name', 'currency', 'accountIds', 'remark', 'createdBy', 'createdAt'],
  /** the groups an account follows */
  filters: { accountIds: { op: 'eq', field: 'accountIds', label: label('成员账户', 'Member account') } },
  sortable: ['createdAt'],
  defaultSort: { field: 'id', order: 'ascend' },
} as const;
const form = { sections: [{ fields: ['name', 'currency', 'accountIds', 'remark'] }] } as const;

const QUOTE_KEY = permOf(routeByPath('/offerManage/quote-group/quote')!);
const AZ_KEY = permOf(routeByPath('/offerManage/quote-group/az')!);

/**
 * `quote-group/quote` (decision 0079): a customer price book many accounts follow (an account's
 * own price overrides its group's); an account follows at most one quote group. The `quote` rows of
 * `qm_groups`, members in `qm_group_members`. Never deleted: its prices stay answerable.
 */
export const quoteGroupResource = defineResource({
  key: 'quotation.quoteGroup',
  title: label('报价组', 'Quote groups'),
  api: '/v2/qm/quote-group',
  routes: { list: '/offerManage/quote-group/quote', detail: '/offerManage/quote-group/quote/detail' },
  titleField: 'name',
  fields,
  list,
  form,
  detail: { header: ['currency', 'createdAt'] },
  access: { list: QUOTE_KEY, create: QUOTE_KEY, update: QUOTE_KEY },
  export: { fileName: label('报价组', 'quote-groups') },
  history: {},
});

/** `quote-group/az`: the A-Z (voice prefix) groups, the same record under its own key; one per account. */
export const azGroupResource = defineResource({
  key: 'quotation.azGroup',
  title: label('A-Z 报价组', 'A-Z quote groups'),
  api: '/v2/qm/az-group',
  routes: { list: '/offerManage/quote-group/az' },
  titleField: 'name',
  fields,
  list,
  form,
  detail: { header: ['currency', 'createdAt'] },
  access: { list: AZ_KEY, create: AZ_KEY, update: AZ_KEY },
  export: { fileName: label('A-Z 报价组', 'az-quote-groups') },
  history: {},
});
