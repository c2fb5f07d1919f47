import http from 'node:http';
import { Errors } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_WEBHOOK_JOB } from '../src/modules/approval/webhook.js';
import { rowsOf } from '../src/platform/db/index.js';
import { webhookHostAllowed } from '../src/platform/webhooks.js';
import { approvalWorld, demoProcessId, node, taskOf, type Wf } from './approval-support.js';
import { poll, startTestApp, type TestApp } from './harness.js';

describe('webhook host allow-list', () => {
  it('allows only WEBHOOK_ALLOWED_HOSTS and the host of DING_WEBHOOK_URL', () => {
    const ding = { DING_WEBHOOK_URL: 'https://oapi.dingtalk.com/robot/send?access_token=x' };
    expect(webhookHostAllowed('https://oapi.dingtalk.com/robot/send?access_token=y', [], ding)).toBe(true);
    expect(webhookHostAllowed('http://169.254.169.254/latest/meta-data', [], ding)).toBe(false);
    expect(webhookHostAllowed('http://localhost:8080/x', [], {})).toBe(false);
    expect(webhookHostAllowed('https://Chat.Example.com/hook', ['chat.example.com'], {})).toBe(true);
    expect(webhookHostAllowed('https://chat.example.com.evil.net/hook', ['chat.example.com'], {})).toBe(false);
    expect(webhookHostAllowed('ftp://chat.example.com/hook', ['chat.example.com'], {})).toBe(false);
    expect(webhookHostAllowed('not a url', ['chat.example.com'], {})).toBe(false);
  });
});

/**
 * Approval processes' workplace-chat webhooks: only to allowed hosts (WEBHOOK_ALLOWED_HOSTS), and
 * sent by a job, so the approval answers without waiting for the webhook.
 */
describe('approval process webhooks', () => {
  let t: TestApp;
  let w: Wf;
  let formId: number;
  let hook: http.Server;
  let port = 0;
  const received: string[] = [];

  beforeAll(async () => {
    hook = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(body);
        res.end('{}');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    port = (hook.address() as { port: number }).port;
    t = await startTestApp({ jobs: true, env: { WEBHOOK_ALLOWED_HOSTS: 'chat.example.com, 127.0.0.1' } });
    w = await approvalWorld(t);
    formId = (await w.get('admin', `process/update/${await demoProcessId(t)}`)).data.formId;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    hook?.close();
  });

  const makeProcess = async (code: string) => {
    const res = await w.op('admin', 'process/save', {
      code,
      name: code,
      nameEn: code,
      groupName: 'Tests',
      serviceName: 'general',
      formId,
      definition: { nodes: [node({ key: 'a', name: 'A', approverKind: 'users', userIds: [w.ids.ops01] })] },
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    return res.data.id as number;
  };
  const startAndAgree = async (pid: number, title: string) => {
    const started = await w.op('sales01', 'start', {
      processId: pid,
      title,
      formData: { subject: 'Team offsite', amount: 100, reason: 'Quarterly planning' },
    });
    expect(started.code, JSON.stringify(started)).toBe(0);
    return w.op('ops01', 'agree', { taskId: await taskOf(w, 'ops01', started.data.instanceId) });
  };
  const webhookOf = async (pid: number) =>
    rowsOf<{ url: string | null }>(
      await t.p.db.execute(sql`select webhook_url as url from wf_processes where id = ${pid}`),
    )[0]!.url;

  const jobsFor = async (url: string) =>
    rowsOf<{ state: string }>(
      await t.p.db.execute(
        sql`select state::text as state from pgboss.job where name = ${APPROVAL_WEBHOOK_JOB} and data->>'url' = ${url}`,
      ),
    );

  it('refuses a webhook on a host that is not allowed, with a clear code, and keeps the settings', async () => {
    const pid = await makeProcess('t-hook-refused');
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://localhost:5432/',
      'https://evil.example.net/x',
    ]) {
      const res = await w.op('admin', 'process/notify/save', { processId: pid, events: ['approved'], webhookUrl: url });
      expect(res.code).toBe(Errors.WF_WEBHOOK_HOST.code);
      expect(res.msg).toContain(new URL(url).hostname);
    }
    expect(await webhookOf(pid)).toBeNull();
    const ok = await w.op('admin', 'process/notify/save', {
      processId: pid,
      events: ['approved'],
      webhookUrl: 'https://chat.example.com/robot',
    });
    expect(ok.code).toBe(0);
    expect(await webhookOf(pid)).toBe('https://chat.example.com/robot');
  });

  it('sends the webhook from a job (out of the request) to an allowed host', async () => {
    const pid = await makeProcess('t-hook-job');
    const url = `http://127.0.0.1:${port}/robot`;
    const saved = await w.op('admin', 'process/notify/save', { processId: pid, events: ['approved'], webhookUrl: url });
    expect(saved.code).toBe(0);
    const before = received.length;
    expect((await startAndAgree(pid, 'Hooked')).code).toBe(0);
    const states = await poll(
      () => jobsFor(url),
      (r) => r.length > 0 && r.every((j) => j.state === 'completed'),
      60_000,
    );
    expect(states.map((j) => j.state)).toEqual(['completed']);
    const got = received.slice(before);
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!)).toMatchObject({
      msgtype: 'text',
      text: { content: expect.stringContaining('Hooked') },
    });
  });

  it('the job does not post to a host that is no longer allowed', async () => {
    const pid = await makeProcess('t-hook-stale');
    // a URL saved before the allow-list was tightened (written directly: the API refuses it now)
    await t.p.db.execute(
      sql`update wf_processes set notify_events = '["approved"]'::jsonb, webhook_url = ${`http://localhost:${port}/robot`} where id = ${pid}`,
    );
    const before = received.length;
    expect((await startAndAgree(pid, 'Not sent')).code).toBe(0);
    const states = await poll(
      () => jobsFor(`http://localhost:${port}/robot`),
      (r) => r.length > 0 && r.every((j) => j.state === 'completed'),
      60_000,
    );
    expect(states.map((j) => j.state)).toEqual(['completed']);
    expect(received.slice(before)).toEqual([]);
  });
});
