import { Perm } from '@portal/contracts';
import { auditListQuery } from '@portal/contracts/system-settings';
import { auditLog } from '../../platform/audit/schema.js';
import { defineExportSource, utcTimeCell } from '../../platform/exports/source.js';
import { auditOrder, auditWhere, countAudit } from './audit-log.service.js';

/** The system log as a file: the screen's filters, window and data scope. */
export const auditLogExport = defineExportSource({
  key: 'system.audit-log',
  perm: Perm.SYS_LOG,
  query: auditListQuery,
  title: { 'zh-CN': '系统日志', en: 'system-log' },
  columns: [
    { zh: '时间 (UTC)', en: 'Time (UTC)', width: 20 },
    { zh: '用户', en: 'User', width: 14 },
    { zh: '操作', en: 'Action', width: 36 },
    { zh: '方法', en: 'Method', width: 8 },
    { zh: '路径', en: 'Path', width: 36 },
    { zh: 'HTTP 状态', en: 'HTTP status', width: 10 },
    { zh: '结果码', en: 'Result code', width: 12 },
    { zh: '耗时 (ms)', en: 'Duration (ms)', width: 12 },
    { zh: 'IP', en: 'IP', width: 16 },
  ],
  count: countAudit,
  select(db, auth, q) {
    return db
      .select({
        at: auditLog.at,
        username: auditLog.username,
        summary: auditLog.summary,
        method: auditLog.method,
        path: auditLog.path,
        status: auditLog.statusCode,
        code: auditLog.resultCode,
        ms: auditLog.durationMs,
        ip: auditLog.ip,
      })
      .from(auditLog)
      .where(auditWhere(auth, q))
      .orderBy(...auditOrder)
      .toSQL();
  },
  cells(row) {
    const [at, username, summary, method, path, status, code, ms, ip] = row;
    const text = (v: unknown) => (v == null ? null : String(v));
    const num = (v: unknown) => (v == null ? null : Number(v));
    return [
      utcTimeCell(at),
      text(username),
      text(summary),
      String(method),
      String(path),
      num(status),
      num(code),
      num(ms),
      text(ip),
    ];
  },
});
