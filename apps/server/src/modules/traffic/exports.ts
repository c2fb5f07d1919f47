import {
  type SmsRecordQuery,
  smsRecordQuery,
  TrafficPerm,
  type VoiceRecordQuery,
  voiceRecordQuery,
} from '@portal/contracts/traffic';
import { desc, sql } from 'drizzle-orm';
import { type Cell, defineExportSource, utcTimeCell } from '../../platform/exports/source.js';
import { smsWhere, voiceWhere } from './queries.js';
import { trafficSms, trafficVoice } from './schema.js';

const text = (v: unknown): Cell => (v == null ? null : String(v));

/**
 * sendRcdQuery's export: the screen's filters, range rule and data scope; a large result becomes a
 * download-center task (the export service decides by the row count).
 */
export const smsRecordsExport = defineExportSource<SmsRecordQuery>({
  key: 'traffic.sms-records',
  perm: TrafficPerm.SMS_RECORDS,
  query: smsRecordQuery as never,
  title: { 'zh-CN': '短信发送记录', en: 'SMS send records' },
  columns: [
    { zh: '提交时间 (UTC)', en: 'Submitted (UTC)', width: 20 },
    { zh: '消息 ID', en: 'Message id', width: 24 },
    { zh: '分段', en: 'Part', width: 8 },
    { zh: '账户 ID', en: 'Account id', width: 10 },
    { zh: '号码', en: 'Number', width: 16 },
    { zh: '国家', en: 'Country', width: 8 },
    { zh: '网络', en: 'Network', width: 10 },
    { zh: '编码', en: 'Encoding', width: 8 },
    { zh: '通道 ID', en: 'Channel id', width: 10 },
    { zh: '提交状态', en: 'Submit status', width: 12 },
    { zh: '回执状态', en: 'DLR state', width: 14 },
    { zh: '回执错误码', en: 'DLR error', width: 10 },
    { zh: '回执时间 (UTC)', en: 'DLR time (UTC)', width: 20 },
    { zh: '售价', en: 'Price', width: 12 },
    { zh: '成本', en: 'Cost', width: 12 },
    { zh: '币种', en: 'Currency', width: 8 },
    { zh: '定时批次 ID', en: 'Batch id', width: 20 },
  ],
  async count(db, auth, q) {
    const [row] = await db.select({ n: sql<string>`count(*)` }).from(trafficSms).where(smsWhere(auth, q));
    return Number(row?.n ?? 0);
  },
  select(db, auth, q) {
    const t = trafficSms;
    return db
      .select({
        a: t.submitAt,
        b: t.messageId,
        c: t.part,
        d: t.accountId,
        e: t.number,
        f: t.country,
        g: t.network,
        h: t.encoding,
        i: t.channelId,
        j: t.submitStatus,
        k: t.dlrState,
        l: t.dlrError,
        m: t.dlrAt,
        n: t.price,
        o: t.cost,
        p: t.currency,
        q: t.batchId,
      })
      .from(t)
      .where(smsWhere(auth, q))
      .orderBy(desc(t.submitAt), t.messageId, t.part)
      .toSQL();
  },
  cells: (row) =>
    row.map((v, i) =>
      i === 0 || i === 12 ? utcTimeCell(v instanceof Date ? v : v ? new Date(String(v)) : null) : text(v),
    ),
});

const timeCell = (v: unknown) => utcTimeCell(v instanceof Date ? v : v ? new Date(String(v)) : null);

/** voiceRecordQuery's export: the screen's filters (SIP code included), range rule and data scope. */
export const voiceRecordsExport = defineExportSource<VoiceRecordQuery>({
  key: 'traffic.voice-records',
  perm: TrafficPerm.VOICE_RECORDS,
  query: voiceRecordQuery as never,
  title: { 'zh-CN': '语音通话记录', en: 'Voice call records' },
  columns: [
    { zh: '呼叫时间 (UTC)', en: 'Set up (UTC)', width: 20 },
    { zh: '呼叫 ID', en: 'Call id', width: 24 },
    { zh: '账户 ID', en: 'Account id', width: 10 },
    { zh: '主叫', en: 'Caller', width: 16 },
    { zh: '被叫', en: 'Callee', width: 16 },
    { zh: '国家', en: 'Country', width: 8 },
    { zh: '入口网关', en: 'Ingress gateway', width: 16 },
    { zh: '出口网关', en: 'Egress gateway', width: 16 },
    { zh: '通道 ID', en: 'Channel id', width: 10 },
    { zh: '接通时间 (UTC)', en: 'Answered (UTC)', width: 20 },
    { zh: '结束时间 (UTC)', en: 'Ended (UTC)', width: 20 },
    { zh: '通话秒数', en: 'Duration (s)', width: 10 },
    { zh: '计费秒数', en: 'Billed (s)', width: 10 },
    { zh: 'SIP 码', en: 'SIP code', width: 8 },
    { zh: 'PDD (毫秒)', en: 'PDD (ms)', width: 10 },
    { zh: '售价', en: 'Price', width: 12 },
    { zh: '成本', en: 'Cost', width: 12 },
    { zh: '币种', en: 'Currency', width: 8 },
  ],
  async count(db, auth, q) {
    const [row] = await db.select({ n: sql<string>`count(*)` }).from(trafficVoice).where(voiceWhere(auth, q));
    return Number(row?.n ?? 0);
  },
  select(db, auth, q) {
    const t = trafficVoice;
    return db
      .select({
        a: t.setupAt,
        b: t.callId,
        c: t.accountId,
        d: t.caller,
        e: t.callee,
        f: t.country,
        g: t.ingressGateway,
        h: t.egressGateway,
        i: t.channelId,
        j: t.answerAt,
        k: t.endAt,
        l: t.duration,
        m: t.billedDuration,
        n: t.sipCode,
        o: t.pddMs,
        p: t.price,
        q: t.cost,
        r: t.currency,
      })
      .from(t)
      .where(voiceWhere(auth, q))
      .orderBy(desc(t.setupAt), t.callId)
      .toSQL();
  },
  cells: (row) => row.map((v, i) => (i === 0 || i === 9 || i === 10 ? timeCell(v) : text(v))),
});
