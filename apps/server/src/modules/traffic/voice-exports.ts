import {
  type CcRecordQuery,
  ccRecordQuery,
  TrafficPerm,
  type VoiceTaskQuery,
  voiceTaskQuery,
} from '@portal/contracts/traffic';
import { count, desc } from 'drizzle-orm';
import { type Cell, defineExportSource, utcTimeCell } from '../../platform/exports/source.js';
import { trafficCc as c, trafficVoiceTasks as vt } from './schema.js';
import { ccWhere, voiceTaskWhere } from './voice-queries.js';

/** the exports of voiceCcRecord and voiceTaskManagement: the screens' range rule, filters and data scope */
const text = (v: unknown): Cell => (v == null ? null : String(v));
const time = (v: unknown): Cell => utcTimeCell(v instanceof Date ? v : v ? new Date(String(v)) : null);
const num = (v: unknown): Cell => (v == null ? null : Number(v));

export const ccRecordsExport = defineExportSource<CcRecordQuery>({
  key: 'traffic.cc-records',
  perm: TrafficPerm.CC_RECORDS,
  query: ccRecordQuery as never,
  title: { 'zh-CN': '呼叫中心记录', en: 'Call-centre records' },
  columns: [
    { zh: '开始时间 (UTC)', en: 'Start (UTC)', width: 20 },
    { zh: '呼叫 ID', en: 'Call id', width: 24 },
    { zh: '账户 ID', en: 'Account id', width: 10 },
    { zh: '客户 ID', en: 'Customer id', width: 10 },
    { zh: '方向', en: 'Direction', width: 10 },
    { zh: '队列', en: 'Queue', width: 14 },
    { zh: '坐席', en: 'Seat', width: 12 },
    { zh: '坐席人员', en: 'Agent', width: 14 },
    { zh: '外部号码', en: 'Number', width: 16 },
    { zh: '中继号码', en: 'Line', width: 16 },
    { zh: '接通时间 (UTC)', en: 'Answered (UTC)', width: 20 },
    { zh: '结束时间 (UTC)', en: 'End (UTC)', width: 20 },
    { zh: '排队 (秒)', en: 'Wait (s)', width: 10 },
    { zh: '通话 (秒)', en: 'Talk (s)', width: 10 },
    { zh: '结果', en: 'Result', width: 12 },
    { zh: '录音', en: 'Recording', width: 30 },
  ],
  async count(db, auth, q) {
    const [row] = await db.select({ n: count() }).from(c).where(ccWhere(auth, q));
    return Number(row?.n ?? 0);
  },
  select: (db, auth, q) =>
    db
      .select({
        startAt: c.startAt,
        callId: c.callId,
        accountId: c.accountId,
        customerId: c.customerId,
        direction: c.direction,
        queue: c.queue,
        seat: c.seat,
        agent: c.agent,
        number: c.number,
        line: c.line,
        answerAt: c.answerAt,
        endAt: c.endAt,
        waitSeconds: c.waitSeconds,
        talkSeconds: c.talkSeconds,
        result: c.result,
        recording: c.recording,
      })
      .from(c)
      .where(ccWhere(auth, q))
      .orderBy(desc(c.startAt), c.callId)
      .toSQL(),
  cells: (row) =>
    row.map((v, i) => ([0, 10, 11].includes(i) ? time(v) : [2, 3, 12, 13].includes(i) ? num(v) : text(v))),
});

export const voiceTasksExport = defineExportSource<VoiceTaskQuery>({
  key: 'traffic.voice-tasks',
  perm: TrafficPerm.VOICE_TASKS,
  query: voiceTaskQuery as never,
  title: { 'zh-CN': '语音任务', en: 'Voice tasks' },
  columns: [
    { zh: '平台任务 ID', en: 'Task id', width: 20 },
    { zh: '任务名称', en: 'Name', width: 24 },
    { zh: '账户 ID', en: 'Account id', width: 10 },
    { zh: '客户 ID', en: 'Customer id', width: 10 },
    { zh: '主叫号码', en: 'Caller', width: 16 },
    { zh: '号码数', en: 'Numbers', width: 10 },
    { zh: '已呼叫', en: 'Attempted', width: 10 },
    { zh: '已接通', en: 'Answered', width: 10 },
    { zh: '开始时间 (UTC)', en: 'Start (UTC)', width: 20 },
    { zh: '结束时间 (UTC)', en: 'End (UTC)', width: 20 },
    { zh: '状态', en: 'State', width: 10 },
    { zh: '最近操作', en: 'Last request', width: 10 },
    { zh: '操作时间 (UTC)', en: 'Requested (UTC)', width: 20 },
  ],
  async count(db, auth, q) {
    const [row] = await db.select({ n: count() }).from(vt).where(voiceTaskWhere(auth, q));
    return Number(row?.n ?? 0);
  },
  select: (db, auth, q) =>
    db
      .select({
        taskId: vt.platformId,
        name: vt.name,
        accountId: vt.accountId,
        customerId: vt.customerId,
        caller: vt.caller,
        numbers: vt.numbers,
        attempted: vt.attempted,
        answered: vt.answered,
        startAt: vt.startAt,
        endAt: vt.endAt,
        state: vt.state,
        request: vt.request,
        requestedAt: vt.requestedAt,
      })
      .from(vt)
      .where(voiceTaskWhere(auth, q))
      .orderBy(desc(vt.startAt), desc(vt.id))
      .toSQL(),
  cells: (row) =>
    row.map((v, i) => ([8, 9, 12].includes(i) ? time(v) : [2, 3, 5, 6, 7].includes(i) ? num(v) : text(v))),
});
