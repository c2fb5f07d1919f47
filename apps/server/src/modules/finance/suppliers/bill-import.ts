import {
  SUPPLIER_BILL_IMPORT,
  SupplierBillPerm,
  type SupplierProduct,
  supplierBillLineRow,
} from '@portal/contracts/finance';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../platform/http/errors.js';
import { defineImport } from '../../../platform/imports/define.js';
import { mountImport } from '../../../platform/imports/routes.js';
import type { Platform } from '../../../platform/platform.js';
import { loadRecord } from '../../../platform/resource/query.js';
import { type BillSource, checkBill, supplierBills } from './bills.js';

/**
 * A number as a bill writes it: commas only as thousands separators (`1,200.50`); a decimal comma
 * (`8,40`, common in semicolon CSV) is refused rather than read as 840.
 */
const number = (t: string) => {
  if (t.includes(',') && !/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) throw new Error('not a number');
  const n = Number(t.replace(/,/g, ''));
  if (!Number.isFinite(n)) throw new Error('not a number');
  return n;
};
const BILL_FIELDS = ['code', 'state', 'supplierId', 'product', 'currency', 'periodFrom', 'periodTo'];

/**
 * A supplier bill's lines from XLSX or CSV (decisions 0107, 0135): day, destination country, their count and amount.
 * The preview lists bad rows and saves nothing; the commit replaces the bill's lines, compared with
 * our cost, in one transaction (a day outside the bill's period refuses them all).
 */
export const billLineImport = (p: Platform) =>
  defineImport({
    key: 'supplier-bill-lines',
    perm: SupplierBillPerm.CHECK,
    columns: [
      { key: 'day', aliases: ['日期', 'Date', 'Day'], required: true, width: 12 },
      {
        key: 'country',
        aliases: ['国家', 'Country', 'Destination'],
        required: true,
        width: 10,
        parse: (t) => t.toUpperCase(),
      },
      { key: 'count', aliases: ['数量', 'Count', 'Minutes', 'Messages'], required: true, parse: number },
      { key: 'amount', aliases: ['金额', 'Amount'], required: true, parse: number },
    ],
    rowSchema: supplierBillLineRow,
    unique: 'line',
    maxRows: 5_000,
    // decision 0135: a CSV bill is read by the same columns and checks
    csv: { notUtf8: 'FIN_SUPPLIER_BILL_CSV_ENCODING' },
    examples: [
      { day: '2026-11-01', country: 'CN', count: 1200, amount: 8.4 },
      { day: '2026-11-01', country: 'US', count: 300, amount: 2.1 },
    ],
    prepare: (raw) => ({ ...raw, line: `${raw.day} ${raw.country}` }),
    commit: async (tx, auth, rows, target: { id: number; source?: BillSource }) => {
      // in scope (NOT_FOUND else) and locked: two uploads of one bill queue
      const bill = await loadRecord(tx, supplierBills, auth, target.id, BILL_FIELDS, true);
      if (bill.state !== 'draft' && bill.state !== 'checked')
        throw new AppError('FIN_BILL_STATE', { vars: { value: String(bill.code) } });
      return checkBill(
        tx,
        {
          id: target.id,
          supplierId: bill.supplierId as number,
          product: bill.product as SupplierProduct,
          currency: String(bill.currency),
          periodFrom: String(bill.periodFrom),
          periodTo: String(bill.periodTo),
        },
        rows.map((r) => ({ day: r.day, country: r.country, count: r.count, amount: Math.round(r.amount * 100) })),
        p.clock.now(),
        target.source ?? null,
      );
    },
  });

export const billCheckResult = z.object({
  theirAmount: z.number(),
  ourCost: z.number(),
  difference: z.number(),
  lines: z.number(),
  flagged: z.number(),
});

export const mountBillImport = (app: FastifyInstance, p: Platform) =>
  mountImport(app, p, billLineImport(p), {
    template: SUPPLIER_BILL_IMPORT.template,
    preview: SUPPLIER_BILL_IMPORT.preview,
    commit: SUPPLIER_BILL_IMPORT.commit(0).replace('/0/', '/:id/'),
    params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
    result: billCheckResult,
    tags: ['finance'],
  });
