import { envelope } from '@portal/contracts';
import {
  ERP_DOC_TYPES,
  ERP_SETTINGS_API,
  ErpMappingPerm,
  erpDocApi,
  erpDocPerm,
  erpSettings,
  erpSettingsView,
} from '@portal/contracts/finance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.js';
import { AppError } from '../../../platform/http/errors.js';
import { sendXlsx } from '../../../platform/http/xlsx-reply.js';
import type { Platform } from '../../../platform/platform.js';
import { erpSettingsOf } from './daily.js';
import { kingdeeExport } from './kingdee.js';
import { produceDeps, produceDocuments } from './produce.js';
import { finErpSettings } from './schema.js';

const tags = ['finance-erp'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const period = z.object({ from: z.string().regex(DAY), to: z.string().regex(DAY) });

/** A period of at most 93 days, the end not before the start (FIN_ERP_PERIOD). */
function checkPeriod(b: { from: string; to: string }) {
  const days = (Date.parse(b.to) - Date.parse(b.from)) / 86_400_000;
  if (!(days >= 0 && days <= 93)) throw new AppError('FIN_ERP_PERIOD');
}

/** Per document type (decision 0118): produce drafts from the ledgers, and the Kingdee export. */
export async function erpRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const type of ERP_DOC_TYPES) {
    const perm = erpDocPerm(type);
    r.post(
      `${erpDocApi(type)}/produce`,
      {
        schema: {
          tags,
          summary: `Produce draft ${type} documents from the ledger entries of a period (idempotent)`,
          body: period,
          response: { 200: envelope(z.object({ created: z.number().int() })) },
        },
        config: { access: { perm: perm.EDIT }, checkRepeat: true },
      },
      async (req) => {
        checkPeriod(req.body);
        return ok(await produceDocuments(produceDeps(p), type, req.body.from, req.body.to));
      },
    );
    r.post(
      `${erpDocApi(type)}/kingdee-export`,
      {
        schema: {
          tags,
          summary: `The approved ${type} documents of a period in the Kingdee import layout (XLSX)`,
          body: period,
        },
        config: { access: { perm: perm.EDIT } },
      },
      async (req, reply) => {
        checkPeriod(req.body);
        const file = await kingdeeExport(p, type, req.body.from, req.body.to);
        return sendXlsx(reply, file.fileName, file.body);
      },
    );
  }
  r.get(
    ERP_SETTINGS_API,
    {
      schema: {
        tags,
        summary: 'The ERP settings: whether the daily job produces the documents',
        response: { 200: envelope(erpSettingsView) },
      },
      config: { access: { perm: ErpMappingPerm.LIST } },
    },
    async () => ok(await erpSettingsOf(p.db)),
  );
  r.put(
    ERP_SETTINGS_API,
    {
      schema: {
        tags,
        summary: 'Switch the daily ERP production on or off',
        body: erpSettings,
        response: { 200: envelope(erpSettingsView) },
      },
      config: { access: { perm: ErpMappingPerm.EDIT } },
    },
    async (req) => {
      const set = { dailyProduce: req.body.dailyProduce, updatedBy: req.auth!.userId, updatedAt: p.clock.now() };
      await p.db
        .insert(finErpSettings)
        .values({ id: 1, ...set })
        .onConflictDoUpdate({ target: finErpSettings.id, set });
      return ok(await erpSettingsOf(p.db));
    },
  );
}
