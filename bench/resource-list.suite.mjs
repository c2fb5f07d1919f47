// A resource's paged list at 1,000,000 rows (issue 12): the staff user resource, the first one on
// the resource kernel, with a million users bulk-inserted by generate_series straight into the
// server's PostgreSQL database (PGlite lives inside the server process, so it is not loaded).
// Calls: the default page (newest first), a keyword over the trigram-indexed search column, and a
// department manager whose data scope limits the rows to the owners of their departments
// (sales and its two teams: 3 of the 7 departments, about 430,000 users), with and without a keyword.
import os from 'node:os';
import pg from 'pg';
import { fmt, measure, serverDatabase, signIn } from './lib.mjs';

const ROWS = 1_000_000;
// the 1, 5 and 15 minute load averages, as /proc/loadavg gives them
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const CONNECTIONS = 20;
const json = { 'content-type': 'application/json' };
const PAGE = '/v2/sys/staff/user/page';
const MANAGER = { username: 'salesmgr', password: 'Sales#2026' };

async function load(dbUrl) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const started = Date.now();
    await c.query('begin');
    // deterministic names from two syllable lists; creation times one a minute, newest first
    await c.query(
      `insert into staff_users (username, password_hash, name, job_number, staff_id, status, created_at, updated_at)
       select 'bench' || g, (select password_hash from staff_users where username = 'admin'),
              (array['Li','Wang','Zhang','Liu','Chen','Yang','Huang','Zhao','Wu','Zhou','Xu','Sun','Ma','Zhu','Hu',
                     'Guo','He','Lin','Gao','Luo'])[1 + g % 20] || ' ' ||
              (array['Wei','Fang','Na','Min','Jing','Li','Qiang','Lei','Jun','Yang','Yong','Yan','Jie','Tao','Ming',
                     'Chao','Xiu','Xia','Hui','Hua','Ping','Gang','Bo','Dan','Ling'])[1 + (g / 20) % 25] || ' ' || g,
              'B' || lpad(g::text, 7, '0'), 'SB' || g, case when g % 10 = 0 then 'disabled' else 'active' end,
              now() - make_interval(mins => g), now() - make_interval(mins => g)
       from generate_series(1, ${ROWS}) g`,
    );
    // every bench user in one of the departments, the sales department among them
    await c.query(
      `with d as (select array_agg(id order by id) as ids, count(*)::int as n from departments)
       insert into user_departments (user_id, department_id)
       select u.id, d.ids[1 + u.id % d.n] from staff_users u, d where u.username like 'bench%'`,
    );
    // the sales manager's role may open the user list (a department data scope)
    await c.query(
      `insert into role_resources (role_id, resource_id)
       select r.id, res.id from roles r, resources res
       where r.code = 'sales_manager' and res.international = 'setModule:authManage:user'
       on conflict do nothing`,
    );
    await c.query('commit');
    // vacuumed as autovacuum keeps a table in use (its visibility map serves index-only counts)
    await c.query('vacuum (analyze) staff_users, user_departments, role_resources');
    const { rows } = await c.query('select count(*)::int as n from staff_users');
    const sales = await c.query("select id from departments where code = 'sales'");
    return { ms: Date.now() - started, users: rows[0].n, load: os.loadavg()[0].toFixed(1), salesId: sales.rows[0].id };
  } finally {
    await c.end();
  }
}

export default {
  heading: 'Resource list at 1,000,000 rows',

  async run({ url, target, duration }) {
    if (target !== 'postgres')
      return { skipped: 'PGlite runs inside the server process; the bulk load needs PostgreSQL' };
    const loaded = await load(await serverDatabase());
    console.log(`    loaded ${loaded.users.toLocaleString('en-US')} users in ${loaded.ms} ms`);
    const admin = { authorization: `Bearer ${await signIn(url)}`, ...json };
    const manager = { authorization: `Bearer ${await signIn(url, MANAGER)}`, ...json };
    const salesId = loaded.salesId;
    const cases = [
      { name: 'admin, page 1, newest first', headers: admin, body: { page: 1, size: 20 } },
      { name: 'admin, page 50, newest first', headers: admin, body: { page: 50, size: 20 } },
      {
        name: 'admin, keyword "Zhao Ming" (trigram)',
        headers: admin,
        body: { page: 1, size: 20, keyword: 'Zhao Ming' },
      },
      { name: 'admin, keyword "B00123" (job number)', headers: admin, body: { page: 1, size: 20, keyword: 'B00123' } },
      {
        name: 'admin, keyword + status + sort by name',
        headers: admin,
        body: { page: 1, size: 20, keyword: 'Wang', status: 'active', sortField: 'name', sortOrder: 'ascend' },
      },
      { name: 'manager (department scope), newest first', headers: manager, body: { page: 1, size: 20 } },
      {
        name: 'manager (department scope), keyword "Li", newest first',
        headers: manager,
        body: { page: 1, size: 20, keyword: 'Li' },
      },
      {
        name: 'manager (department scope), keyword "Zhao Ming", newest first',
        headers: manager,
        body: { page: 1, size: 20, keyword: 'Zhao Ming' },
      },
      {
        name: 'manager (department scope), department filter + keyword "Wang"',
        headers: manager,
        body: { page: 1, size: 20, keyword: 'Wang', departmentId: salesId },
      },
    ];
    const loadBefore = loadavg();
    const rows = [];
    for (const c of cases) {
      process.stdout.write(`    ${c.name} … `);
      const m = await measure({
        url,
        method: 'POST',
        path: PAGE,
        headers: c.headers,
        body: JSON.stringify(c.body),
        connections: CONNECTIONS,
        duration,
      });
      process.stdout.write(`${fmt.rps(m.rps)} req/s, p50 ${fmt.ms(m.p50)} ms, p99 ${fmt.ms(m.p99)} ms\n`);
      rows.push({ name: c.name, body: c.body, ...m });
    }
    return { loaded, rows, loadBefore, loadAfter: loadavg() };
  },

  render(byTarget, meta) {
    const r = byTarget.postgres;
    if (!r || r.skipped) return 'Not run (PostgreSQL only).';
    return [
      `${r.loaded.users.toLocaleString('en-US')} staff users (${ROWS.toLocaleString('en-US')} bulk-inserted by generate_series in`,
      `${r.loaded.ms} ms, spread over the departments), \`POST ${PAGE}\` through the resource kernel (filters,`,
      'data scope, field permission, capped count). autocannon, ' +
        `${CONNECTIONS} connections, ${meta.duration} s per call after a 2 s warm-up. Load average (1 min) after loading: ${r.loaded.load};`,
      `load averages (1, 5, 15 min) before the calls ${r.loadBefore}, after them ${r.loadAfter}.`,
      'Target (issue 12): p99 under 50 ms at 20 connections.',
      '',
      '| Call | req/s | p50 ms | p99 ms |',
      '|---|--:|--:|--:|',
      ...r.rows.map((x) => `| ${x.name} | ${fmt.rps(x.rps)} | ${fmt.ms(x.p50)} | ${fmt.ms(x.p99)} |`),
    ].join('\n');
  },
};
