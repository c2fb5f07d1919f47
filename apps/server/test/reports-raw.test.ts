import { Errors } from '@portal/contracts';
import { customerReports, liveReports, type ReportDef, START_LOOKBACK_DAYS } from '@portal/contracts/reports';
import { Decimal } from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestBatch } from '../src/modules/traffic/ingest.js';
import { ensurePartitions } from '../src/modules/traffic/partitions.js';
import { rollUp } from '../src/modules/traffic/rollups.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

/**
 * Every live report against the raw send and call records (issue 19, "each report's figures equal a
 * recomputation from raw records"): SMS parts and calls of two weeks in 2021 go in through the
 * ingestion path on real seeded accounts, are rolled up, and each report's first level, totals and
 * data scope (admin, sales01, the sales manager) are compared with sums straight over `traffic_sms` /
 * `traffic_voice` — not over the rollups the reports read.
 */

let t: TestApp;
const who: Record<'admin' | 'sales' | 'manager', Tokens> = {} as never;
/** the owners each caller may see (null: everyone) — written from the seed's departments, not the scope code */
const owners: Record<keyof typeof who, Set<number> | null> = { admin: null, sales: null, manager: null };
const WEEK = { period: 'week', date: '2021-05-05' } as const;
const FROM = '2021-05-03';
const TO = '2021-05-09';
const PREV_FROM = '2021-04-26';
const NOW = new Date('2021-05-10T06:00:00Z');

interface Acc {
  id: number;
  code: string;
  owner: number;
  type: 'C' | 'R';
}

const one = async <T>(q: SQL) => rowsOf<T>(await t.p.db.execute(q));

/**
 * Four seeded accounts of four customers, their customers given to sales01 (one made direct, one
 * reseller), to another sales of the department and to the administrator (outside every sales
 * department). The sample's figures then differ for each of the three callers.
 */
async function pickAccounts() {
  const id = async (username: string) =>
    Number((await one<{ id: number }>(sql`select id from staff_users where username = ${username}`))[0]!.id);
  const [sales01, adminId] = [await id('sales01'), await id('admin')];
  const salesDepts = sql`(select ud.user_id from user_departments ud join departments d on d.id = ud.department_id
    where d.code in ('sales', 'sales-1', 'sales-2'))`;
  const taken: number[] = [0];
  const pick = async (where: SQL) => {
    const [a] = await one<{ id: number; code: string; owner: number; customer: number }>(
      sql`select a.id, a.code, c.owner_id as owner, c.id as customer from fin_accounts a
        join crm_customers c on c.id = a.customer_id
        where a.state = 'active' and ${where} and c.id <> all(${`{${taken.join(',')}}`}::int[]) order by a.id limit 1`,
    );
    expect(a, 'a seeded account for the sample').toBeDefined();
    taken.push(Number(a!.customer));
    return { id: Number(a!.id), code: a!.code, owner: Number(a!.owner), customer: Number(a!.customer) };
  };
  const typed = async (a: Omit<Acc, 'type'> & { customer: number }, type: Acc['type'], owner: number): Promise<Acc> => {
    await t.p.db.execute(sql`update crm_customers set type = ${type}, owner_id = ${owner} where id = ${a.customer}`);
    return { ...a, type, owner };
  };
  const [teamMate] = await one<{ id: number }>(
    sql`select user_id as id from ${salesDepts} s where user_id <> ${sales01} order by user_id limit 1`,
  );
  return {
    sales01,
    mineC: await typed(await pick(sql`true`), 'C', sales01),
    mineR: await typed(await pick(sql`true`), 'R', sales01),
    team: await typed(await pick(sql`true`), 'C', Number(teamMate!.id)),
    outside: await typed(await pick(sql`true`), 'C', adminId),
    salesDepts,
  };
}

let n = 0;
const sms = (
  a: Acc,
  at: string,
  o: { country: string; network: string; channel: number; parts?: number; price: string; cost: string; otp?: boolean },
) => {
  const messageId = `RAW${++n}`;
  const parts = o.parts ?? 1;
  return Array.from({ length: parts }, (_, i) => ({
    type: 'submit',
    messageId,
    part: i + 1,
    parts,
    account: a.code,
    number: `4915${String(1_000_000 + n)}`,
    country: o.country,
    network: o.network,
    channelId: o.channel,
    submitAt: at,
    price: o.price,
    cost: o.cost,
    currency: 'USD',
    costCurrency: 'USD',
    ...(o.otp !== undefined ? { otp: o.otp } : {}),
  }));
};
/** a WhatsApp message of a conversation (decision 0094: sessions by category) */
const wa = (a: Acc, at: string, conversation: string | null, category: string | null, state: string) => ({
  type: 'message',
  kind: 'whatsapp',
  id: `RAWW${++n}`,
  account: a.code,
  from: '4930123456',
  to: `4917${String(1_000_000 + n)}`,
  country: a.type === 'R' ? 'FR' : 'DE',
  at,
  state,
  ...(conversation ? { conversationId: `RAWCONV-${conversation}` } : {}),
  ...(category ? { category } : {}),
  price: state === 'failed' ? '0.000000' : '0.025000',
  cost: state === 'failed' ? '0.000000' : '0.017000',
  currency: 'USD',
  costCurrency: 'USD',
});
const dlr = (messageId: string, part: number, state: string, at: string) => ({
  type: 'dlr',
  messageId,
  part,
  state,
  dlrAt: at,
});
const call = (
  a: Acc,
  at: string,
  o: { answered: boolean; seconds: number; channel: number; price: string; cost: string },
) => {
  const setup = new Date(at);
  return {
    type: 'cdr',
    callId: `RAWC${++n}`,
    account: a.code,
    caller: '85212345678',
    callee: `4477009${String(10_000 + n)}`,
    country: 'GB',
    network: '23415',
    channelId: o.channel,
    setupAt: setup.toISOString(),
    ...(o.answered
      ? {
          answerAt: new Date(setup.getTime() + 2000).toISOString(),
          endAt: new Date(setup.getTime() + 2000 + o.seconds * 1000).toISOString(),
          billedDuration: o.seconds,
        }
      : {}),
    sipCode: o.answered ? 200 : 486,
    pddMs: 1500,
    price: o.price,
    cost: o.cost,
    currency: 'USD',
    costCurrency: 'USD',
  };
};

beforeAll(async () => {
  t = await startTestApp();
  [who.admin, who.sales, who.manager] = await Promise.all([
    signIn(t.app, DEMO.admin),
    signIn(t.app, DEMO.sales01),
    signIn(t.app, { username: 'salesmgr', password: 'Sales#2026' }),
  ]);
  const p = await pickAccounts();
  const manager = Number(
    (await one<{ id: number }>(sql`select id from staff_users where username = 'salesmgr'`))[0]!.id,
  );
  owners.sales = new Set([p.sales01]);
  owners.manager = new Set([
    manager,
    ...(await one<{ user_id: number }>(sql`select user_id from ${p.salesDepts} s`)).map((r) => Number(r.user_id)),
  ]);
  const channels = await one<{ id: number; product: string }>(
    sql`select id, product from srm_channels where product in ('sms', 'voice') order by id`,
  );
  const smsCh = channels.filter((c) => c.product === 'sms').map((c) => Number(c.id));
  const voiceCh = channels.filter((c) => c.product === 'voice').map((c) => Number(c.id));
  expect(smsCh.length).toBeGreaterThan(1);
  expect(voiceCh.length).toBeGreaterThan(0);
  await ensurePartitions(
    t.p.db,
    Array.from({ length: 15 }, (_, i) => new Date(Date.parse(PREV_FROM) + i * 86_400_000).toISOString().slice(0, 10)),
  );
  const lines: object[] = [];
  const dlrs: object[] = [];
  const send = (a: Acc, at: string, o: Parameters<typeof sms>[2], state?: string) => {
    const parts = sms(a, at, o);
    lines.push(...parts);
    if (state)
      for (const x of parts) dlrs.push(dlr(x.messageId, x.part, state, new Date(Date.parse(at) + 9000).toISOString()));
  };
  const DE = { country: 'DE', network: '26201', channel: smsCh[0]!, price: '0.012000', cost: '0.007000' };
  const FR = { country: 'FR', network: '20801', channel: smsCh[1]!, price: '0.010000', cost: '0.013000' };
  // the previous week: sales01's direct customer and the team's start there
  send(p.mineC, '2021-04-27T10:00:00Z', DE, 'delivered');
  send(p.mineC, '2021-04-28T10:00:00Z', { ...FR, parts: 2 }, 'delivered');
  send(p.team, '2021-05-01T22:00:00Z', DE, 'undeliverable');
  // the week: every account, several states, a two-part message, a rejected one, a loss-making destination;
  // some one-time passwords (marked, or by their text)
  send(p.mineC, '2021-05-03T00:10:00Z', { ...DE, otp: true }, 'delivered');
  send(p.mineC, '2021-05-04T12:00:00Z', { ...DE, otp: true }, 'expired');
  send(p.team, '2021-04-28T09:00:00Z', { ...FR, otp: true }, 'delivered');
  lines.push({ ...sms(p.outside, '2021-05-06T10:00:00Z', DE)[0]!, content: 'Your verification code is 558201' });
  dlrs.push(dlr(`RAW${n}`, 1, 'delivered', '2021-05-06T10:00:04Z'));
  send(p.mineC, '2021-05-09T23:50:00Z', { ...FR, parts: 2 }, 'delivered');
  send(p.mineR, '2021-05-05T08:00:00Z', DE, 'delivered');
  send(p.mineR, '2021-05-06T08:00:00Z', FR);
  send(p.team, '2021-05-07T09:00:00Z', DE, 'delivered');
  send(p.outside, '2021-05-08T09:00:00Z', FR, 'delivered');
  lines.push({ ...sms(p.outside, '2021-05-08T10:00:00Z', DE)[0]!, status: 'rejected', error: 'E01' });
  // after the week: not in it
  send(p.mineC, '2021-05-10T00:00:00Z', DE, 'delivered');
  const v = { channel: voiceCh[0]!, price: '0.060000', cost: '0.040000' };
  lines.push(
    call(p.mineC, '2021-04-29T10:00:00Z', { ...v, answered: true, seconds: 61 }),
    call(p.mineC, '2021-05-04T10:00:00Z', { ...v, answered: true, seconds: 125 }),
    call(p.mineC, '2021-05-04T11:00:00Z', { ...v, answered: false, seconds: 0, price: '0', cost: '0' }),
    call(p.mineR, '2021-05-06T11:00:00Z', { ...v, answered: true, seconds: 30 }),
    call(p.team, '2021-05-07T11:00:00Z', { ...v, answered: true, seconds: 240 }),
    call(p.outside, '2021-05-08T11:00:00Z', { ...v, answered: true, seconds: 59 }),
  );
  // WhatsApp: a conversation opened in the previous week and going on in this one, conversations of several
  // categories and accounts, one without a category, messages without a conversation
  lines.push(
    wa(p.mineC, '2021-04-27T08:00:00Z', 'a', 'marketing', 'read'),
    wa(p.mineC, '2021-05-04T08:00:00Z', 'a', 'marketing', 'delivered'),
    wa(p.mineC, '2021-05-04T09:00:00Z', 'b', 'utility', 'read'),
    wa(p.mineC, '2021-05-05T09:00:00Z', 'b', 'utility', 'delivered'),
    wa(p.mineR, '2021-05-05T10:00:00Z', 'c', 'authentication', 'delivered'),
    wa(p.mineR, '2021-05-06T10:00:00Z', 'd', 'utility', 'failed'),
    wa(p.team, '2021-04-29T10:00:00Z', 'e', 'service', 'read'),
    wa(p.team, '2021-05-07T10:00:00Z', 'f', null, 'delivered'),
    wa(p.outside, '2021-05-08T10:00:00Z', 'g', 'marketing', 'read'),
    wa(p.outside, '2021-05-08T10:05:00Z', null, 'marketing', 'delivered'),
    wa(p.outside, '2021-04-20T10:05:00Z', 'h', 'utility', 'read'),
  );
  const stored = await ingestBatch(t.p.db, NOW, lines);
  expect(stored.stored).toBe(lines.length);
  await ingestBatch(t.p.db, NOW, dlrs);
  await rollUp(t.p.db, NOW);
}, 120_000);
afterAll(async () => t?.close());

/** the report's first level as a raw-record column */
const KEY: Record<string, string> = {
  owner: 'owner_id::text',
  customer: 'customer_id::text',
  account: 'account_id::text',
  country: 'country',
  network: 'network',
  channel: 'channel_id::text',
  supplier: 'coalesce((select supplier_id from srm_channels s where s.id = channel_id), 0)::text',
  category: "coalesce(category, '')",
};

interface Fig {
  key: string;
  currency: string;
  count: number;
  delivered: number;
  revenue: string;
  cost: string;
  seconds: number;
  sessions?: number;
  read?: number;
  dlrTime?: string | null;
}

/**
 * The recomputation: straight sums over the raw records of the week (SMS: messages = first parts,
 * delivered = delivered parts of accepted submits; voice: calls, answered calls, billed seconds).
 */
async function fromRaw(
  def: ReportDef,
  byKey: string,
  seen: Set<number> | null,
  days: [string, string] = [FROM, '2021-05-10'],
): Promise<Fig[]> {
  const conds: SQL[] = [];
  if (seen) conds.push(sql`owner_id = any(${`{${[...seen].join(',')}}`}::int[])`);
  if (def.customerType) conds.push(sql`customer_id in (select id from crm_customers where type = ${def.customerType})`);
  const at = def.product === 'voice' ? 'setup_at' : def.product === 'whatsapp' ? 'at' : 'submit_at';
  const window = (from: string) => sql`${sql.raw(at)} >= ${`${from}T00:00:00Z`}::timestamptz`;
  const end = sql`${sql.raw(at)} < ${`${days[1]}T00:00:00Z`}::timestamptz`;
  if (def.source === 'start') {
    // ramp-up: the accounts whose first record of the look-back window falls in the week
    const lookback = new Date(Date.parse(PREV_FROM) - START_LOOKBACK_DAYS * 86_400_000).toISOString().slice(0, 10);
    const table = sql.raw(def.product === 'voice' ? 'traffic_voice' : 'traffic_sms');
    conds.push(sql`account_id in (select account_id from ${table} where ${window(lookback)} and ${end}
      group by account_id having min(${sql.raw(at)}) >= ${`${FROM}T00:00:00Z`}::timestamptz)`);
  }
  if (def.rollup === 'otp') conds.push(sql`otp`);
  const where = sql.join([window(days[0]), end, ...conds], sql` and `);
  const key = sql.raw(byKey);
  const rows = await one<Record<string, string>>(
    def.rollup === 'wa'
      ? sql`select ${key} as key, currency, count(*)::int as count,
          count(*) filter (where state in ('delivered', 'read'))::int as delivered,
          sum(price)::text as revenue, sum(cost)::text as cost, 0 as seconds,
          count(*) filter (where state = 'read')::int as read,
          count(*) filter (where conversation_id is not null and at = (select min(e.at) from traffic_messages e
            where e.kind = 'whatsapp' and e.conversation_id = m.conversation_id))::int as sessions
        from traffic_messages m where kind = 'whatsapp' and ${where} group by 1, 2`
      : def.product === 'voice'
        ? sql`select ${key} as key, currency, count(*)::int as count, count(answer_at)::int as delivered,
          sum(price)::text as revenue, sum(cost)::text as cost, coalesce(sum(billed_duration), 0)::int as seconds
        from traffic_voice where ${where} group by 1, 2`
        : sql`select ${key} as key, currency, count(*) filter (where part = 1)::int as count,
          count(*) filter (where submit_status <> 'rejected' and dlr_state = 'delivered')::int as delivered,
          sum(price)::text as revenue, sum(cost)::text as cost, 0 as seconds,
          (sum(extract(epoch from dlr_at - submit_at)) filter (where submit_status <> 'rejected' and dlr_state = 'delivered')
            / nullif(count(*) filter (where submit_status <> 'rejected' and dlr_state = 'delivered'), 0))::text as dlr_time
        from traffic_sms where ${where} group by 1, 2`,
  );
  return rows.map((r) => ({
    key: r.key!,
    currency: r.currency!,
    count: Number(r.count),
    delivered: Number(r.delivered),
    revenue: new Decimal(r.revenue!).toFixed(6),
    cost: new Decimal(r.cost!).toFixed(6),
    seconds: Number(r.seconds),
    ...(def.rollup === 'wa' ? { sessions: Number(r.sessions), read: Number(r.read) } : {}),
    ...(def.rollup === 'otp' ? { dlrTime: r.dlr_time == null ? null : new Decimal(r.dlr_time).toFixed(1) } : {}),
  }));
}

const figs = (r: Fig & { minutes?: string }) => ({
  key: r.key,
  currency: r.currency,
  count: r.count,
  delivered: r.delivered,
  revenue: r.revenue,
  cost: r.cost,
});
/** the WhatsApp report's own measures (decision 0094) */
const sessionsOf = (r: Fig) => ({ key: r.key, currency: r.currency, sessions: r.sessions, read: r.read });
/** the OTP report's delivery time against the raw records' (seconds, one decimal) */
const withTime = (r: Fig) => ({ key: r.key, currency: r.currency, dlrTime: r.dlrTime ?? null });
const sorted = <T extends { key: string; currency: string }>(rows: T[]) =>
  [...rows].sort((a, b) => `${a.key}|${a.currency}`.localeCompare(`${b.key}|${b.currency}`));

describe('every report equals a recomputation from the raw records, in each caller’s data scope', () => {
  for (const def of liveReports)
    it(`${def.key}: first level and totals as admin, sales01 and the sales manager`, async () => {
      let compared = 0;
      for (const k of ['admin', 'sales', 'manager'] as const) {
        const res = (
          await t.app.inject({
            method: 'POST',
            url: `/v2/reports/${def.key}/data`,
            headers: bearer(who[k]),
            payload: WEEK,
          })
        ).json();
        if (k !== 'admin' && !customerReports.includes(def)) {
          // the supplier and channel reports are not the sales' (data about routes, not their customers)
          expect(res.code, `${def.key} as ${k}`).toBe(Errors.NO_PERMISSION.code);
          continue;
        }
        expect(res.code, `${def.key} as ${k}: ${res.msg}`).toBe(0);
        const a = res.data;
        expect([a.from, a.to, a.dim]).toEqual([FROM, TO, def.dims[0]]);
        // the 2021 weeks hold only this file's records: the report is all of them, no more
        const raw = await fromRaw(def, KEY[def.dims[0]!]!, owners[k]);
        // a group with figures in the previous period only is a row of zeros (WhatsApp: its session there)
        const rows = (a.rows as Fig[]).filter((r) => r.count !== 0 || r.revenue !== '0.000000');
        expect(sorted(rows.map(figs)), `${def.key} as ${k}`).toEqual(sorted(raw.map(figs)));
        if (def.product === 'voice')
          for (const r of raw)
            expect(a.rows.find((x: Fig) => x.key === r.key && x.currency === r.currency).minutes).toBe(
              new Decimal(r.seconds).div(60).toFixed(2),
            );
        if (def.rollup === 'otp') expect(sorted(rows.map(withTime))).toEqual(sorted(raw.map(withTime)));
        const total = await fromRaw(def, "'total'", owners[k]);
        expect(sorted(a.totals.map(figs))).toEqual(sorted(total.map(figs)));
        if (def.rollup === 'wa') {
          expect(sorted(rows.map(sessionsOf)), `${def.key} as ${k}`).toEqual(sorted(raw.map(sessionsOf)));
          expect(sorted(a.totals.map(sessionsOf))).toEqual(sorted(total.map(sessionsOf)));
        }
        compared += raw.length;
      }
      expect(compared, `${def.key}: the sample has figures for it`).toBeGreaterThan(0);
    });

  // a custom period of whole ten-day blocks and edge days (decision 0090): 28–30 April are days,
  // 1–10 May a block; the previous period, 15–27 April, days only (no block lies inside it)
  const CUSTOM = { period: 'custom', from: '2021-04-28', to: '2021-05-10' } as const;
  for (const def of liveReports.filter((d) => d.source !== 'start'))
    it(`${def.key}: a period read from ten-day blocks and edge days, and the one before it, as admin`, async () => {
      const res = (
        await t.app.inject({
          method: 'POST',
          url: `/v2/reports/${def.key}/data`,
          headers: bearer(who.admin),
          payload: CUSTOM,
        })
      ).json();
      expect(res.code, res.msg).toBe(0);
      const key = KEY[def.dims[0]!]!;
      const cur = await fromRaw(def, key, null, ['2021-04-28', '2021-05-11']);
      const prev = await fromRaw(def, key, null, ['2021-04-15', '2021-04-28']);
      expect(cur.length, 'the sample has figures in the period').toBeGreaterThan(0);
      const rows = res.data.rows as (Fig & { prev: Fig })[];
      const nonZero = (f: { count: number; revenue: string }) => f.count !== 0 || f.revenue !== '0.000000';
      expect(sorted(rows.map(figs).filter(nonZero))).toEqual(sorted(cur.map(figs)));
      expect(sorted(rows.map((r) => figs({ ...r.prev, key: r.key, currency: r.currency })).filter(nonZero))).toEqual(
        sorted(prev.map(figs)),
      );
      const total = await fromRaw(def, "'total'", null, ['2021-04-28', '2021-05-11']);
      expect(sorted(res.data.totals.map(figs))).toEqual(sorted(total.map(figs)));
      if (def.rollup === 'wa') {
        const prevTotal = await fromRaw(def, "'total'", null, ['2021-04-15', '2021-04-28']);
        expect(sorted(res.data.totals.map(sessionsOf))).toEqual(sorted(total.map(sessionsOf)));
        expect(
          sorted(
            res.data.totals.map((r: Fig & { prev: Fig }) =>
              sessionsOf({ ...r.prev, key: r.key, currency: r.currency }),
            ),
          ),
        ).toEqual(sorted(prevTotal.map(sessionsOf)));
      }
    });

  it('scopes differ on the sample: sales01 < the manager < admin, for a customer report', async () => {
    const total = async (k: keyof typeof who) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/reports/sms-report/data',
          headers: bearer(who[k]),
          payload: WEEK,
        })
      ).json().data.totals[0].count as number;
    const [s, m, a] = [await total('sales'), await total('manager'), await total('admin')];
    expect(s).toBeGreaterThan(0);
    expect(m).toBeGreaterThan(s);
    expect(a).toBeGreaterThan(m);
  });
});
