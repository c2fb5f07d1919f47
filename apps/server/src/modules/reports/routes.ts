import { envelope, exportOptions } from '@portal/contracts';
import { liveReports, reportAnswer, reportApi, reportQuery } from '@portal/contracts/reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportFileName } from '../../platform/exports/file-name.js';
import { sendExportFile } from '../../platform/exports/list-export.js';
import { filesOf } from '../../platform/files/service.js';
import { ok } from '../../platform/http/envelope.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { writeReportFile } from './export.js';
import { runReport } from './kernel.js';

const tags = ['reports'];

/** Per report definition: `POST <api>/data` (the figures) and `POST <api>/export` (the same, as XLSX/CSV), under its key. */
export async function reportRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const def of liveReports) {
    const access = { perm: def.perm };
    r.post(
      `${reportApi(def)}/data`,
      {
        schema: {
          tags,
          summary: `${def.title.en}: figures of a period and the one before`,
          body: reportQuery,
          response: { 200: envelope(reportAnswer) },
        },
        config: { access, audit: false },
      },
      async (req) => ok(await runReport(p.db, req.auth!, def, req.body, p.clock.now())),
    );
    r.post(
      `${reportApi(def)}/export`,
      {
        schema: {
          tags,
          summary: `${def.title.en}: what the screen shows, as a file`,
          body: reportQuery.extend(exportOptions.shape),
        },
        config: { access, audit: false },
      },
      async (req, reply) => {
        const { format, ...q } = req.body;
        const locale = localeOf(req.headers);
        const answer = await runReport(p.db, req.auth!, def, q, p.clock.now());
        const files = await filesOf(p);
        const staged = await writeReportFile(def, answer, format, locale, files.settings.tmpDir);
        return sendExportFile(
          reply,
          staged,
          exportFileName(locale === 'zh-CN' ? def.title.zh : def.title.en, format),
          format,
        );
      },
    );
  }
}
