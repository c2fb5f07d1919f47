// Reports and the home overview over 90 days of a 50,000,000-record data set (issue 19): the rollup
// and ledger rows those records leave (bench/reports-data.mjs) are loaded into the server's
// PostgreSQL database, then every report's `POST /v2/reports/<key>/data` is called for a custom
// period of the 90 days, one call at a time, as admin (every customer) and as sales01 (own customers),
// and the home summary likewise. `npm run bench -- --suite=reports --only=postgres`
// (BENCH_REPORT_CALLS calls per report and user, 30 by default; BENCH_HOME_CALLS, 200).
import os from 'node:os';
import { fmt, serverDatabase, signIn } from './lib.mjs';
import { DAYS, loadReportData } from './reports-data.mjs';

const SALES = { username: 'sales01', password: 'Sales#2026' };
const CALLS = Number(process.env.BENCH_REPORT_CALLS ?? 30);
const HOME_CALLS = Number(process.env.BENCH_HOME_CALLS ?? 200);
/** the reports with figures (contracts `liveReports`); the waiting ones have no data path */
const REPORTS = [
  'user-report',
  'channel-report',
  'channel-analysis',
  'supplier-report',
  'voice-report',
  'voice-profit',
  'sms-profit',
  'sms-report',
  'sms-report-c',
  'sms-report-r',
  'sms-operation',
  'sms-analysis',
  'sms-analysis-c',
  'sms-analysis-r',
  'consumption',
  'start-sms',
  'start-voice',
  'wa-sessions',
  'otp-sms',
];
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const ymd = (t) => new Date(t).toISOString().slice(0, 10);

/** n sequential calls after two warm-ups: p50 / p95 / p99 ms and the rows of the last answer */
async function timed(n, call) {
  await call();
  await call();
  const times = [];
  let last;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    last = await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(n - 1, Math.ceil(n * q) - 1)];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), last };
}

async function post(url, path, headers, body) {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = await res.json();
  return { status: res.status, json };
}

export default {
  heading: 'Reports and the home summary over 90 days of 50,000,000 records',

  async run({ url, target }) {
    if (target !== 'postgres')
      return { skipped: 'PGlite runs inside the server process; the bulk load needs PostgreSQL' };
    const loaded = await loadReportData(await serverDatabase());
    console.log(`    loaded ${JSON.stringify(loaded)}`);
    const json = { 'content-type': 'application/json' };
    // signed in again per report: a slow run outlives an access token
    const users = [
      { who: 'admin', signIn: () => signIn(url), headers: {} },
      { who: 'sales01', signIn: () => signIn(url, SALES), headers: {} },
    ];
    const fresh = async (u) => {
      u.headers = { authorization: `Bearer ${await u.signIn()}`, ...json };
    };
    for (const u of users) await fresh(u);
    // the server's day (x-server-now), not this process's: the period is the last 90 days it knows
    const probe = await fetch(`${url}/v2/sys/staff/home/summary`, { headers: users[0].headers });
    const now = Date.parse(probe.headers.get('x-server-now') ?? new Date().toISOString());
    const body = { period: 'custom', from: ymd(now - (DAYS - 1) * 86_400_000), to: ymd(now) };
    const loadBefore = loadavg();
    const rows = [];
    for (const key of REPORTS) {
      for (const u of users) {
        await fresh(u);
        const path = `/v2/reports/${key}/data`;
        const first = await post(url, path, u.headers, body);
        if (first.status === 403) {
          // a report the user's role does not hold (sales hold the customer reports only)
          rows.push({ key, who: u.who, refused: first.json.code });
          continue;
        }
        if (first.json.code !== 0) {
          console.log(`    ${key} as ${u.who} failed: ${JSON.stringify(first.json).slice(0, 200)}`);
          rows.push({ key, who: u.who, failed: first.json.code });
          continue;
        }
        process.stdout.write(`    ${key} as ${u.who} … `);
        const m = await timed(CALLS, async () => {
          const r = await post(url, path, u.headers, body);
          if (r.json.code !== 0) throw new Error(`${path}: ${JSON.stringify(r.json).slice(0, 300)}`);
          return r.json.data;
        });
        const count = m.last.totals.reduce((s, t) => s + t.count, 0);
        process.stdout.write(`p50 ${fmt.ms(m.p50)} ms, p95 ${fmt.ms(m.p95)} ms (${m.last.rows.length} rows)\n`);
        rows.push({ key, who: u.who, p50: m.p50, p95: m.p95, rows: m.last.rows.length, dim: m.last.dim, count });
      }
    }
    const home = [];
    for (const u of users) {
      await fresh(u);
      const m = await timed(HOME_CALLS, async () => {
        const res = await fetch(`${url}/v2/sys/staff/home/summary`, { headers: u.headers });
        const b = await res.json();
        if (b.code !== 0) throw new Error(`home summary: ${JSON.stringify(b).slice(0, 300)}`);
        return b.data;
      });
      console.log(`    home summary as ${u.who}: p50 ${fmt.ms(m.p50)} ms, p99 ${fmt.ms(m.p99)} ms`);
      home.push({ who: u.who, p50: m.p50, p95: m.p95, p99: m.p99, todaySend: m.last.todaySend });
    }
    return { loaded, rows, home, body, loadBefore, loadAfter: loadavg() };
  },

  render(byTarget) {
    const r = byTarget.postgres;
    if (!r || r.skipped) return 'Not run (PostgreSQL only: `npm run bench -- --suite=reports --only=postgres`).';
    const n = (v) => v.toLocaleString('en-US');
    const l = r.loaded;
    return [
      'The rows that 50,000,000 records over 90 days leave in the daily traffic rollup and the ledger, made',
      `with SQL (\`bench/reports-data.mjs\`, generate_series, deterministic) in ${n(l.ms)} ms on top of the demo data:`,
      `${n(l.smsMessages)} SMS messages and ${n(l.voiceCalls)} voice calls in ${n(l.dailyRows)} \`traffic_daily\` rows`,
      `(${n(l.benchDailyRows)} of them the bench's; sales01 owns ${n(l.sales01Rows)}), ${n(l.customers)} customers,`,
      `${n(l.accounts)} accounts, ${n(l.channels)} channels, ${n(l.ledgerRows)} ledger entries,`,
      `${n(l.otpRows ?? 0)} \`traffic_otp_daily\` rows (SMS marked OTP, decision 0094) and ${n(l.waRows ?? 0)} \`traffic_wa_daily\` rows`,
      '(WhatsApp by conversation category).',
      `The daily rollup's triggers keep the reports' narrow rollups (decision 0087): ${n(l.reportRows ?? 0)} rows in`,
      `\`traffic_report_daily\` (customer side) and ${n(l.routeRows ?? 0)} in \`traffic_route_daily\` (route side).`,
      `Decision 0090 adds ${n(l.accountRows ?? 0)} rows in \`traffic_account_daily\` (no country), ${n(l.ownerRows ?? 0)} in`,
      `\`traffic_owner_daily\` and ${n(l.tendayRows ?? 0)} in the three ten-day block tables; a report's level reads the blocks`,
      'inside its periods and the daily rows of the edge days, its chart the smallest daily table holding its filters.',
      'The reports read these and the balances only, never raw records; the hourly rollup is not made.',
      `Each report's \`POST /v2/reports/<key>/data\` at its first level for the custom period ${r.body.from} – ${r.body.to}`,
      `(the previous period, before the data set, is empty), ${CALLS} calls one after another after two warm-ups,`,
      'as admin (every customer) and sales01 (own customers; the supplier and channel reports are not theirs).',
      `Load averages (1, 5, 15 min) before the calls ${r.loadBefore}, after them ${r.loadAfter}.`,
      'Target: p95 under 300 ms.',
      '',
      '| Report | User | Level | Rows | Messages / calls | p50 ms | p95 ms |',
      '|---|---|---|--:|--:|--:|--:|',
      ...r.rows.map((x) =>
        x.refused || x.failed
          ? `| ${x.key} | ${x.who} | ${x.refused ? 'not held' : 'failed'} (${x.refused ?? x.failed}) | | | | |`
          : `| ${x.key} | ${x.who} | ${x.dim} | ${n(x.rows)} | ${n(x.count)} | ${fmt.ms(x.p50)} | ${x.p95 < 300 ? '' : '**'}${fmt.ms(x.p95)}${x.p95 < 300 ? '' : '**'} |`,
      ),
      '',
      `Home summary (\`GET /v2/sys/staff/home/summary\`, the 30-day trend from the same rollup), ${HOME_CALLS} calls`,
      'one after another. Target: p99 under 50 ms.',
      '',
      '| User | today sent | p50 ms | p95 ms | p99 ms |',
      '|---|--:|--:|--:|--:|',
      ...r.home.map(
        (h) => `| ${h.who} | ${n(h.todaySend ?? 0)} | ${fmt.ms(h.p50)} | ${fmt.ms(h.p95)} | ${fmt.ms(h.p99)} |`,
      ),
    ].join('\n');
  },
};
