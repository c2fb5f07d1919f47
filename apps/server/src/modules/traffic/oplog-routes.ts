import { envelope, exportOptions } from '@portal/contracts';
import { type OperationLogRow, operationLogPage, operationLogQuery, TrafficPerm } from '@portal/contracts/traffic';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { operationLog } from './oplog.js';
import { type PerfColumn, sendPerformanceFile } from './perf-exports.js';

const B = '/v2/traffic/operation-log';
const tags = ['traffic'];
/** an export holds at most this many lines (93 days of one account's changes) */
export const OPLOG_EXPORT_MAX = 20_000;

const ACTIONS: Record<string, [string, string]> = {
  created: ['创建', 'Created'],
  updated: ['修改', 'Updated'],
  state: ['状态变更', 'State changed'],
  command: ['操作', 'Action'],
  comment: ['评论', 'Comment'],
  follow_up: ['跟进', 'Follow-up'],
  approval: ['审批', 'Approval'],
  mail: ['邮件', 'Mail'],
  file: ['附件', 'Files'],
};
const COLUMNS: PerfColumn<OperationLogRow>[] = [
  ['时间', 'Time', (r) => r.at],
  ['操作人', 'By', (r) => r.actorName ?? ''],
  ['类型', 'Kind', (r) => r.kindLabel],
  ['记录', 'Record', (r) => (r.request ? `${r.request.subjectLabel} #${r.recordId}` : r.recordId)],
  ['动作', 'Action', (r, zh) => r.command ?? ACTIONS[r.action]?.[zh ? 0 : 1] ?? r.action],
  ['变更', 'Changes', (r) => r.changes.map((c) => `${c.label}: ${c.from} → ${c.to}`).join('\n')],
  ['备注', 'Note', (r) => r.body ?? ''],
  // a request line's outcome (decision 0151); history lines leave it empty
  [
    '结果',
    'Outcome',
    (r, zh) =>
      !r.request
        ? ''
        : r.request.ok
          ? zh
            ? '成功'
            : 'Succeeded'
          : `${zh ? '失败' : 'Failed'}${r.request.resultCode ? ` ${r.request.resultCode}` : ''}: ${r.request.message ?? ''}`,
  ],
];

/** `operationLog` (decision 0145): one account's history, paged, and the same lines as a file. */
export async function operationLogRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { perm: TrafficPerm.OPERATION_LOG };
  r.get(
    B,
    {
      schema: {
        tags,
        summary:
          "operationLog: one consumer account's changes and those of its records (workspaces, keys, apps, bills, two-way rules…) and the audited calls on them (kind request), newest first, in a range of at most 93 days",
        querystring: operationLogQuery,
        response: { 200: envelope(operationLogPage) },
      },
      config: { access, audit: false },
    },
    async (req) => ok(await operationLog(p.db, req.auth!, req.query, localeOf(req.headers))),
  );
  r.post(
    `${B}/export`,
    {
      schema: {
        tags,
        summary: 'operationLog: the lines of the filter as a file (at most 20,000)',
        body: operationLogQuery.omit({ page: true, size: true }).extend(exportOptions.shape),
      },
      config: { access, audit: false },
    },
    async (req, reply) => {
      const { format, ...q } = req.body;
      const locale = localeOf(req.headers);
      const page = await operationLog(p.db, req.auth!, { ...q, page: 1, size: OPLOG_EXPORT_MAX }, locale);
      return sendPerformanceFile(p, reply, {
        rows: page.records,
        columns: COLUMNS,
        title: { 'zh-CN': `操作日志 ${page.account.code}`, en: `Operation log ${page.account.code}` },
        format,
        locale,
      });
    },
  );
}
