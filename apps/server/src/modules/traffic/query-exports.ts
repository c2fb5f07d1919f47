import {
  type AppointmentQuery,
  appointmentQuery,
  type RecallTaskQuery,
  recallTaskQuery,
  TrafficPerm,
  type TwoWayTaskQuery,
  twoWayTaskQuery,
} from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { count, desc, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf } from '../../platform/db/index.js';
import { type Cell, defineExportSource, utcTimeCell } from '../../platform/exports/source.js';
import { appointmentWhere } from './appointments.js';
import { recallTasksSql, recallTaskWhere } from './recall.js';
import { trafficAppointments as a, trafficRecallTasks as rt, trafficTwoWayTasks as tt } from './schema.js';
import { tasksWithFiguresSql, twoWayTaskWhere } from './twoway-tasks.js';

/**
 * Exports of the three query views of decision 0106 (decision 0115): each the screen's range rule,
 * filters and data scope through the platform's export path (a large result goes to the download center).
 */
const dialect = new PgDialect();
const text = (v: unknown): Cell => (v == null ? null : String(v));
const time = (v: unknown): Cell => utcTimeCell(v instanceof Date ? v : v ? new Date(String(v)) : null);

/** sms-appointment-record's export */
export const appointmentsExport = defineExportSource<AppointmentQuery>({
  key: 'traffic.appointments',
  perm: TrafficPerm.APPOINTMENTS,
  query: appointmentQuery as never,
  title: { 'zh-CN': '短信预约发送记录', en: 'Scheduled SMS sends' },
  columns: [
    { zh: '预约时间 (UTC)', en: 'Scheduled (UTC)', width: 20 },
    { zh: '批次 ID', en: 'Batch id', width: 24 },
    { zh: '账户 ID', en: 'Account id', width: 10 },
    { zh: '客户 ID', en: 'Customer id', width: 10 },
    { zh: '发送方 ID', en: 'Sender id', width: 14 },
    { zh: '号码数', en: 'Numbers', width: 10 },
    { zh: '每号码分段', en: 'Segments a number', width: 10 },
    { zh: '状态', en: 'State', width: 10 },
    { zh: '创建时间 (UTC)', en: 'Created (UTC)', width: 20 },
    { zh: '发送时间 (UTC)', en: 'Sent (UTC)', width: 20 },
    { zh: '取消时间 (UTC)', en: 'Cancelled (UTC)', width: 20 },
    { zh: '取消人 ID', en: 'Cancelled by', width: 10 },
  ],
  async count(db, auth, q) {
    const [row] = await db.select({ n: count() }).from(a).where(appointmentWhere(auth, q));
    return Number(row?.n ?? 0);
  },
  select: (db, auth, q) =>
    db
      .select({
        scheduledAt: a.scheduledAt,
        batchId: a.batchId,
        accountId: a.accountId,
        customerId: a.customerId,
        senderId: a.senderId,
        numbers: a.numbers,
        segments: a.segments,
        state: a.state,
        createdAt: a.createdAt,
        sentAt: a.sentAt,
        cancelledAt: a.cancelledAt,
        cancelledBy: a.cancelledBy,
      })
      .from(a)
      .where(appointmentWhere(auth, q))
      .orderBy(desc(a.scheduledAt), desc(a.id))
      .toSQL(),
  cells: (row) => row.map((v, i) => ([0, 8, 9, 10].includes(i) ? time(v) : text(v))),
});

/**
 * twowaytask's export: the figures as the screen reads them. A task's state (and the state filter)
 * is judged at the app clock's now when the export runs, as the screen's is.
 */
export const twoWayTasksExport = defineExportSource<TwoWayTaskQuery>({
  key: 'traffic.twoway-tasks',
  perm: TrafficPerm.TWO_WAY_TASKS,
  query: twoWayTaskQuery as never,
  title: { 'zh-CN': '双向短信任务', en: 'Two-way tasks' },
  columns: [
    { zh: '任务 ID', en: 'Task id', width: 10 },
    { zh: '任务名称', en: 'Name', width: 24 },
    { zh: '账户 ID', en: 'Account id', width: 10 },
    { zh: '客户 ID', en: 'Customer id', width: 10 },
    { zh: '发送方 ID', en: 'Sender id', width: 14 },
    { zh: '开始时间 (UTC)', en: 'Start (UTC)', width: 20 },
    { zh: '结束时间 (UTC)', en: 'End (UTC)', width: 20 },
    { zh: '状态', en: 'State', width: 10 },
    { zh: '号码数', en: 'Numbers', width: 10 },
    { zh: '回复数', en: 'Replies', width: 10 },
    { zh: '回复率 (%)', en: 'Reply rate (%)', width: 12 },
  ],
  async count(db, auth, q, at) {
    const [row] = await db
      .select({ n: count() })
      .from(tt)
      .where(twoWayTaskWhere(auth, q, at ?? new Date()));
    return Number(row?.n ?? 0);
  },
  select: (_db, auth, q, _locale, at) =>
    dialect.sqlToQuery(tasksWithFiguresSql(twoWayTaskWhere(auth, q, at ?? new Date()))),
  // id, name, account_id, customer_id, owner_id, sender_id, start_at, end_at, numbers, replies
  cells: (row, _locale, _auth, at) => {
    const numbers = Number(row[8]);
    const replies = Number(row[9]);
    const end = new Date(String(row[7] instanceof Date ? row[7].toISOString() : row[7]));
    return [
      text(row[0]),
      text(row[1]),
      text(row[2]),
      text(row[3]),
      text(row[5]),
      time(row[6]),
      time(row[7]),
      end.getTime() > (at ?? new Date()).getTime() ? 'running' : 'finished',
      numbers,
      replies,
      numbers ? new Decimal(replies).times(100).div(numbers).toFixed(2) : null,
    ];
  },
});

/** auto-recall-task's export */
export const recallTasksExport = defineExportSource<RecallTaskQuery>({
  key: 'traffic.recall-tasks',
  perm: TrafficPerm.AUTO_RECALL,
  query: recallTaskQuery as never,
  title: { 'zh-CN': '自动补发任务', en: 'Auto-recall tasks' },
  columns: [
    { zh: '任务 ID', en: 'Task id', width: 10 },
    { zh: '账户 ID', en: 'Account id', width: 10 },
    { zh: '客户 ID', en: 'Customer id', width: 10 },
    { zh: '起始 (UTC)', en: 'From (UTC)', width: 20 },
    { zh: '截止 (UTC)', en: 'To (UTC)', width: 20 },
    { zh: '补发通道 ID', en: 'Channel id', width: 10 },
    { zh: '回执状态', en: 'DLR states', width: 28 },
    { zh: '状态', en: 'State', width: 10 },
    { zh: '失败消息', en: 'Found', width: 10 },
    { zh: '已召回', en: 'Recalled', width: 10 },
    { zh: '已补发', en: 'Resent', width: 10 },
    { zh: '补发成功', en: 'Delivered', width: 10 },
    { zh: '进度 (%)', en: 'Progress (%)', width: 10 },
    { zh: '创建人 ID', en: 'Created by', width: 10 },
    { zh: '创建时间 (UTC)', en: 'Created (UTC)', width: 20 },
    { zh: '完成时间 (UTC)', en: 'Finished (UTC)', width: 20 },
  ],
  async count(db, auth, q) {
    const [row] = rowsOf<{ n: string }>(
      await db.execute(sql`select count(*)::text as n from ${rt} where ${recallTaskWhere(auth, q)}`),
    );
    return Number(row?.n ?? 0);
  },
  select: (_db, auth, q) => dialect.sqlToQuery(recallTasksSql(recallTaskWhere(auth, q))),
  // id, account_id, customer_id, owner_id, from_at, to_at, channel_id, states, state, found, progress,
  // created_by, created_at, finished_at, recalled, resent, delivered
  cells: (row) => [
    text(row[0]),
    text(row[1]),
    text(row[2]),
    time(row[4]),
    time(row[5]),
    text(row[6]),
    Array.isArray(row[7]) ? row[7].join(', ') : text(row[7]),
    text(row[8]),
    Number(row[9]),
    Number(row[14]),
    Number(row[15]),
    Number(row[16]),
    Number(row[10]),
    text(row[11]),
    time(row[12]),
    time(row[13]),
  ],
});
