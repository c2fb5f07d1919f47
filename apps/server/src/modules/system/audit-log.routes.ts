import { envelope, Perm, pageResult } from '@portal/contracts';
import { auditListQuery, auditRow } from '@portal/contracts/system-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportRoute } from '../../platform/exports/list-export.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { auditLogExport } from './audit-log.export.js';
import { listAudit } from './audit-log.service.js';

/** /setModule/systemLog: the request audit log (platform/audit writes it). */
export async function auditLogRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/v2/sys/staff/log/page',
    {
      schema: {
        tags: ['system'],
        summary: 'System log: audited requests (paged, newest first, last 7 days unless a range is given)',
        body: auditListQuery,
        response: { 200: envelope(pageResult(auditRow)) },
      },
      config: { access: { perm: Perm.SYS_LOG }, audit: false },
    },
    async (req) => ok(await listAudit(p.db, req.auth!, req.body, p.config.listCountCap)),
  );
  exportRoute(
    app,
    p,
    '/v2/sys/staff/log/export',
    auditLogExport,
    auditListQuery,
    'Export the system log (same filters as the page)',
  );
}
