import fsp from 'node:fs/promises';
import os from 'node:os';
import { Errors, type ExportFormat, type ExportTaskRow, errorMessage, type Locale } from '@portal/contracts';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { AuthContext } from '../auth/context.js';
import { filesOf } from '../files/service.js';
import { sha256OfFile } from '../files/staging.js';
import { AppError } from '../http/errors.js';
import { defineMessageTemplates, templated } from '../i18n/message-templates.js';
import { declareLiveResource, publishRecordChanged } from '../live/record-changes.js';
import type { Platform } from '../platform.js';
import { writeExportFile } from './run.js';
import { exportTasks } from './schema.js';
import { exportSource } from './source.js';
import {
  EXPORT_JOB,
  EXPORT_TASKS_RESOURCE,
  HEARTBEAT_EVERY_MS,
  HEARTBEAT_STALE_SECONDS,
  MAX_ATTEMPTS,
} from './topics.js';

export type ExportTask = typeof exportTasks.$inferSelect;
export type ExportPlatform = Pick<
  Platform,
  'db' | 'database' | 'config' | 'bus' | 'jobs' | 'access' | 'log' | 'notifier' | 'clock'
>;

/** This process, as written on the tasks it runs. */
const WORKER = `${os.hostname()}:${process.pid}`;

declareLiveResource(EXPORT_TASKS_RESOURCE, null, async (db, id) =>
  (
    await db
      .select({ userId: exportTasks.userId })
      .from(exportTasks)
      .where(eq(exportTasks.id, Number(id)))
  ).map((r) => r.userId),
);

defineMessageTemplates('export', {
  ready: {
    title: { 'zh-CN': '导出完成：{name}', en: 'Export ready: {name}' },
    content: {
      'zh-CN': '文件“{name}”已生成，请到下载中心下载',
      en: 'The file "{name}" is ready in the download center',
    },
  },
});

const publish = (p: ExportPlatform, id: number) =>
  publishRecordChanged(p.bus, EXPORT_TASKS_RESOURCE, id).catch((err) =>
    p.log.warn({ err, id }, 'export task change not published'),
  );

/** Running, but no heartbeat for HEARTBEAT_STALE_SECONDS: its worker is gone. */
export function isStalled(t: ExportTask, now = new Date()): boolean {
  return (
    t.state === 'running' &&
    (!t.heartbeatAt || t.heartbeatAt.getTime() < now.getTime() - HEARTBEAT_STALE_SECONDS * 1000)
  );
}

export function taskRow(t: ExportTask, now = new Date()): ExportTaskRow {
  const progress =
    t.state === 'done' ? 100 : t.totalNum > 0 ? Math.min(99, Math.floor((t.rowsWritten / t.totalNum) * 100)) : 0;
  return {
    id: t.id,
    version: t.version,
    userId: t.userId,
    name: t.name,
    format: t.format,
    state: t.state,
    progress,
    totalNum: t.totalNum,
    rowsWritten: t.rowsWritten,
    size: t.size,
    reason: t.reason,
    fileId: t.fileId,
    createdAt: t.createdAt.toISOString(),
    finishedAt: t.finishedAt?.toISOString() ?? null,
    expiresAt: t.expiresAt?.toISOString() ?? null,
    stalled: isStalled(t, now),
  };
}

/** Queues an export task and its job; the download center shows it at once. */
export async function createExportTask(
  p: ExportPlatform,
  input: {
    userId: number;
    sourceKey: string;
    query: unknown;
    format: ExportFormat;
    locale: Locale;
    totalNum: number;
    name: string;
  },
): Promise<ExportTask> {
  const [task] = await p.db
    .insert(exportTasks)
    .values({
      userId: input.userId,
      source: input.sourceKey,
      name: input.name,
      format: input.format,
      query: input.query as object,
      locale: input.locale,
      totalNum: input.totalNum,
    })
    .returning();
  await sendRun(p, task!);
  return task!;
}

async function sendRun(p: ExportPlatform, task: ExportTask) {
  await p.jobs.send(EXPORT_JOB, { taskId: task.id, attempt: task.attempt });
  await publish(p, task.id);
}

/** The signed-in user's context as it is now (permissions and data scope), for a task run later. */
async function authOf(p: ExportPlatform, userId: number, taskId: number): Promise<AuthContext | null> {
  const access = await p.access.get(userId);
  if (access?.status !== 'active') return null;
  return {
    userId,
    username: access.username,
    sessionId: `export-task:${taskId}`,
    perms: access.perms,
    scope: access.scope,
  };
}

function reasonOf(err: unknown, locale: Locale): string {
  if (err instanceof AppError) return err.message_(locale);
  const base = errorMessage(Errors.EXPORT_FAILED, locale);
  const detail = err instanceof Error ? err.message : String(err);
  return `${base}: ${detail}`.slice(0, 500);
}

/** The download center's page (named route GeneralDownload). */
export const DOWNLOAD_CENTER_PATH = '/general/download';

/**
 * The file of an export has arrived: a message to its owner (message center, pushed live, in the
 * reader's language), pointing at the download center. A failure to tell is logged.
 */
async function tellReady(p: ExportPlatform, task: ExportTask) {
  await p.notifier
    .send({
      userIds: [task.userId],
      type: 'system',
      ...templated('export.ready', { name: task.name }),
      link: DOWNLOAD_CENTER_PATH,
      source: { kind: 'export', id: String(task.id) },
      msgType: 1,
    })
    .catch((err) => p.log.warn({ err, taskId: task.id }, 'export ready message failed'));
}

/**
 * The job: claims the task (only the attempt it was sent for, only while queued), streams the
 * rows into a file with the caller's current permissions and data scope, stores the file, marks
 * the task done; any failure marks it failed with the reason (no automatic retry: the user
 * retries from the download center).
 */
export async function runExportTask(p: ExportPlatform, data: { taskId: number; attempt: number }): Promise<void> {
  const [task] = await p.db
    .update(exportTasks)
    .set({ state: 'running', worker: WORKER, startedAt: new Date(), heartbeatAt: new Date(), rowsWritten: 0 })
    .where(and(eq(exportTasks.id, data.taskId), eq(exportTasks.attempt, data.attempt), eq(exportTasks.state, 'queued')))
    .returning();
  if (!task) return; // deleted, retried meanwhile, or a stale job of an earlier attempt
  await publish(p, task.id);
  const locale = task.locale as Locale;
  const mine = and(eq(exportTasks.id, task.id), eq(exportTasks.attempt, task.attempt));
  const files = await filesOf(p);
  // the heartbeat goes on while the query or the upload is slow: only a dead worker stops it
  const heartbeat = setInterval(() => {
    p.db
      .update(exportTasks)
      .set({ heartbeatAt: new Date() })
      .where(and(mine, eq(exportTasks.state, 'running')))
      .catch((err) => p.log.warn({ err, taskId: task.id }, 'export heartbeat failed'));
  }, HEARTBEAT_EVERY_MS);
  heartbeat.unref();
  try {
    const source = exportSource(task.source);
    if (!source) throw new Error(`unknown export source ${task.source}`);
    const auth = await authOf(p, task.userId, task.id);
    // the user must still be active, and still hold the list's key when it has one
    if (!auth || (source.perm && !auth.perms.has(source.perm))) throw new AppError('NO_PERMISSION');
    const query = source.query.parse(task.query);
    let last = 0;
    const staged = await writeExportFile(
      {
        source,
        query,
        auth,
        format: task.format,
        locale,
        tmpDir: files.settings.tmpDir,
        at: p.clock.now(),
        onProgress: async (rows) => {
          if (Date.now() - last < 1000) return;
          last = Date.now();
          await p.db.update(exportTasks).set({ rowsWritten: rows, heartbeatAt: new Date() }).where(mine);
          await publish(p, task.id);
        },
      },
      p.database,
    );
    const expiresAt = new Date(Date.now() + files.settings.exportRetentionMs);
    const info = await files.storeStaged(
      { path: staged.path, size: (await fsp.stat(staged.path)).size, sha256: await sha256OfFile(staged.path) },
      { name: task.name, purpose: 'export', ownerUserId: task.userId, expiresAt, trusted: true },
    );
    const [done] = await p.db
      .update(exportTasks)
      .set({
        state: 'done',
        fileId: info.id,
        size: info.size,
        rowsWritten: staged.rows,
        totalNum: staged.rows,
        finishedAt: new Date(),
        expiresAt,
        reason: null,
      })
      .where(and(mine, eq(exportTasks.state, 'running')))
      .returning({ id: exportTasks.id });
    if (!done)
      await files.remove(info.id); // deleted while running: keep no orphan file
    else await tellReady(p, task);
  } catch (err) {
    p.log.warn({ err, taskId: task.id }, 'export task failed');
    await p.db
      .update(exportTasks)
      .set({ state: 'failed', reason: reasonOf(err, locale), finishedAt: new Date() })
      .where(and(mine, eq(exportTasks.state, 'running')));
  } finally {
    clearInterval(heartbeat);
  }
  await publish(p, task.id);
}

/**
 * Tasks left 'running' by a process that died (no heartbeat for a minute on PostgreSQL; every
 * running task at start on PGlite, which has one process): queued again while attempts remain,
 * else failed with the reason. Never stuck in running.
 */
export async function recoverExportTasks(p: ExportPlatform, opts: { atStart?: boolean } = {}): Promise<number> {
  const everyRunning = opts.atStart && p.database.kind === 'pglite';
  const stale = everyRunning
    ? eq(exportTasks.state, 'running')
    : and(
        eq(exportTasks.state, 'running'),
        or(
          sql`${exportTasks.heartbeatAt} is null`,
          lt(exportTasks.heartbeatAt, new Date(Date.now() - HEARTBEAT_STALE_SECONDS * 1000)),
        ),
      );
  const rows = await p.db.select().from(exportTasks).where(stale);
  for (const t of rows) {
    const locale = t.locale as Locale;
    if (t.attempt < MAX_ATTEMPTS) {
      const [again] = await p.db
        .update(exportTasks)
        .set({
          state: 'queued',
          attempt: t.attempt + 1,
          rowsWritten: 0,
          worker: null,
          heartbeatAt: null,
          reason: locale === 'zh-CN' ? '服务重启，任务已重新排队' : 'The server restarted; the task was queued again',
        })
        .where(and(eq(exportTasks.id, t.id), eq(exportTasks.attempt, t.attempt), eq(exportTasks.state, 'running')))
        .returning();
      if (again) {
        try {
          await sendRun(p, again);
        } catch (err) {
          // no job queue in this process (JOBS=false): leave the task to a process that has one
          p.log.warn({ err, taskId: t.id }, 'export task recovery deferred: job queue unavailable');
          await p.db
            .update(exportTasks)
            .set({ state: 'running', attempt: t.attempt, heartbeatAt: t.heartbeatAt })
            .where(
              and(eq(exportTasks.id, t.id), eq(exportTasks.attempt, again.attempt), eq(exportTasks.state, 'queued')),
            );
        }
      }
    } else {
      await p.db
        .update(exportTasks)
        .set({
          state: 'failed',
          finishedAt: new Date(),
          reason:
            locale === 'zh-CN'
              ? '导出失败：服务多次中断，请重试'
              : 'Export failed: the server was interrupted repeatedly; retry',
        })
        .where(and(eq(exportTasks.id, t.id), eq(exportTasks.attempt, t.attempt), eq(exportTasks.state, 'running')));
      await publish(p, t.id);
    }
  }
  return rows.length;
}

/** Done tasks past their retention: the file is deleted and the task shows as expired. */
export async function expireExportTasks(p: ExportPlatform, now = new Date()): Promise<number> {
  const files = await filesOf(p);
  const rows = await p.db
    .update(exportTasks)
    .set({ state: 'expired', fileId: null })
    .where(and(eq(exportTasks.state, 'done'), lt(exportTasks.expiresAt, now)))
    .returning({ id: exportTasks.id });
  for (const r of rows) await publish(p, r.id);
  await files.removeExpired(now);
  return rows.length;
}

/* ---------- the download center's calls (always the caller's own tasks) ---------- */

/** How many of the user's tasks are queued or running (the download center's "active" beside its page). */
export async function activeTaskCount(p: ExportPlatform, userId: number): Promise<number> {
  const [row] = await p.db
    .select({ n: sql<number>`count(*)::int` })
    .from(exportTasks)
    .where(and(eq(exportTasks.userId, userId), inArray(exportTasks.state, ['queued', 'running'])));
  return row?.n ?? 0;
}

async function ownTask(p: ExportPlatform, userId: number, id: number): Promise<ExportTask> {
  const [t] = await p.db
    .select()
    .from(exportTasks)
    .where(and(eq(exportTasks.id, id), eq(exportTasks.userId, userId)));
  if (!t) throw new AppError('NOT_FOUND');
  return t;
}

export async function exportTaskDetail(p: ExportPlatform, userId: number, id: number): Promise<ExportTaskRow> {
  return taskRow(await ownTask(p, userId, id));
}

/** A signed URL of a done task's file. */
export async function exportTaskUrl(p: ExportPlatform, userId: number, id: number): Promise<string> {
  const t = await ownTask(p, userId, id);
  if (t.state === 'expired') throw new AppError('EXPORT_EXPIRED');
  if (t.state !== 'done' || !t.fileId) throw new AppError('EXPORT_NOT_READY');
  return (await filesOf(p)).url(t.fileId);
}

/** Deletes a task and its file (a running job notices and keeps nothing). */
export async function deleteExportTask(p: ExportPlatform, userId: number, id: number): Promise<void> {
  const t = await ownTask(p, userId, id);
  await p.db.delete(exportTasks).where(eq(exportTasks.id, t.id));
  if (t.fileId) await (await filesOf(p)).remove(t.fileId);
  await publish(p, t.id);
}

/**
 * Runs a failed, expired or stalled (running without a heartbeat) task again, as a new attempt; a
 * stalled run that comes back to life finds its attempt superseded and writes nothing more.
 */
export async function retryExportTask(
  p: ExportPlatform,
  userId: number,
  id: number,
  now = new Date(),
): Promise<ExportTaskRow> {
  const t = await ownTask(p, userId, id);
  if (t.state !== 'failed' && t.state !== 'expired' && !isStalled(t, now)) throw new AppError('EXPORT_NOT_RETRYABLE');
  const [again] = await p.db
    .update(exportTasks)
    .set({
      state: 'queued',
      attempt: t.attempt + 1,
      rowsWritten: 0,
      reason: null,
      fileId: null,
      size: null,
      finishedAt: null,
      expiresAt: null,
      worker: null,
      heartbeatAt: null,
    })
    .where(and(eq(exportTasks.id, t.id), eq(exportTasks.attempt, t.attempt)))
    .returning();
  if (!again) throw new AppError('CONFLICT');
  await sendRun(p, again);
  return taskRow(again);
}
