// One heavy user must not starve the others (issue "[1 of 9] Harden what exists", load). 800,000
// messages are bulk-inserted for admin straight into the server's PostgreSQL database (the newest
// bench_* database the runner created); then 200 autocannon connections page admin's message list
// while a second user (sales01, five messages) asks for their own list every 100 ms, and we record
// how long that tiny list takes. PGlite lives inside the server process, so it is not loaded.
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { fmt, serverDatabase, signIn } from './lib.mjs';

const HEAVY_ROWS = 800_000;
const CONNECTIONS = 200;
const LIST = '/v2/sys/mc/message/query/center/message/list';
const json = { 'content-type': 'application/json' };

/** 800,000 messages for admin, five for sales01 (the tiny list). */
async function load(dbUrl) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const started = Date.now();
    const { rows } = await c.query(`select id, username from staff_users where username in ('admin', 'sales01')`);
    const id = Object.fromEntries(rows.map((r) => [r.username, r.id]));
    if (!id.admin || !id.sales01) throw new Error('the demo users are not seeded');
    await c.query(
      `insert into mc_messages (user_id, type, title, content, status, created_at)
       select $1, (array['approval','system','notice','feedback'])[1 + g % 4], 'Bench message ' || g,
              'Bench content ' || g, (g % 3 = 0)::int, now() - make_interval(secs => g)
       from generate_series(1, ${HEAVY_ROWS}) g`,
      [id.admin],
    );
    await c.query(
      `insert into mc_messages (user_id, type, title, content) select $1, 'system', 'Hello ' || g, 'Tiny list'
       from generate_series(1, 5) g`,
      [id.sales01],
    );
    await c.query('vacuum analyze mc_messages');
    return { ms: Date.now() - started };
  } finally {
    await c.end();
  }
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Asks for the tiny list every `everyMs` until `stop()`; each call may take at most 30 s. */
function probeLoop(url, headers, everyMs) {
  const samples = [];
  const failures = {};
  let running = true;
  const done = (async () => {
    while (running) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${url}${LIST}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ page: 1, size: 20 }),
          signal: AbortSignal.timeout(30_000),
        });
        const body = await res.json().catch(() => null);
        if (body?.code === 0) samples.push(performance.now() - t0);
        else failures[`${res.status} ${body?.code}`] = (failures[`${res.status} ${body?.code}`] ?? 0) + 1;
      } catch (e) {
        failures[e.name] = (failures[e.name] ?? 0) + 1;
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      const s = samples.sort((a, b) => a - b);
      return { n: s.length, p50: pct(s, 50), p99: pct(s, 99), max: s.at(-1), failures };
    },
  };
}

export default {
  heading: 'Load: one heavy list (800,000 messages) next to a tiny one',

  async run({ url, target, duration }) {
    if (target !== 'postgres')
      return { skipped: 'PGlite runs inside the server process; the bulk load needs PostgreSQL' };
    const loaded = await load(await serverDatabase());
    console.log(`    loaded ${HEAVY_ROWS.toLocaleString('en-US')} messages in ${loaded.ms} ms`);
    const heavy = { authorization: `Bearer ${await signIn(url)}`, ...json };
    const tiny = {
      authorization: `Bearer ${await signIn(url, { username: 'sales01', password: 'Sales#2026' })}`,
      ...json,
    };

    const idle = probeLoop(url, tiny, 50);
    await new Promise((r) => setTimeout(r, 2000));
    const alone = await idle.stop();

    const probe = probeLoop(url, tiny, 100);
    const load1 = os.loadavg()[0];
    const r = await autocannon({
      url: `${url}${LIST}`,
      method: 'POST',
      headers: heavy,
      body: JSON.stringify({ page: 1, size: 20 }),
      connections: CONNECTIONS,
      pipelining: 1,
      duration: Math.min(duration, 20),
      timeout: 30,
    });
    const underLoad = await probe.stop();
    const statuses = Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, typeof v === 'object' ? v.count : v]),
    );
    const heavyRun = {
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      total: r.requests.total,
      errors: r.errors,
      timeouts: r.timeouts,
      statuses,
    };
    console.log(
      `    heavy: ${fmt.rps(heavyRun.rps)} req/s p99 ${fmt.ms(heavyRun.p99)} ms; tiny under load: p50 ${fmt.ms(underLoad.p50)} p99 ${fmt.ms(underLoad.p99)} max ${fmt.ms(underLoad.max)} ms`,
    );
    return { loaded, alone, underLoad, heavy: heavyRun, load: load1.toFixed(1) };
  },

  render(byTarget, meta) {
    const r = byTarget.postgres;
    if (!r || r.skipped || !r.heavy) return 'Not measured in this run (it needs the PostgreSQL target).';
    const fails = (f) =>
      Object.keys(f).length
        ? Object.entries(f)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ')
        : 'none';
    return [
      `${HEAVY_ROWS.toLocaleString('en-US')} messages bulk-inserted for admin (${r.loaded.ms} ms, then \`vacuum analyze\`); sales01 has five.`,
      `autocannon, ${CONNECTIONS} connections, ${Math.min(meta.duration, 20)} s, no warm-up, 30 s client timeout, on admin's`,
      '`POST /v2/sys/mc/message/query/center/message/list` (page 1, 20 rows) while sales01 asks for their own list every',
      `100 ms (one request at a time, 30 s client timeout). Load average (1 min) at the start: ${r.load}.`,
      '',
      '| Measure | Value |',
      '|---|--:|',
      `| sales01 list alone: p50 / p99 ms (${r.alone.n} calls) | ${fmt.ms(r.alone.p50)} / ${fmt.ms(r.alone.p99)} |`,
      `| sales01 list under load: p50 / p99 / max ms (${r.underLoad.n} calls) | ${fmt.ms(r.underLoad.p50)} / ${fmt.ms(r.underLoad.p99)} / ${fmt.ms(r.underLoad.max)} |`,
      `| admin heavy list: req/s | ${fmt.rps(r.heavy.rps)} |`,
      `| admin heavy list: p50 / p99 ms | ${fmt.ms(r.heavy.p50)} / ${fmt.ms(r.heavy.p99)} |`,
      '',
      `sales01 failures under load: ${fails(r.underLoad.failures)}. admin answers by HTTP status: ${fails(r.heavy.statuses)};`,
      `client errors ${r.heavy.errors}, of which timeouts ${r.heavy.timeouts}.`,
    ].join('\n');
  },
};
