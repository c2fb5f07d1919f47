// Approval to-do page latency with 100,000 requests in the database (issue 7). The rows are
// bulk-inserted with generate_series straight into the server's PostgreSQL database (the newest
// bench_* database the runner created); PGlite lives inside the server process, so it is not loaded.
import os from 'node:os';
import pg from 'pg';
import { fmt, measure, serverDatabase, signIn } from './lib.mjs';

const INSTANCES = 100_000;
const json = { 'content-type': 'application/json' };

/** 100,000 requests over every staff member; a fifth still open, each with one task; the rest approved. */
async function load(dbUrl) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const { rows } = await c.query(
      `select p.id, p.current_version_id as v from wf_processes p where p.code = 'general-application'`,
    );
    if (!rows[0]) throw new Error('the demo approval process is not seeded');
    const started = Date.now();
    await c.query('begin');
    await c.query(
      `with u as (select array_agg(id order by id) as ids, count(*)::int as n from staff_users)
       insert into wf_instances (process_id, version_id, service_name, title, initiator_id, form_data, route,
                                 status, current_node_key, current_node_name, created_at, updated_at, finished_at)
       select $1, $2, 'general', 'Bench request ' || g, u.ids[1 + g % u.n],
              jsonb_build_object('subject', 'bench', 'amount', g * 100, 'reason', 'bench'), '[]'::jsonb,
              case when g % 5 = 0 then 'running' else 'approved' end,
              case when g % 5 = 0 then 'leader' end, case when g % 5 = 0 then '部门负责人审批' end,
              now() - make_interval(secs => g * 30), now() - make_interval(secs => g * 30),
              case when g % 5 = 0 then null else now() - make_interval(secs => g * 30 - 600) end
       from generate_series(1, ${INSTANCES}) g, u`,
      [rows[0].id, rows[0].v],
    );
    await c.query(
      `with u as (select array_agg(id order by id) as ids, count(*)::int as n from staff_users)
       insert into wf_tasks (instance_id, node_key, node_name, round, assignee_id, status, created_at, handled_at)
       select i.id, 'leader', '部门负责人审批', 1, u.ids[1 + (i.id * 7) % u.n],
              case when i.status = 'running' then 'pending' else 'agreed' end,
              i.created_at, case when i.status = 'running' then null else i.finished_at end
       from wf_instances i, u where i.title like 'Bench request %'`,
    );
    await c.query('commit');
    await c.query('analyze wf_instances; analyze wf_tasks');
    const { rows: per } = await c.query(
      `select u.username, count(*)::int as n from wf_tasks t join staff_users u on u.id = t.assignee_id
       where t.status = 'pending' and u.username = 'admin' group by u.username`,
    );
    return { ms: Date.now() - started, adminTodos: per[0]?.n ?? 0, load: os.loadavg()[0].toFixed(1) };
  } finally {
    await c.end();
  }
}

export default {
  heading: 'Approvals: to-do page with 100,000 requests',

  async run({ url, target, duration }) {
    if (target !== 'postgres')
      return { skipped: 'PGlite runs inside the server process; the bulk load needs PostgreSQL' };
    const loaded = await load(await serverDatabase());
    console.log(
      `    loaded ${INSTANCES.toLocaleString('en-US')} requests in ${loaded.ms} ms; admin has ${loaded.adminTodos} to-dos`,
    );
    const token = await signIn(url);
    const headers = { authorization: `Bearer ${token}`, ...json };
    const cases = [
      {
        name: 'POST /v2/workflow/my/toDoPage (page 1, 20 rows)',
        body: { page: 1, size: 20 },
        path: '/v2/workflow/my/toDoPage',
      },
      {
        name: 'POST /v2/workflow/my/toDoPage (page 50)',
        body: { page: 50, size: 20 },
        path: '/v2/workflow/my/toDoPage',
      },
      {
        name: 'POST /v2/workflow/my/toDoPage (keyword)',
        body: { page: 1, size: 20, keyword: 'request 1' },
        path: '/v2/workflow/my/toDoPage',
      },
      {
        name: 'POST /v2/workflow/my/applyPage (page 1)',
        body: { page: 1, size: 20 },
        path: '/v2/workflow/my/applyPage',
      },
      { name: 'POST /v2/workflow/my/summary', body: {}, path: '/v2/workflow/my/summary' },
    ];
    const rows = [];
    for (const c of cases) {
      process.stdout.write(`    ${c.name} … `);
      const m = await measure({
        url,
        duration,
        method: 'POST',
        path: c.path,
        headers,
        body: JSON.stringify(c.body),
        connections: 10,
      });
      process.stdout.write(`${fmt.rps(m.rps)} req/s, p99 ${fmt.ms(m.p99)} ms\n`);
      rows.push({ name: c.name, ...m });
    }
    return { loaded, rows };
  },

  render(byTarget, meta) {
    const r = byTarget.postgres;
    if (!r || r.skipped || !r.rows) return 'Not measured in this run (it needs the PostgreSQL target).';
    const lines = r.rows.map((x) => `| \`${x.name}\` | ${fmt.rps(x.rps)} | ${fmt.ms(x.p50)} | ${fmt.ms(x.p99)} |`);
    const problems = r.rows
      .filter((x) => x.errors || x.non2xx)
      .map((x) => `- \`${x.name}\`: ${x.errors} errors, ${x.non2xx} non-2xx`);
    return [
      `${INSTANCES.toLocaleString('en-US')} requests bulk-inserted with \`generate_series\` (${r.loaded.ms} ms), a fifth still open with one`,
      `pending task each, spread over every staff member (the measured user, admin, has ${r.loaded.adminTodos} to-dos).`,
      `autocannon, 10 connections, ${meta.duration} s per call after a 2 s warm-up; PostgreSQL only (PGlite lives inside the`,
      'server process, so it cannot be bulk-loaded from the bench). The to-do page reads the partial index',
      "`wf_tasks_todo_idx (assignee_id, created_at desc, id desc) where status = 'pending'`; my requests read",
      `\`wf_instances_initiator_idx (initiator_id, created_at desc, id desc)\`. Load average (1 min) during the run: ${r.loaded.load}.`,
      '',
      '| Call | PostgreSQL req/s | p50 ms | p99 ms |',
      '|---|--:|--:|--:|',
      ...lines,
      ...(problems.length ? ['', ...problems] : []),
    ].join('\n');
  },
};
