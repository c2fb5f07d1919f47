import { envelope } from '@portal/contracts';
import {
  SUPPLIER_BILL_IMPORT,
  SUPPLIER_BILL_MAIL_FILE_TYPES,
  SupplierBillPerm,
  supplierBillFromMail,
  supplierBillMail,
} from '@portal/contracts/finance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stampAuditSubject } from '../../../platform/audit/subject.js';
import { ok } from '../../../platform/http/envelope.js';
import { AppError } from '../../../platform/http/errors.js';
import { localeOf } from '../../../platform/http/locale.js';
import { type ImportDef, readImport } from '../../../platform/imports/define.js';
import { MAX_IMPORT_BYTES } from '../../../platform/imports/routes.js';
import type { Platform } from '../../../platform/platform.js';
import { portOf } from '../../../platform/ports.js';
import { billCheckResult, billLineImport } from './bill-import.js';
import { supplierBills } from './bills.js';

const tags = ['finance'];
const exts = [...SUPPLIER_BILL_MAIL_FILE_TYPES];

/**
 * A supplier's bill received by mail (decision 0126): the caller's mails holding an XLSX, and one of
 * them read by the upload's own import (same columns, checks and commit), all rows or none, the bill
 * remembering the mail. Mails are read through the mail room's port: only the caller's own.
 */
export async function billMailRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const def = billLineImport(p);

  r.get(
    SUPPLIER_BILL_IMPORT.mails,
    {
      schema: {
        tags,
        summary:
          'The caller’s newest mails (through the mail room’s port) holding an XLSX a bill’s lines can be read from',
        response: { 200: envelope(z.array(supplierBillMail)) },
      },
      config: { access: { perm: SupplierBillPerm.CHECK } },
    },
    async (req) => {
      const mails = (await portOf(p.db, 'mail')?.attachmentMails?.(req.auth!.userId, exts, 50)) ?? [];
      return ok(mails.map((m) => ({ ...m, at: m.at.toISOString() })));
    },
  );

  r.post(
    SUPPLIER_BILL_IMPORT.fromMail(':id'),
    {
      schema: {
        tags,
        summary:
          'Read a draft or checked bill’s lines from the XLSX attached to one of the caller’s mails and compare them with our cost, as the upload’s commit does; a bad row refuses them all',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: supplierBillFromMail,
        response: { 200: envelope(billCheckResult) },
      },
      config: {
        access: { perm: SupplierBillPerm.CHECK },
        checkRepeat: true,
        auditAction: { zh: '从邮件读取账单', en: 'Read the bill from a mail' },
      },
    },
    async (req) => {
      stampAuditSubject(req, supplierBills.def.key, req.params.id);
      const { mailId } = req.body;
      const mail = await portOf(p.db, 'mail')?.attachment?.(req.auth!.userId, mailId, exts);
      if (!mail) throw new AppError('FIN_SUPPLIER_BILL_MAIL_NOT_FOUND', { vars: { value: `#${mailId}` } });
      if (mail.content.length > MAX_IMPORT_BYTES) throw new AppError('FILE_TOO_LARGE', { vars: { limit: '2 MB' } });
      const locale = localeOf(req.headers);
      const preview = await readImport(mail.content, def as ImportDef<typeof def.rowSchema, unknown>, locale);
      const bad = preview.errors[0];
      if (bad)
        throw new AppError('FIN_SUPPLIER_BILL_MAIL_ROWS', {
          vars: { file: mail.fileName, row: bad.row, reason: `${bad.field}: ${bad.message}` },
        });
      if (!preview.rows.length) throw new AppError('FIN_SUPPLIER_BILL_MAIL_EMPTY', { vars: { file: mail.fileName } });
      const source = { mailId, subject: mail.subject, from: mail.from ?? '', fileName: mail.fileName };
      const target = { id: req.params.id, source };
      const result = await p.db.transaction((tx) => def.commit(tx, req.auth!, preview.rows, target));
      return ok(result as z.infer<typeof billCheckResult>);
    },
  );
}
