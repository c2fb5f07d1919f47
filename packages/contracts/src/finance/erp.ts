import { z } from 'zod';
import { pageQuery } from '../paging.js';
import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';

/**
 * Kingdee ERP documents and mappings (decision 0118, issue 17): finance's books as the company's
 * Kingdee ERP takes them. Documents are produced as drafts from the ledgers (one per source entry),
 * approved by finance, exported in the Kingdee import layout; `relationMapping` maps our codes to
 * Kingdee's.
 */
const perm = (path: string) => {
  const route = routeByPath(path);
  if (!route) throw new Error(`finance erp: no route ${path}`);
  return permOf(route);
};

export const ERP_DOC_TYPES = [
  'receipt',
  'refund-receipt',
  'payment-slip',
  'payment-refund-slip',
  'purchase-receipt',
  'sales-delivery-order',
] as const;
export type ErpDocType = (typeof ERP_DOC_TYPES)[number];

/** Each type's number prefix (`SKD-20261130-0001`), titles, Kingdee form id and file name. */
export const ERP_DOC_META: Record<
  ErpDocType,
  { prefix: string; zh: string; en: string; kingdeeForm: string; file: string }
> = {
  receipt: { prefix: 'SKD', zh: '收款单', en: 'Receipts', kingdeeForm: 'AR_RECEIVEBILL', file: 'receipts' },
  'refund-receipt': {
    prefix: 'SKTD',
    zh: '收款退款单',
    en: 'Receipt refunds',
    kingdeeForm: 'AR_REFUNDBILL',
    file: 'receipt-refunds',
  },
  'payment-slip': {
    prefix: 'FKD',
    zh: '付款单',
    en: 'Payment slips',
    kingdeeForm: 'AP_PAYBILL',
    file: 'payment-slips',
  },
  'payment-refund-slip': {
    prefix: 'FKTD',
    zh: '付款退款单',
    en: 'Payment refunds',
    kingdeeForm: 'AP_REFUNDBILL',
    file: 'payment-refunds',
  },
  'purchase-receipt': {
    prefix: 'CGRK',
    zh: '采购入库单',
    en: 'Purchase receipts',
    kingdeeForm: 'STK_InStock',
    file: 'purchase-receipts',
  },
  'sales-delivery-order': {
    prefix: 'XSCK',
    zh: '销售出库单',
    en: 'Sales delivery orders',
    kingdeeForm: 'SAL_OUTSTOCK',
    file: 'sales-delivery-orders',
  },
};

/** A document's screen key, and the key that produces, approves, undoes and exports (finance). */
export const erpDocPerm = (type: ErpDocType) => {
  const LIST = perm(`/financial/financial-erp/document-management/${type}`);
  return { LIST, EDIT: `${LIST}:edit` } as const;
};

export const ERP_DOC_STATES = ['draft', 'approved'] as const;
export const erpDocStateOptions = [
  { value: 'draft', label: label('草稿', 'Draft'), color: 'default' },
  { value: 'approved', label: label('已审核', 'Approved'), color: 'green' },
] as const;

export const ERP_COUNTERPART_KINDS = ['customer', 'supplier'] as const;
const counterpartOptions = [
  { value: 'customer', label: label('客户', 'Customer') },
  { value: 'supplier', label: label('供应商', 'Supplier') },
] as const;

/** The API of the documents of one type; `produce` and `kingdee-export` are routes of the type. */
export const erpDocApi = (type: ErpDocType) => `/v2/fc/erp/document/${type}`;

export const erpDocumentResource = (type: ErpDocType) => {
  const m = ERP_DOC_META[type];
  const p = erpDocPerm(type);
  return defineResource({
    key: `finance.erpDocument.${type}`,
    title: label(m.zh, m.en),
    api: erpDocApi(type),
    routes: { list: `/financial/financial-erp/document-management/${type}` },
    titleField: 'number',
    fields: {
      number: { kind: 'text', label: label('单据编号', 'Number'), readOnly: true },
      docDate: { kind: 'date', label: label('单据日期', 'Date'), readOnly: true },
      state: {
        kind: 'enum',
        label: label('状态', 'State'),
        readOnly: true,
        track: true,
        options: erpDocStateOptions,
      },
      counterpartKind: {
        kind: 'enum',
        label: label('往来单位类型', 'Counterpart type'),
        readOnly: true,
        options: counterpartOptions,
      },
      counterpartCode: { kind: 'text', label: label('往来单位编号', 'Counterpart code'), readOnly: true },
      counterpartName: { kind: 'text', label: label('往来单位', 'Counterpart'), readOnly: true },
      entityCode: { kind: 'text', label: label('结算主体', 'Entity'), readOnly: true },
      currency: { kind: 'text', label: label('币种', 'Currency'), readOnly: true },
      amount: { kind: 'text', decimal: true, label: label('金额', 'Amount'), readOnly: true },
      materials: { kind: 'text', label: label('物料', 'Materials'), readOnly: true },
      sourceKey: { kind: 'text', label: label('来源', 'Source'), readOnly: true },
      exportedAt: {
        kind: 'datetime',
        label: label('导出时间', 'Exported'),
        readOnly: true,
        emptyLabel: label('未导出', 'Not exported'),
      },
      approvedBy: { kind: 'user', label: label('审核人', 'Approved by'), readOnly: true },
      approvedAt: { kind: 'datetime', label: label('审核时间', 'Approved'), readOnly: true },
      createdAt: { kind: 'datetime', label: label('生成时间', 'Produced'), readOnly: true },
    },
    list: {
      columns: [
        'number',
        'docDate',
        'state',
        'counterpartCode',
        'counterpartName',
        'entityCode',
        'currency',
        'amount',
        'materials',
        'exportedAt',
        'approvedBy',
        'sourceKey',
      ],
      filters: {
        keyword: {
          op: 'like',
          fields: ['number', 'counterpartCode', 'counterpartName'],
          label: label('编号/往来单位', 'Number or counterpart'),
        },
        state: { op: 'eq', field: 'state' },
        currency: { op: 'eq', field: 'currency' },
        docDate: { op: 'range', field: 'docDate' },
      },
      sortable: ['docDate', 'createdAt'],
      defaultSort: { field: 'createdAt', order: 'descend' },
    },
    form: { sections: [] },
    detail: { header: ['number', 'state', 'counterpartName', 'amount'] },
    access: { list: p.LIST },
    commands: {
      approve: {
        label: label('审核', 'Approve'),
        perm: p.EDIT,
        when: { field: 'state', in: ['draft'] },
      },
      unapprove: {
        label: label('反审核', 'Undo approval'),
        confirm: label(
          '撤销审核后单据回到草稿，可再次审核。已导出的单据不能反审核。',
          'The document goes back to draft. An exported document cannot be undone.',
        ),
        perm: p.EDIT,
        when: { field: 'state', in: ['approved'] },
      },
    },
    export: { fileName: label(m.zh, m.file) },
    history: {},
  });
};

/** What a production run answers: the drafts it made, per type. */
export interface ErpProduceResult {
  created: number;
}

/** The kinds of code `relationMapping` maps. */
export const ERP_MAPPING_KINDS = ['customer', 'supplier', 'material', 'entity', 'currency'] as const;
export type ErpMappingKind = (typeof ERP_MAPPING_KINDS)[number];
export const erpMappingKindOptions = [
  { value: 'customer', label: label('客户', 'Customer') },
  { value: 'supplier', label: label('供应商', 'Supplier') },
  { value: 'material', label: label('物料', 'Material') },
  { value: 'entity', label: label('结算主体', 'Entity') },
  { value: 'currency', label: label('币种', 'Currency') },
] as const;

const MAPPING = perm('/financial/kingdeeSet/relationMapping');
export const ErpMappingPerm = { LIST: MAPPING, EDIT: `${MAPPING}:edit` } as const;

/** `kingdeeSet/relationMapping`: our code of a kind → the Kingdee code; once per kind and code, with history. */
export const erpMappingResource = defineResource({
  key: 'finance.erpMapping',
  title: label('金蝶映射关系', 'Kingdee mappings'),
  api: '/v2/fc/erp/mapping',
  routes: { list: '/financial/kingdeeSet/relationMapping' },
  titleField: 'ourCode',
  fields: {
    kind: {
      kind: 'enum',
      label: label('类型', 'Kind'),
      required: true,
      createOnly: true,
      options: erpMappingKindOptions,
    },
    ourCode: {
      kind: 'text',
      label: label('本系统编号', 'Our code'),
      required: true,
      createOnly: true,
      rules: { minLength: 1, maxLength: 64 },
    },
    kingdeeCode: {
      kind: 'text',
      label: label('金蝶编码', 'Kingdee code'),
      required: true,
      track: true,
      rules: { minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' },
    },
    kingdeeName: { kind: 'text', label: label('金蝶名称', 'Kingdee name'), track: true, rules: { maxLength: 100 } },
    remark: { kind: 'text', label: label('备注', 'Remark'), track: true, rules: { maxLength: 200 } },
    updatedBy: { kind: 'user', label: label('更新人', 'Updated by'), readOnly: true },
    updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
  },
  list: {
    columns: ['kind', 'ourCode', 'kingdeeCode', 'kingdeeName', 'remark', 'updatedBy', 'updatedAt'],
    filters: {
      keyword: {
        op: 'like',
        fields: ['ourCode', 'kingdeeCode', 'kingdeeName'],
        label: label('编号/金蝶编码', 'Code or Kingdee code'),
      },
      kind: { op: 'eq', field: 'kind' },
      updatedAt: { op: 'range', field: 'updatedAt' },
    },
    sortable: ['updatedAt', 'ourCode'],
    defaultSort: { field: 'updatedAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['kind', 'ourCode', 'kingdeeCode', 'kingdeeName', 'remark'] }] },
  detail: { header: ['kind', 'ourCode', 'kingdeeCode'] },
  access: { list: ErpMappingPerm.LIST, create: ErpMappingPerm.EDIT, update: ErpMappingPerm.EDIT },
  export: { fileName: label('金蝶映射关系', 'kingdee-mappings') },
  history: {},
});

const MATERIAL = perm('/financial/financial-erp/basic-data-material/material');
export const ErpMaterialPerm = { LIST: MATERIAL, EDIT: `${MATERIAL}:edit` } as const;

/** The products a material stands for (the ledgers' products and devices). */
export const ERP_MATERIAL_PRODUCTS = ['sms', 'voice', 'whatsapp', 'number', 'email', 'device', 'other'] as const;
export const erpMaterialProductOptions = [
  { value: 'sms', label: label('短信', 'SMS') },
  { value: 'voice', label: label('语音', 'Voice') },
  { value: 'whatsapp', label: label('WhatsApp', 'WhatsApp') },
  { value: 'number', label: label('号码', 'Numbers') },
  { value: 'email', label: label('邮件', 'E-mail') },
  { value: 'device', label: label('设备', 'Devices') },
  { value: 'other', label: label('其他', 'Other') },
] as const;

/**
 * `financial-erp/basic-data-material/material`: what we sell and buy as the ERP sees it. The
 * product's default material (one per product) is the line material of documents produced from
 * the ledgers.
 */
export const erpMaterialResource = defineResource({
  key: 'finance.erpMaterial',
  title: label('ERP 物料', 'ERP materials'),
  api: '/v2/fc/erp/material',
  routes: { list: '/financial/financial-erp/basic-data-material/material' },
  titleField: 'name',
  fields: {
    code: {
      kind: 'text',
      label: label('物料编号', 'Material code'),
      required: true,
      createOnly: true,
      rules: { minLength: 1, maxLength: 32, pattern: '^[A-Z0-9-]+$' },
    },
    name: { kind: 'text', label: label('名称', 'Name'), required: true, track: true, rules: { maxLength: 100 } },
    product: {
      kind: 'enum',
      label: label('产品', 'Product'),
      required: true,
      track: true,
      options: erpMaterialProductOptions,
    },
    unit: { kind: 'text', label: label('单位', 'Unit'), required: true, track: true, rules: { maxLength: 16 } },
    isDefault: { kind: 'boolean', label: label('产品默认物料', 'Product default'), required: true, track: true },
    enabled: { kind: 'boolean', label: label('启用', 'Enabled'), required: true, track: true },
    updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
  },
  list: {
    columns: ['code', 'name', 'product', 'unit', 'isDefault', 'enabled', 'updatedAt'],
    filters: {
      keyword: { op: 'like', fields: ['code', 'name'], label: label('编号/名称', 'Code or name') },
      product: { op: 'eq', field: 'product' },
      enabled: { op: 'eq', field: 'enabled' },
    },
    sortable: ['code', 'updatedAt'],
    defaultSort: { field: 'code', order: 'ascend' },
  },
  form: { sections: [{ fields: ['code', 'name', 'product', 'unit', 'isDefault', 'enabled'] }] },
  detail: { header: ['code', 'name', 'product', 'enabled'] },
  access: { list: ErpMaterialPerm.LIST, create: ErpMaterialPerm.EDIT, update: ErpMaterialPerm.EDIT },
  export: { fileName: label('ERP 物料', 'erp-materials') },
  history: {},
});

/**
 * The Kingdee import layout of the export (docs/domain.md "Finance: Kingdee ERP"): row 1 the
 * Kingdee field keys, row 2 their captions, then one row per document line.
 */
export const KINGDEE_LAYOUT = [
  ['FBillNo', '单据编号'],
  ['FDate', '单据日期'],
  ['FBillTypeID', '单据类型'],
  ['FCONTACTUNITTYPE', '往来单位类型'],
  ['FCONTACTUNIT', '往来单位'],
  ['FSETTLEORGID', '结算组织'],
  ['FCURRENCYID', '币别'],
  ['FMATERIALID', '物料编码'],
  ['FQty', '数量'],
  ['FPrice', '单价'],
  ['FAmount', '金额'],
  ['FRemark', '备注'],
] as const;

/** The Kingdee contact unit type of our counterpart kinds. */
export const KINGDEE_CONTACT_TYPE = { customer: 'BD_Customer', supplier: 'BD_Supplier' } as const;

/** `/v2/fc/erp/settings` (decision 0127): the daily production job on or off; read and changed on the mapping keys. */
export const ERP_SETTINGS_API = '/v2/fc/erp/settings';
export const erpSettings = z.object({ dailyProduce: z.boolean() });
export type ErpSettings = z.infer<typeof erpSettings>;
export const erpSettingsView = erpSettings.extend({
  updatedBy: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
});
export type ErpSettingsView = z.infer<typeof erpSettingsView>;

/** `basic-data-material/{customer, supplier}` (decision 0127): CRM's / SRM's records beside their Kingdee mapping. */
export const ERP_PARTY_KINDS = ['customer', 'supplier'] as const;
export type ErpPartyKind = (typeof ERP_PARTY_KINDS)[number];
export const erpPartyApi = (kind: ErpPartyKind) => `/v2/fc/erp/basic-data/${kind}`;
export const erpPartyPerm = (kind: ErpPartyKind) => perm(`/financial/financial-erp/basic-data-material/${kind}`);
export const erpPartyQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  mapped: z.enum(['yes', 'no']).optional(),
});
export type ErpPartyQuery = z.infer<typeof erpPartyQuery>;
export const erpPartyRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  country: z.string(),
  ownerId: z.number().int().nullable(),
  /** the owner's name in the reader's language */
  ownerName: z.string().nullable(),
  mappingId: z.number().int().nullable(),
  kingdeeCode: z.string().nullable(),
  kingdeeName: z.string().nullable(),
});
export type ErpPartyRow = z.infer<typeof erpPartyRow>;
