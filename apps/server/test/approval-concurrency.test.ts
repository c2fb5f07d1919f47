import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApprovalHandler } from '../src/modules/approval/index.js';
import { rowsOf } from '../src/platform/db/index.js';
import { approvalWorld, demoProcessId, node, type Person, taskOf, type Wf } from './approval-support.js';
import { onPostgres, startTestApp, type TestApp } from './harness.js';

const ROUNDS = 6;

/**
 * Real concurrent HTTP requests against one server on PostgreSQL: the instance row lock decides.
 * (PGlite has one connection, so nothing there can contend.)
 */
describe.skipIf(!onPostgres)('approval under concurrency (PostgreSQL, real HTTP)', () => {
  let t: TestApp & { url: string };
  let w: Wf;
  let formId: number;
  const approvedCalls = new Map<number, number>();
  const withdrawnCalls = new Map<number, number>();

  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    w = await approvalWorld(t);
    formId = (await w.get('admin', `process/update/${await demoProcessId(t)}`)).data.formId;
    registerApprovalHandler('test.race', {
      onApproved: async (o) => void approvedCalls.set(o.instance.id, (approvedCalls.get(o.instance.id) ?? 0) + 1),
      onWithdrawn: async (o) => void withdrawnCalls.set(o.instance.id, (withdrawnCalls.get(o.instance.id) ?? 0) + 1),
    });
  });
  afterAll(async () => t?.close());

  /** Issues keys first, then fires every request at once over real sockets. */
  const race = async (calls: [Person, string, object][]) => {
    const keyed = await Promise.all(
      calls.map(async ([who, path, body]) => {
        const key = (
          await (
            await fetch(`${t.url}/v2/sys/staff/common/request/idempotence`, {
              headers: { authorization: `Bearer ${w.tok[who].token}` },
            })
          ).json()
        ).data.key as string;
        return { who, path, body, key };
      }),
    );
    return Promise.all(
      keyed.map(
        async ({ who, path, body, key }) =>
          (
            await fetch(`${t.url}/v2/workflow/${path}`, {
              method: 'POST',
              headers: {
                authorization: `Bearer ${w.tok[who].token}`,
                'content-type': 'application/json',
                [IDEMPOTENCE_HEADER]: key,
              },
              body: JSON.stringify(body),
            })
          ).json() as Promise<{ code: number }>,
      ),
    );
  };
  const process = async (code: string, nodes: object[]) => {
    const res = await w.op('admin', 'process/save', {
      code,
      name: code,
      nameEn: code,
      groupName: 'Race',
      serviceName: 'test.race',
      formId,
      definition: { nodes },
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    return res.data.id as number;
  };
  const start = async (processId: number) => {
    const res = await w.op('sales01', 'start', {
      processId,
      title: 'Race',
      formData: { subject: 's', amount: 1, reason: 'r' },
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    return res.data.instanceId as number;
  };
  const count = async (q: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await t.p.db.execute(q))[0]!.n;

  it('two approvers of a one-of node at the same moment: exactly one wins, the other is told it was handled', async () => {
    const pid = await process('race-any', [
      node({ key: 'a', name: 'A', approverKind: 'users', userIds: [w.ids.ops01, w.ids.ops02], mode: 'any' }),
      node({ key: 'b', name: 'B', approverKind: 'users', userIds: [w.ids.finance01] }),
    ]);
    for (let i = 0; i < ROUNDS; i++) {
      const id = await start(pid);
      const [a, b] = [await taskOf(w, 'ops01', id), await taskOf(w, 'ops02', id)];
      const res = await race([
        ['ops01', 'agree', { taskId: a }],
        ['ops02', 'agree', { taskId: b }],
      ]);
      expect(res.map((r) => r.code).sort()).toEqual([0, Errors.WF_TASK_HANDLED.code]);
      expect(
        await count(sql`select count(*)::int as n from wf_tasks where instance_id = ${id} and node_key = 'b'`),
      ).toBe(1);
      expect(
        await count(sql`select count(*)::int as n from wf_actions where instance_id = ${id} and action = 'agree'`),
      ).toBe(1);
    }
  });

  it('the same task decided twice at once (agree vs reject): one outcome', async () => {
    const pid = await process('race-same', [
      node({ key: 'a', name: 'A', approverKind: 'users', userIds: [w.ids.ops01] }),
    ]);
    for (let i = 0; i < ROUNDS; i++) {
      const id = await start(pid);
      const task = await taskOf(w, 'ops01', id);
      const res = await race([
        ['ops01', 'agree', { taskId: task }],
        ['ops01', 'reject', { taskId: task, target: 'end', opinion: 'no' }],
      ]);
      expect(res.filter((r) => r.code === 0)).toHaveLength(1);
      expect(res.map((r) => r.code).filter((c) => c !== 0)[0]).toBeOneOf([
        Errors.WF_TASK_HANDLED.code,
        Errors.WF_INSTANCE_FINISHED.code,
      ]);
      const [inst] = rowsOf<{ status: string }>(
        await t.p.db.execute(sql`select status from wf_instances where id = ${id}`),
      );
      expect(inst!.status).toBe(res[0]!.code === 0 ? 'approved' : 'rejected');
    }
  });

  it('a countersign node completes exactly once when its last two votes arrive together', async () => {
    const pid = await process('race-all', [
      node({
        key: 'a',
        name: 'A',
        approverKind: 'users',
        userIds: [w.ids.ops01, w.ids.ops02, w.ids.finance03],
        mode: 'all',
      }),
    ]);
    for (let i = 0; i < ROUNDS; i++) {
      const id = await start(pid);
      const [a, b, c] = [await taskOf(w, 'ops01', id), await taskOf(w, 'ops02', id), await taskOf(w, 'finance03', id)];
      expect((await w.op('finance03', 'agree', { taskId: c })).code).toBe(0);
      const res = await race([
        ['ops01', 'agree', { taskId: a }],
        ['ops02', 'agree', { taskId: b }],
      ]);
      expect(res.map((r) => r.code)).toEqual([0, 0]);
      expect(
        await count(sql`select count(*)::int as n from wf_actions where instance_id = ${id} and action = 'approved'`),
      ).toBe(1);
      expect(approvedCalls.get(id)).toBe(1);
    }
  });

  it('withdraw racing the final agree leaves one consistent outcome', async () => {
    const pid = await process('race-withdraw', [
      node({ key: 'a', name: 'A', approverKind: 'users', userIds: [w.ids.ops01] }),
    ]);
    for (let i = 0; i < ROUNDS; i++) {
      const id = await start(pid);
      const task = await taskOf(w, 'ops01', id);
      const [agreed, withdrawn] = await race([
        ['ops01', 'agree', { taskId: task }],
        ['sales01', 'withdraw', { instanceId: id }],
      ]);
      expect([agreed!.code, withdrawn!.code].filter((c) => c === 0)).toHaveLength(1);
      const [inst] = rowsOf<{ status: string }>(
        await t.p.db.execute(sql`select status from wf_instances where id = ${id}`),
      );
      if (agreed!.code === 0) {
        expect(inst!.status).toBe('approved');
        expect(withdrawn!.code).toBe(Errors.WF_INSTANCE_FINISHED.code);
        expect([approvedCalls.get(id), withdrawnCalls.get(id)]).toEqual([1, undefined]);
      } else {
        expect(inst!.status).toBe('withdrawn');
        expect(agreed!.code).toBe(Errors.WF_INSTANCE_FINISHED.code);
        expect([approvedCalls.get(id), withdrawnCalls.get(id)]).toEqual([undefined, 1]);
      }
      expect(
        await count(sql`select count(*)::int as n from wf_tasks where instance_id = ${id} and status = 'pending'`),
      ).toBe(0);
    }
  });
});
