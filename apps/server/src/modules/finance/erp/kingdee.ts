import { PassThrough, type Readable } from 'node:stream';
import {
  ERP_DOC_META,
  type ErpDocType,
  type ErpMappingKind,
  KINGDEE_CONTACT_TYPE,
  KINGDEE_LAYOUT,
} from '@portal/contracts/finance';
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import { XlsxWriter } from '../../../platform/exports/xlsx.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import { type ErpLine, finErpDocuments, finErpMappings } from './schema.js';

interface DocRow {
  number: string;
  docDate: string;
  counterpartKind: 'customer' | 'supplier';
  counterpartCode: string;
  entityCode: string | null;
  currency: string;
  lines: ErpLine[];
}

/** The codes of a document the Kingdee import needs mapped, as `kind:code`. */
function codesOf(d: DocRow): [ErpMappingKind, string][] {
  return [
    [d.counterpartKind, d.counterpartCode],
    ['currency', d.currency],
    ...(d.entityCode ? [['entity', d.entityCode] as [ErpMappingKind, string]] : []),
    ...d.lines.map((l) => ['material', l.material ?? '—'] as [ErpMappingKind, string]),
  ];
}

/**
 * The Kingdee export of a type's approved documents dated `from`..`to` (decision 0118): every code
 * they carry must be mapped, else FIN_ERP_UNMAPPED lists the missing ones and nothing is marked.
 * The documents are marked exported (the first export's time is kept; the version moves, so an undo
 * racing the export waits for it and is then refused) in one transaction; then the file is written.
 */
export async function kingdeeExport(
  p: Platform,
  type: ErpDocType,
  from: string,
  to: string,
): Promise<{ fileName: string; body: Readable; count: number }> {
  const docs = await p.db.transaction(async (tx) => {
    const rows = rowsOf<DocRow & { id: number }>(
      await tx.execute(sql`select id, number, doc_date::text as "docDate", counterpart_kind as "counterpartKind",
          counterpart_code as "counterpartCode", entity_code as "entityCode", currency, lines
        from fin_erp_documents
        where type = ${type} and state = 'approved' and doc_date between ${from} and ${to}
        order by doc_date, number for update`),
    );
    if (!rows.length) throw new AppError('FIN_ERP_NOTHING_TO_EXPORT');
    const wanted = new Map<string, [ErpMappingKind, string]>();
    for (const d of rows) for (const c of codesOf(d)) wanted.set(c.join(':'), c);
    const mapped = await tx
      .select({ kind: finErpMappings.kind, ourCode: finErpMappings.ourCode, kingdeeCode: finErpMappings.kingdeeCode })
      .from(finErpMappings)
      .where(inArray(finErpMappings.ourCode, [...new Set([...wanted.values()].map((c) => c[1]))]));
    const map = new Map(mapped.map((m) => [`${m.kind}:${m.ourCode}`, m.kingdeeCode]));
    const missing = [...wanted.keys()].filter((k) => !map.has(k)).sort();
    if (missing.length)
      throw new AppError('FIN_ERP_UNMAPPED', {
        vars: { value: missing.slice(0, 20).join(', ') + (missing.length > 20 ? ` … (+${missing.length - 20})` : '') },
        data: { missing },
      });
    await tx
      .update(finErpDocuments)
      .set({
        exportedAt: sql`coalesce(${finErpDocuments.exportedAt}, ${p.clock.now().toISOString()}::timestamptz)`,
        version: sql`${finErpDocuments.version} + 1`,
      })
      .where(
        and(
          eq(finErpDocuments.type, type),
          eq(finErpDocuments.state, 'approved'),
          between(finErpDocuments.docDate, from, to),
          inArray(
            finErpDocuments.id,
            rows.map((r) => r.id),
          ),
        ),
      );
    return rows.map((d) => ({ d, k: (kind: ErpMappingKind, code: string) => map.get(`${kind}:${code}`)! }));
  });
  const out = new PassThrough();
  const xlsx = new XlsxWriter(out, {
    headers: KINGDEE_LAYOUT.map((c) => c[0]),
    widths: [20, 12, 16, 16, 16, 14, 10, 14, 8, 14, 14, 24],
  });
  const meta = ERP_DOC_META[type];
  const done = (async () => {
    await xlsx.addRow(KINGDEE_LAYOUT.map((c) => c[1]));
    for (const { d, k } of docs)
      for (const l of d.lines)
        await xlsx.addRow([
          d.number,
          d.docDate,
          meta.kingdeeForm,
          KINGDEE_CONTACT_TYPE[d.counterpartKind],
          k(d.counterpartKind, d.counterpartCode),
          d.entityCode ? k('entity', d.entityCode) : '',
          k('currency', d.currency),
          k('material', l.material ?? '—'),
          l.qty,
          l.price,
          l.amount,
          d.number,
        ]);
    await xlsx.finish();
  })();
  done.catch((err) => out.destroy(err));
  return { fileName: `kingdee-${meta.file}-${from}-${to}.xlsx`, body: out, count: docs.length };
}
