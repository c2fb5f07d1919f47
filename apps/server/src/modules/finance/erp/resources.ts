import {
  ERP_DOC_TYPES,
  type ErpDocType,
  erpDocumentResource,
  erpMappingResource,
  erpMaterialResource,
} from '@portal/contracts/finance';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { bindResource, type Values } from '../../../platform/resource/index.js';
import { finErpDocuments, finErpMappings, finErpMaterials } from './schema.js';

/** The document may take this step from its state, else the catalogue's refusal. */
function inState(record: Values, state: string) {
  if (record.state !== state) throw new AppError('FIN_ERP_DOC_STATE', { vars: { value: String(record.number) } });
}

/**
 * The documents of one type (decision 0118): finance's books, so the screen key sees them all (no
 * data scope: they are no one's customers). Produced by `produce`, never created or edited by hand;
 * approve and undo are commands (with history); undo is refused once the document was exported.
 */
const bindDocuments = (type: ErpDocType) =>
  bindResource(erpDocumentResource(type), {
    table: finErpDocuments,
    rows: eq(finErpDocuments.type, type),
    search: { keyword: finErpDocuments.search },
    columns: {
      number: finErpDocuments.number,
      docDate: finErpDocuments.docDate,
      state: finErpDocuments.state,
      counterpartKind: finErpDocuments.counterpartKind,
      counterpartCode: finErpDocuments.counterpartCode,
      counterpartName: finErpDocuments.counterpartName,
      entityCode: finErpDocuments.entityCode,
      currency: finErpDocuments.currency,
      amount: sql`${finErpDocuments.amount}::text`,
      materials: sql`(select string_agg(coalesce(l->>'material', '—'), ', ') from jsonb_array_elements("fin_erp_documents"."lines") l)`,
      sourceKey: finErpDocuments.sourceKey,
      exportedAt: finErpDocuments.exportedAt,
      approvedBy: finErpDocuments.approvedBy,
      approvedAt: finErpDocuments.approvedAt,
      createdAt: finErpDocuments.createdAt,
    },
    commands: {
      async approve(ctx, record) {
        inState(record, 'draft');
        return { set: { state: 'approved', approvedBy: ctx.auth.userId, approvedAt: ctx.p.clock.now() } };
      },
      async unapprove(_ctx, record) {
        inState(record, 'approved');
        // exported: Kingdee holds it now; undoing here would leave the two books apart
        if (record.exportedAt) throw new AppError('FIN_ERP_DOC_EXPORTED', { vars: { value: String(record.number) } });
        return { set: { state: 'draft', approvedBy: null, approvedAt: null } };
      },
    },
  });

export const erpDocuments = Object.fromEntries(ERP_DOC_TYPES.map((t) => [t, bindDocuments(t)])) as Record<
  ErpDocType,
  ReturnType<typeof bindDocuments>
>;

/** `kingdeeSet/relationMapping`: once per kind and code (FIN_ERP_MAPPING_TAKEN; the unique index under a race). */
export const erpMappings = bindResource(erpMappingResource, {
  table: finErpMappings,
  search: { keyword: finErpMappings.search },
  columns: {
    kind: finErpMappings.kind,
    ourCode: finErpMappings.ourCode,
    kingdeeCode: finErpMappings.kingdeeCode,
    kingdeeName: finErpMappings.kingdeeName,
    remark: finErpMappings.remark,
    updatedBy: finErpMappings.updatedBy,
    updatedAt: finErpMappings.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const ourCode = String(input.ourCode).trim();
      const [taken] = await ctx.tx
        .select({ id: finErpMappings.id })
        .from(finErpMappings)
        .where(and(eq(finErpMappings.kind, input.kind as never), eq(finErpMappings.ourCode, ourCode)));
      if (taken) throw new AppError('FIN_ERP_MAPPING_TAKEN', { vars: { value: ourCode } });
      return { ourCode, updatedBy: ctx.auth.userId, updatedAt: ctx.p.clock.now() };
    },
    async beforeUpdate(ctx) {
      return { updatedBy: ctx.auth.userId, updatedAt: ctx.p.clock.now() };
    },
  },
});

/** One default material per product: making one the default takes it from the others. */
async function oneDefault(tx: Tx, product: string, code: string) {
  await tx
    .update(finErpMaterials)
    .set({ isDefault: false })
    .where(
      and(
        eq(finErpMaterials.product, product as never),
        eq(finErpMaterials.isDefault, true),
        ne(finErpMaterials.code, code),
      ),
    );
}

/** `financial-erp/basic-data-material/material`: a code once (FIN_ERP_MATERIAL_TAKEN). */
export const erpMaterials = bindResource(erpMaterialResource, {
  table: finErpMaterials,
  search: { keyword: finErpMaterials.search },
  columns: {
    code: finErpMaterials.code,
    name: finErpMaterials.name,
    product: finErpMaterials.product,
    unit: finErpMaterials.unit,
    isDefault: finErpMaterials.isDefault,
    enabled: finErpMaterials.enabled,
    updatedAt: finErpMaterials.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const code = String(input.code);
      const [taken] = await ctx.tx
        .select({ id: finErpMaterials.id })
        .from(finErpMaterials)
        .where(eq(finErpMaterials.code, code));
      if (taken) throw new AppError('FIN_ERP_MATERIAL_TAKEN', { vars: { value: code } });
      if (input.isDefault) await oneDefault(ctx.tx, String(input.product), code);
      return { updatedAt: ctx.p.clock.now() };
    },
    async beforeUpdate(ctx, before, patch) {
      const isDefault = 'isDefault' in patch ? patch.isDefault : before.isDefault;
      if (isDefault) await oneDefault(ctx.tx, String(patch.product ?? before.product), String(before.code));
      return { updatedAt: ctx.p.clock.now() };
    },
  },
});
