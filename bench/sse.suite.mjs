// Live channel: concurrent SSE connections held by one server process (with a heartbeat reaching
// every one of them), and publish-to-receive latency of a message stored by one process and pushed
// by another (PostgreSQL LISTEN/NOTIFY). Loopback only; bounded by BENCH_SSE_CONNECTIONS (10,000).
import http from 'node:http';
import pg from 'pg';
import { fmt, signIn, startServer } from './lib.mjs';

const TARGET = Math.min(20_000, Number(process.env.BENCH_SSE_CONNECTIONS ?? 10_000));
const BATCH = 250;
const HEARTBEAT_WAIT_MS = 40_000; // the server beats every 30 s
const LATENCY_SAMPLES = 200;
const SALES = { username: 'sales01', password: 'Sales#2026' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One SSE stream over a raw socket (no pooling); calls onEvent(name, data) per event. */
function openStream(url, token, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${url}/v2/sys/mc/sse/connection`,
      { headers: { authorization: `Bearer ${token}` }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`status ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let buf = '';
        let acked = false;
        res.on('data', (chunk) => {
          buf += chunk;
          let cut = buf.indexOf('\n\n');
          while (cut >= 0) {
            const block = buf.slice(0, cut);
            buf = buf.slice(cut + 2);
            cut = buf.indexOf('\n\n');
            const name = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
            const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
            if (name === 'connection' && !acked) {
              acked = true;
              resolve({ close: () => req.destroy() });
            }
            onEvent(name, data);
          }
        });
        res.on('error', () => {});
      },
    );
    req.on('error', reject);
  });
}

async function holdConnections(url) {
  const token = await signIn(url, SALES);
  const streams = [];
  const beats = new Set();
  const started = Date.now();
  let failed = 0;
  for (let i = 0; i < TARGET; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, TARGET - i) }, (_, j) => {
      const n = i + j;
      return openStream(url, token, (name) => {
        if (name === 'heartbeat') beats.add(n);
      }).then(
        (s) => streams.push(s),
        () => failed++,
      );
    });
    await Promise.all(batch);
  }
  const openMs = Date.now() - started;
  const held = streams.length;
  process.stdout.write(`    ${held} streams open in ${openMs} ms (${failed} failed); waiting for a heartbeat … `);
  const until = Date.now() + HEARTBEAT_WAIT_MS;
  while (beats.size < held && Date.now() < until) await sleep(250);
  process.stdout.write(`${beats.size} got one\n`);
  for (const s of streams) s.close();
  return { target: TARGET, held, failed, openMs, heartbeats: beats.size };
}

async function post(url, token, path, body, key) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(key ? { 'x-idempotence-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data;
}
async function idemKey(url, token) {
  const res = await fetch(`${url}/v2/sys/staff/common/request/idempotence`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()).data.key;
}

/** Admin answers sales01's feedback on `writer`; sales01's stream on `reader` receives the message. */
async function latency(writer, reader) {
  const admin = await signIn(writer);
  const sales = await signIn(writer, SALES);
  const questions = await (
    await fetch(`${writer}/v2/sys/staff/feedback/questionList`, { headers: { authorization: `Bearer ${sales}` } })
  ).json();
  const { id } = await post(
    writer,
    sales,
    '/v2/sys/staff/feedback/commitFeedback',
    { questionId: questions.data[0].id, content: 'bench' },
    await idemKey(writer, sales),
  );
  let waiting = null;
  const stream = await openStream(reader, sales, (name) => {
    if (name === 'message' && waiting) waiting();
  });
  const samples = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const key = await idemKey(writer, admin);
    const got = new Promise((r) => {
      waiting = r;
    });
    const t0 = performance.now();
    await post(writer, admin, '/v2/sys/staff/feedback/feedbackReply', { id, content: `reply ${i}` }, key);
    await Promise.race([got, sleep(5000)]);
    samples.push(performance.now() - t0);
    waiting = null;
  }
  stream.close();
  samples.sort((a, b) => a - b);
  const q = (p) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))];
  return { samples: samples.length, p50: q(0.5), p99: q(0.99), max: samples[samples.length - 1] };
}

async function withSecondProcess(fn) {
  const base = new URL(
    process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  if (!['127.0.0.1', 'localhost', '::1'].includes(base.hostname)) throw new Error('the bench runs on loopback only');
  const name = `bench_sse_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const a = await startServer({ databaseUrl: url.toString(), label: 'SSE A' });
  const b = await startServer({ databaseUrl: url.toString(), label: 'SSE B' });
  try {
    return await fn(a.url, b.url);
  } finally {
    await b.stop();
    await a.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export default {
  heading: 'Live channel: SSE connections and cross-process delivery',

  async run({ url, target }) {
    const held = await holdConnections(url);
    let local;
    let cross;
    if (target === 'postgres') {
      process.stdout.write('    latency across two processes … ');
      cross = await withSecondProcess((a, b) => latency(a, b));
      process.stdout.write(`p50 ${fmt.ms(cross.p50)} ms, p99 ${fmt.ms(cross.p99)} ms\n`);
    } else {
      process.stdout.write('    latency in one process … ');
      local = await latency(url, url);
      process.stdout.write(`p50 ${fmt.ms(local.p50)} ms, p99 ${fmt.ms(local.p99)} ms\n`);
    }
    return [{ ...held, local, cross }];
  },

  render(byTarget, meta) {
    const lines = [
      'One server process holds the streams of one signed-in user (each a separate TCP connection from one',
      `client process on loopback, opened ${BATCH} at a time); the server beats every stream every 30 s, and the`,
      'run waits for one heartbeat on each. Latency: an admin answers a feedback (POST feedbackReply, which',
      "stores the reply and the message and publishes its id) and the author's stream receives the `message`",
      'event; on PostgreSQL the reply goes to process A and the stream is held by process B (LISTEN/NOTIFY),',
      `${LATENCY_SAMPLES} sequential samples, time measured from sending the request to receiving the event.`,
      '',
      '| Target | Streams asked | Held | Failed | Open time ms | Heartbeat reached | Latency p50 ms | p99 ms | max ms |',
      '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    ];
    for (const t of meta.targets) {
      const r = byTarget[t.id]?.[0];
      if (!r) continue;
      const l = r.cross ?? r.local;
      const where = r.cross ? ' (A → B)' : ' (one process)';
      lines.push(
        `| ${t.label}${where} | ${r.target} | ${r.held} | ${r.failed} | ${r.openMs} | ${r.heartbeats} | ${fmt.ms(l?.p50)} | ${fmt.ms(l?.p99)} | ${fmt.ms(l?.max)} |`,
      );
    }
    return lines.join('\n');
  },
};
