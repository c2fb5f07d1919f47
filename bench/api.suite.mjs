// Sign-in, the signed-in user and one paged list: the calls every screen of the portal starts with.
import { fmt, measure, signIn } from './lib.mjs';

const json = { 'content-type': 'application/json' };

export default {
  heading: 'API: sign-in, user info, paged list',

  /** @param {{ url: string, duration: number }} ctx */
  async run({ url, duration }) {
    const token = await signIn(url);
    const auth = { authorization: `Bearer ${token}` };
    const cases = [
      {
        name: 'POST /auth/oauth/token (password sign-in, argon2id)',
        // argon2id costs 19 MiB and one CPU-bound hash per sign-in: few connections, as in real life
        connections: 4,
        method: 'POST',
        path: '/auth/oauth/token',
        headers: json,
        body: JSON.stringify({
          grant_type: 'password',
          username: 'admin',
          password: 'Admin#2026',
          client_id: 'staff-web',
          scope: 'staff',
        }),
      },
      {
        name: 'GET /v2/sys/staff/overseas/getUserInfo',
        connections: 20,
        method: 'GET',
        path: '/v2/sys/staff/overseas/getUserInfo',
        headers: auth,
      },
      {
        name: 'POST /v2/sys/staff/user/page (20 rows, data scope)',
        connections: 20,
        method: 'POST',
        path: '/v2/sys/staff/user/page',
        headers: { ...auth, ...json },
        body: JSON.stringify({ page: 1, size: 20 }),
      },
    ];
    const rows = [];
    for (const c of cases) {
      process.stdout.write(`    ${c.name} … `);
      const m = await measure({ url, duration, ...c });
      process.stdout.write(`${fmt.rps(m.rps)} req/s, p99 ${fmt.ms(m.p99)} ms\n`);
      rows.push({ name: c.name, connections: c.connections, ...m });
    }
    return rows;
  },

  /** @param {Record<string, Array<Record<string, any>>>} byTarget  @param {{ duration: number, targets: {id: string, label: string}[] }} meta */
  render(byTarget, meta) {
    const targets = meta.targets;
    const names = [...new Set(Object.values(byTarget).flatMap((rows) => rows.map((r) => r.name)))];
    const head = [
      '| Endpoint | Conn. |',
      ...targets.map((t) => ` ${t.label} req/s | ${t.label} p50 ms | ${t.label} p99 ms |`),
    ].join('');
    const rule = `|---|--:|${targets.map(() => '--:|--:|--:|').join('')}`;
    const lines = names.map((name) => {
      const cells = targets.map((t) => {
        const r = byTarget[t.id]?.find((x) => x.name === name);
        return ` ${fmt.rps(r?.rps)} | ${fmt.ms(r?.p50)} | ${fmt.ms(r?.p99)} |`;
      });
      const conn = Object.values(byTarget)
        .flat()
        .find((x) => x.name === name)?.connections;
      return `| \`${name}\` | ${conn ?? '—'} |${cells.join('')}`;
    });
    const problems = Object.entries(byTarget).flatMap(([id, rows]) =>
      rows
        .filter((r) => r.errors || r.non2xx)
        .map((r) => `- ${id}: \`${r.name}\`: ${r.errors} errors, ${r.non2xx} non-2xx of ${r.total}`),
    );
    return [
      `autocannon, ${meta.duration} s per endpoint after a 2 s warm-up, HTTP/1.1 keep-alive, no pipelining,`,
      'one server process (`node apps/server/dist/main.mjs`, as `npm start` runs it, LOG_LEVEL=warn, demo data) on loopback.',
      'Sign-in runs with 4 connections because every sign-in is an argon2id hash (m=19 MiB, t=2);',
      'the per-IP sign-in rate limit is lifted for the run.',
      '',
      head,
      rule,
      ...lines,
      '',
      problems.length ? ['Failed requests:', ...problems].join('\n') : 'Every request answered 2xx.',
    ].join('\n');
  },
};
