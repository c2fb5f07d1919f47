// What the platform costs per request: the signed-in user's info (bearer token → session → access
// → cached answer → envelope with its response schema) against a bare Fastify process sending the
// same JSON, measured side by side with the same client settings in one run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fmt, measure, root, signIn } from './lib.mjs';

const CONNECTIONS = 20;

/** starts bench/bare-server.mjs answering `body`; resolves to { url, stop() } */
async function startBare(body) {
  const child = spawn(process.execPath, [path.join(root, 'bench', 'bare-server.mjs')], {
    cwd: root,
    env: { ...process.env, BARE_BODY: JSON.stringify(body) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
    child.stdout.once('data', (d) => resolve(String(d).trim()));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export default {
  heading: 'Platform cost per request',

  /** @param {{ url: string, duration: number }} ctx */
  async run({ url, duration }) {
    const token = await signIn(url);
    const headers = { authorization: `Bearer ${token}` };
    const userInfo = '/v2/sys/staff/overseas/getUserInfo';
    const body = await (await fetch(`${url}${userInfo}`, { headers })).json();
    const bare = await startBare(body);
    try {
      const rows = [];
      const cases = [
        { name: 'bare Fastify, same JSON', url: bare.url, path: '/bare', headers: {} },
        { name: `GET ${userInfo} (authenticated, cached)`, url, path: userInfo, headers },
      ];
      for (const c of cases) {
        process.stdout.write(`    ${c.name} … `);
        const m = await measure({ ...c, connections: CONNECTIONS, duration });
        process.stdout.write(`${fmt.rps(m.rps)} req/s, p99 ${fmt.ms(m.p99)} ms\n`);
        rows.push({ name: c.name, ...m });
      }
      return rows;
    } finally {
      await bare.stop();
    }
  },

  /** @param {Record<string, Array<Record<string, any>>>} byTarget  @param {{ duration: number, targets: {id: string, label: string}[] }} meta */
  render(byTarget, meta) {
    const lines = meta.targets.flatMap((t) => {
      const rows = byTarget[t.id] ?? [];
      const [bare, real] = rows;
      if (!bare || !real) return [];
      return rows.map(
        (r) =>
          `| ${t.label} | \`${r.name}\` | ${fmt.rps(r.rps)} | ${fmt.ms(r.p50)} | ${fmt.ms(r.p99)} | ${
            r === real ? `**${((100 * real.rps) / bare.rps).toFixed(0)} %** of bare` : '100 %'
          } |`,
      );
    });
    return [
      `autocannon, ${CONNECTIONS} connections, ${meta.duration} s per call after a 2 s warm-up, HTTP/1.1 keep-alive.`,
      'The bare route is a separate Fastify process with no hooks, logger or schema, answering the JSON the real',
      'route answered. The real call passes the whole platform: request scope, bearer-token check (verified tokens',
      'remembered until they expire), live-session check and user access (cached, dropped by events), the',
      "answer cached per user until that user's access changes, the response schema and the envelope.",
      'Target (issue 12): the authenticated cached read at least a quarter (25 %) of the bare route.',
      '',
      '| Database | Call | req/s | p50 ms | p99 ms | share |',
      '|---|---|--:|--:|--:|--:|',
      ...lines,
    ].join('\n');
  },
};
