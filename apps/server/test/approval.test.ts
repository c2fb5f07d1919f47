import { Errors } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApprovalHandler, startInstance } from '../src/modules/approval/index.js';
import { remindOverdue } from '../src/modules/approval/timeouts.js';
import { rowsOf } from '../src/platform/db/index.js';
import { timelinePage } from '../src/platform/history/service.js';
import { approvalWorld, demoProcessId, node, taskOf, type Wf } from './approval-support.js';
import { bearer, startTestApp, type TestApp } from './harness.js';

const form = (amount: number, extra: Record<string, unknown> = {}) => ({
  subject: 'Team offsite',
  amount,
  reason: 'Quarterly planning',
  ...extra,
});

describe('approval workflow API', () => {
  let t: TestApp;
  let w: Wf;
  let demo: number;
  let formId: number;
  const outcomes: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    w = await approvalWorld(t);
    demo = await demoProcessId(t);
    formId = (await w.get('admin', `process/update/${demo}`)).data.formId;
    registerApprovalHandler('test.outcomes', {
      onApproved: async (o) => {
        const [row] = rowsOf<{ status: string }>(
          await o.tx.execute(sql`select status from wf_instances where id = ${o.instance.id}`),
        );
        outcomes.push(`approved:${o.instance.businessKey ?? o.instance.id}:${row!.status}`);
        // after-commit work sees the committed outcome from outside the transaction
        o.afterCommit(async () => {
          const [after] = rowsOf<{ status: string }>(
            await t.p.db.execute(sql`select status from wf_instances where id = ${o.instance.id}`),
          );
          outcomes.push(`committed:${o.instance.id}:${after!.status}`);
        });
      },
      onRejected: async (o) => void outcomes.push(`rejected:${o.instance.id}`),
      onWithdrawn: async (o) => void outcomes.push(`withdrawn:${o.instance.id}`),
    });
    registerApprovalHandler('test.failing', {
      onApproved: async (o) => {
        o.afterCommit(() => outcomes.push(`committed:${o.instance.id}:refused`));
        throw new Error('business refused');
      },
    });
  });
  afterAll(async () => t?.close());

  const makeProcess = async (code: string, serviceName: string, nodes: object[]) => {
    const res = await w.op('admin', 'process/save', {
      code,
      name: code,
      nameEn: code,
      groupName: 'Tests',
      serviceName,
      formId,
      definition: { nodes },
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    return res.data.id as number;
  };
  const start = async (processId: number, amount: number, title = 'Request') => {
    const res = await w.op('sales01', 'start', { processId, title, formData: form(amount) });
    expect(res.code, JSON.stringify(res)).toBe(0);
    return res.data.instanceId as number;
  };
  const detail = async (who: Parameters<Wf['post']>[0], instanceId: number) =>
    (await w.post(who, 'instanceDetail', { instanceId })).data;

  it('seeds the demo process, lists it to start, and previews the route by amount', async () => {
    const sponsor = await w.get('sales01', 'process/sponsor');
    expect(sponsor.data.map((p: { id: number }) => p.id)).toContain(demo);
    const big = await w.post('sales01', 'route/preview', { processId: demo, formData: form(2_000_000) });
    expect(big.data.map((s: { nodeKey: string }) => s.nodeKey)).toEqual(['leader', 'finance', 'countersign', 'cc']);
    expect(big.data[0].approvers).toEqual([{ id: w.ids.salesmgr, name: expect.any(String) }]);
    const small = await w.post('sales01', 'route/preview', { processId: demo, formData: form(1_000_000) });
    expect(small.data.map((s: { nodeKey: string }) => s.nodeKey)).toEqual(['leader', 'countersign', 'cc']);
  });

  it('lets the administrator, who leads their own chain, start the demo: the leader step is their own sign-off', async () => {
    const preview = await w.post('admin', 'route/preview', { processId: demo, formData: form(1_000_000) });
    expect(preview.code, JSON.stringify(preview)).toBe(0);
    expect(preview.data.map((s: { nodeKey: string }) => s.nodeKey)).toEqual(['countersign', 'cc']);
    const res = await w.op('admin', 'start', { processId: demo, title: 'Admin request', formData: form(1_000_000) });
    expect(res.code, JSON.stringify(res)).toBe(0);
    const d = (await w.post('admin', 'instanceDetail', { instanceId: res.data.instanceId })).data;
    expect(d.status).toBe('running');
  });

  it('runs the demo: send back to the initiator, resubmit, finance, countersign of two, copy', async () => {
    const id = await start(demo, 2_000_000, 'Offsite budget');
    expect((await w.post('salesmgr', 'my/toDoPage', {})).data.records.map((r: { id: number }) => r.id)).toContain(id);
    expect((await w.post('sales01', 'my/applyPage', {})).data.records[0]).toMatchObject({
      id,
      status: 'running',
      // the tests read in English (no language header): the seeded node's English name
      currentNodeName: 'Department leader',
    });
    expect(
      w.notices.some(
        (n) => n.userIds.includes(w.ids.salesmgr) && n.link?.startsWith(`/general/my-agent/profile?id=${id}`),
      ),
    ).toBe(true);

    // not my task; then the leader agrees
    const leaderTask = await taskOf(w, 'salesmgr', id);
    expect((await w.op('finance01', 'agree', { taskId: leaderTask })).code).toBe(Errors.WF_NOT_ASSIGNEE.code);
    expect((await w.op('salesmgr', 'agree', { taskId: leaderTask, opinion: 'ok' })).code).toBe(0);
    expect((await w.op('salesmgr', 'agree', { taskId: leaderTask })).code).toBe(Errors.WF_TASK_HANDLED.code);

    // finance may send back only to earlier rejectable nodes
    const finTask = await taskOf(w, 'finance01', id);
    expect((await w.get('finance01', `select/canRejectProcessNode?taskId=${finTask}`)).data).toEqual([
      { value: 'leader', label: 'Department leader' },
    ]);
    expect(
      (await w.op('finance01', 'reject', { taskId: finTask, target: 'node', nodeKey: 'countersign', opinion: 'x' }))
        .code,
    ).toBe(Errors.WF_REJECT_TARGET.code);
    expect((await w.op('finance01', 'reject', { taskId: finTask, target: 'initiator' })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect(
      (await w.op('finance01', 'reject', { taskId: finTask, target: 'initiator', opinion: 'add the quote' })).code,
    ).toBe(0);
    let d = await detail('sales01', id);
    expect(d.status).toBe('returned');
    expect(d.viewer).toMatchObject({ canResubmit: true, canWithdraw: true, canAgree: false });
    expect(w.notices.at(-1)).toMatchObject({ userIds: [w.ids.sales01], title: '申请被驳回' });

    // only the initiator resubmits, with corrected values
    expect(
      (await w.op('salesmgr', 'start', { processId: demo, instanceId: id, title: 'x', formData: form(1) })).code,
    ).toBe(Errors.WF_NOT_INITIATOR.code);
    const re = await w.op('sales01', 'start', {
      processId: demo,
      instanceId: id,
      title: 'Offsite budget v2',
      formData: form(2_500_000),
    });
    expect(re.code, JSON.stringify(re)).toBe(0);
    await w.op('salesmgr', 'agree', { taskId: await taskOf(w, 'salesmgr', id) });
    await w.op('finance01', 'agree', { taskId: await taskOf(w, 'finance01', id) });

    // countersign: both must agree; the first vote leaves the node open
    const [a, b] = [await taskOf(w, 'ops01', id), await taskOf(w, 'finance03', id)];
    expect((await w.op('ops01', 'agree', { taskId: a, opinion: 'fine' })).code).toBe(0);
    d = await detail('sales01', id);
    expect(d).toMatchObject({ status: 'running', currentNodeKey: 'countersign' });
    expect((await w.post('admin', 'my/ccMePage', {})).data.records.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await w.op('finance03', 'agree', { taskId: b })).code).toBe(0);
    d = await detail('sales01', id);
    expect(d.status).toBe('approved');
    expect(d.passedNodeKeys).toEqual(['leader', 'finance', 'countersign', 'cc']);
    expect(d.history.map((h: { action: string }) => h.action)).toEqual([
      'start',
      'agree',
      'reject',
      'resubmit',
      'agree',
      'agree',
      'agree',
      'agree',
      'cc',
      'approved',
    ]);
    expect(d.ccUsers).toEqual([{ id: w.ids.admin, name: expect.any(String) }]);

    // each side's lists
    expect((await w.post('admin', 'my/ccMePage', {})).data.records.map((r: { id: number }) => r.id)).toContain(id);
    expect((await w.post('ops01', 'my/handlePage', {})).data.records[0]).toMatchObject({ id, taskStatus: 'agreed' });
    expect((await w.post('ops01', 'my/toDoPage', {})).data.records.map((r: { id: number }) => r.id)).not.toContain(id);
    expect(
      (await w.post('sales01', 'my/applyPage', { status: 'approved' })).data.records.map((r: { id: number }) => r.id),
    ).toEqual([id]);
    expect(w.notices.some((n) => n.title === '申请已通过' && n.userIds.includes(w.ids.sales01))).toBe(true);
    expect(w.notices.some((n) => n.title === '抄送给您的申请' && n.userIds.includes(w.ids.admin))).toBe(true);

    // finished: no more withdraw or decisions; comments still allowed to those involved
    expect((await w.op('sales01', 'withdraw', { instanceId: id })).code).toBe(Errors.WF_INSTANCE_FINISHED.code);
    expect((await w.op('ops01', 'comment', { instanceId: id, content: 'thanks' })).code).toBe(0);
    expect((await w.op('ops02', 'comment', { instanceId: id, content: 'me too' })).code).toBe(
      Errors.WF_NOT_INVOLVED.code,
    );
    expect((await w.post('ops02', 'instanceDetail', { instanceId: id })).code).toBe(Errors.WF_NOT_INVOLVED.code);
  });

  it('reports home figures and filters the lists', async () => {
    const before = (await t.app.inject({ url: '/v2/sys/staff/home/summary', headers: bearer(w.tok.salesmgr) })).json()
      .data;
    const id = await start(demo, 100, 'Filter me please');
    const after = (await t.app.inject({ url: '/v2/sys/staff/home/summary', headers: bearer(w.tok.salesmgr) })).json()
      .data;
    expect(after.todoNum).toBe(before.todoNum + 1);
    const mine = (await w.post('sales01', 'my/summary', {})).data;
    expect(mine.applyNum).toBeGreaterThanOrEqual(1);
    const hit = await w.post('salesmgr', 'my/toDoPage', { keyword: 'filter me' });
    expect(hit.data.records.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await w.post('salesmgr', 'my/toDoPage', { keyword: 'no such title' })).data.total).toBe(0);
    expect((await w.post('salesmgr', 'my/toDoPage', { dateFrom: '2000-01-01', dateTo: '2000-01-02' })).data.total).toBe(
      0,
    );
    expect((await w.post('salesmgr', 'my/toDoPage', { size: 1000 })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await w.post('sales01', 'my/toDoPage', { status: 'nope' })).code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('refuses bad input: unknown ids, bad forms, missing keys, other people', async () => {
    expect((await w.post('sales01', 'instanceDetail', { instanceId: 999999 })).code).toBe(Errors.NOT_FOUND.code);
    expect((await w.post('sales01', 'instanceDetail', { instanceId: 'abc' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await w.op('sales01', 'agree', { taskId: 999999 })).code).toBe(Errors.NOT_FOUND.code);
    expect((await w.op('sales01', 'reject', { taskId: 999999, target: 'end', opinion: 'x' })).code).toBe(
      Errors.NOT_FOUND.code,
    );
    expect((await w.op('sales01', 'transmit', { taskId: 999999, toUserId: 1 })).code).toBe(Errors.NOT_FOUND.code);
    expect((await w.op('sales01', 'withdraw', { instanceId: 999999 })).code).toBe(Errors.NOT_FOUND.code);
    expect((await w.op('sales01', 'comment', { instanceId: 999999, content: 'x' })).code).toBe(Errors.NOT_FOUND.code);
    expect((await w.op('sales01', 'start', { processId: 999999, title: 'x', formData: {} })).code).toBe(
      Errors.NOT_FOUND.code,
    );
    expect((await w.op('sales01', 'start', { processId: demo, title: 'x', formData: form(-5) })).code).toBe(
      Errors.WF_FORM_INVALID.code,
    );
    expect((await w.op('sales01', 'start', { processId: demo, title: 'x', formData: form(12.5) })).code).toBe(
      Errors.WF_FORM_INVALID.code,
    );
    expect((await w.op('sales01', 'start', { processId: demo, title: 'x', formData: { amount: 100 } })).code).toBe(
      Errors.WF_FORM_INVALID.code,
    );
    expect((await w.op('sales01', 'start', { processId: demo, title: '', formData: form(1) })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await w.post('sales01', 'start', { processId: demo, title: 'x', formData: form(1) })).code).toBe(
      Errors.IDEMPOTENCE_KEY_MISSING.code,
    );
    expect((await w.get('sales01', 'select/canRejectProcessNode?taskId=999999')).code).toBe(Errors.NOT_FOUND.code);

    const id = await start(demo, 100);
    const task = await taskOf(w, 'salesmgr', id);
    expect((await w.get('ops01', `select/canRejectProcessNode?taskId=${task}`)).code).toBe(Errors.WF_NOT_ASSIGNEE.code);
    expect(
      (await w.op('salesmgr', 'reject', { taskId: task, target: 'node', nodeKey: 'leader', opinion: 'x' })).code,
    ).toBe(Errors.WF_REJECT_TARGET.code);
    expect((await w.op('salesmgr', 'withdraw', { instanceId: id })).code).toBe(Errors.WF_NOT_INITIATOR.code);
    expect((await w.op('salesmgr', 'transmit', { taskId: task, toUserId: w.ids.salesmgr })).code).toBe(
      Errors.WF_TRANSMIT_TARGET.code,
    );
    expect((await w.op('salesmgr', 'transmit', { taskId: task, toUserId: 999999 })).code).toBe(
      Errors.WF_TRANSMIT_TARGET.code,
    );
    // settings are the administrator's
    expect((await w.post('sales01', 'process/queryPage', {})).code).toBe(Errors.NO_PERMISSION.code);
    expect((await w.get('admin', 'process/update/999999')).code).toBe(Errors.NOT_FOUND.code);
    expect((await w.get('admin', 'historyVersion/999999')).code).toBe(Errors.NOT_FOUND.code);
  });

  it('transmits a task, and the initiator withdraws while open (the handler hears it)', async () => {
    const pid = await makeProcess('t-transmit', 'test.outcomes', [
      node({ key: 'a', name: 'A', approverKind: 'users', userIds: [w.ids.ops01] }),
    ]);
    const id = await start(pid, 100);
    const task = await taskOf(w, 'ops01', id);
    expect((await w.op('ops01', 'transmit', { taskId: task, toUserId: w.ids.ops02, opinion: 'on leave' })).code).toBe(
      0,
    );
    expect((await w.op('ops01', 'agree', { taskId: task })).code).toBe(Errors.WF_TASK_HANDLED.code);
    const moved = await taskOf(w, 'ops02', id);
    expect((await w.post('ops01', 'my/handlePage', {})).data.records[0]).toMatchObject({
      id,
      taskStatus: 'transmitted',
    });
    expect((await w.op('sales01', 'withdraw', { instanceId: id, opinion: 'not needed' })).code).toBe(0);
    expect(outcomes).toContain(`withdrawn:${id}`);
    expect((await w.op('ops02', 'agree', { taskId: moved })).code).toBe(Errors.WF_INSTANCE_FINISHED.code);
    expect(w.notices.at(-1)).toMatchObject({ userIds: [w.ids.ops02], title: '申请已撤回' });
    expect((await w.op('sales01', 'withdraw', { instanceId: id })).code).toBe(Errors.WF_INSTANCE_FINISHED.code);
  });

  it('calls the business handler in the same transaction; a refusing handler rolls the step back', async () => {
    const pid = await makeProcess('t-handler', 'test.outcomes', [
      node({ key: 'a', name: 'A', approverKind: 'users', userIds: [w.ids.ops01] }),
    ]);
    const id = await start(pid, 100);
    await w.op('ops01', 'agree', { taskId: await taskOf(w, 'ops01', id) });
    // the handler saw the approved status inside the transaction
    expect(outcomes).toContain(`approved:${id}:approved`);
    expect(outcomes).toContain(`committed:${id}:approved`);
    const id2 = await start(pid, 100);
    await w.op('ops01', 'reject', { taskId: await taskOf(w, 'ops01', id2), target: 'end', opinion: 'no' });
    expect(outcomes).toContain(`rejected:${id2}`);
    expect((await detail('sales01', id2)).status).toBe('rejected');

    const failing = await makeProcess('t-failing', 'test.failing', [
      node({ key: 'a', name: 'A', approverKind: 'users', userIds: [w.ids.ops01] }),
    ]);
    const id3 = await start(failing, 100);
    const task = await taskOf(w, 'ops01', id3);
    const res = await w.op('ops01', 'agree', { taskId: task });
    expect(res.code).toBe(Errors.INTERNAL.code);
    const d = await detail('sales01', id3);
    expect(d.status).toBe('running');
    expect(d.tasks.find((x: { id: number }) => x.id === task).status).toBe('pending');
    // a rolled-back step runs none of its after-commit work
    expect(outcomes).not.toContain(`committed:${id3}:refused`);
  });

  it("writes the request's start and outcome into the business record's history", async () => {
    registerApprovalHandler('test.history', { historyEntity: 'test.expense' });
    const pid = await makeProcess('t-history', 'test.history', [
      node({ key: 'a', name: 'A', approverKind: 'users', userIds: [w.ids.ops01] }),
    ]);
    const startFor = (businessKey: string | null) =>
      t.p.db.transaction((tx) =>
        startInstance(
          tx,
          {
            processId: pid,
            initiatorId: w.ids.sales01,
            title: `Expense ${businessKey}`,
            formData: form(100),
            businessKey,
          },
          Object.assign([], { now: t.p.clock.now() }),
        ),
      );
    const events = async (key: string) =>
      (await timelinePage(t.p.db, { entity: 'test.expense', recordId: key, limit: 20 })).records.map((e) => ({
        kind: e.kind,
        actorId: e.actorId,
        body: e.body,
        data: e.data,
      }));

    const ok = await startFor('EXP-1');
    expect(
      (await w.op('ops01', 'agree', { taskId: await taskOf(w, 'ops01', ok.instanceId), opinion: 'fine' })).code,
    ).toBe(0);
    const request = { requestId: ok.instanceId, title: 'Expense EXP-1' };
    expect(await events('EXP-1')).toEqual([
      { kind: 'approval', actorId: w.ids.ops01, body: null, data: { ...request, action: 'approved' } },
      { kind: 'approval', actorId: w.ids.sales01, body: null, data: { ...request, action: 'started' } },
    ]);

    const no = await startFor('EXP-2');
    const rejected = await w.op('ops01', 'reject', {
      taskId: await taskOf(w, 'ops01', no.instanceId),
      target: 'end',
      opinion: 'over budget',
    });
    expect(rejected.code).toBe(0);
    expect((await events('EXP-2'))[0]).toEqual({
      kind: 'approval',
      actorId: w.ids.ops01,
      body: 'over budget',
      data: { requestId: no.instanceId, title: 'Expense EXP-2', action: 'rejected' },
    });
    // a request that names no record leaves no history anywhere
    const [before] = rowsOf<{ n: number }>(await t.p.db.execute(sql`select count(*)::int as n from record_events`));
    const loose = await startFor(null);
    await w.op('ops01', 'agree', { taskId: await taskOf(w, 'ops01', loose.instanceId) });
    const [after] = rowsOf<{ n: number }>(await t.p.db.execute(sql`select count(*)::int as n from record_events`));
    expect(after!.n).toBe(before!.n);
  });

  it('versions: editing a published process adds a version; running requests keep theirs', async () => {
    const nodes = [node({ key: 'a', name: 'A', approverKind: 'users', userIds: [w.ids.ops01] })];
    const pid = await makeProcess('t-versions', 'general', nodes);
    const id = await start(pid, 100);
    const body = {
      id: pid,
      code: 't-versions',
      name: 'Versions',
      nameEn: 'Versions',
      groupName: 'Tests',
      serviceName: 'general',
      formId,
    };
    const same = await w.op('admin', 'process/save', { ...body, definition: { nodes } });
    expect(same.data.version).toBe(1);
    const edited = await w.op('admin', 'process/save', {
      ...body,
      definition: { nodes: [...nodes, node({ key: 'b', name: 'B', approverKind: 'users', userIds: [w.ids.ops02] })] },
    });
    expect(edited.data.version).toBe(2);
    const versions = (await w.get('admin', `historyVersion/${pid}`)).data;
    expect(
      versions.map((v: { version: number; current: boolean; instanceCount: number }) => [
        v.version,
        v.current,
        v.instanceCount,
      ]),
    ).toEqual([
      [2, true, 0],
      [1, false, 1],
    ]);
    const v1 = (await w.get('admin', `historyVersion/view/${versions[1].id}`)).data;
    expect(v1.definition.nodes).toHaveLength(1);
    await w.op('ops01', 'agree', { taskId: await taskOf(w, 'ops01', id) });
    expect((await detail('sales01', id)).status).toBe('approved');
    const id2 = await start(pid, 100);
    await w.op('ops01', 'agree', { taskId: await taskOf(w, 'ops01', id2) });
    expect((await detail('sales01', id2)).currentNodeKey).toBe('b');

    expect((await w.post('admin', 'process/stateUpdate', { id: pid, enabled: false })).code).toBe(0);
    expect((await w.op('sales01', 'start', { processId: pid, title: 'x', formData: form(1) })).code).toBe(
      Errors.WF_PROCESS_DISABLED.code,
    );
    expect((await w.get('sales01', 'process/sponsor')).data.map((p: { id: number }) => p.id)).not.toContain(pid);
  });

  it('refuses definitions naming unknown roles, duplicate keys, and nodes with nobody', async () => {
    const base = { code: 't-bad', name: 'Bad', nameEn: 'Bad', groupName: 'Tests', serviceName: 'general', formId };
    const bad = (nodes: object[]) => w.op('admin', 'process/save', { ...base, definition: { nodes } });
    expect((await bad([node({ key: 'a', name: 'A', approverKind: 'role', roleId: 99999 })])).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await bad([node({ key: 'a', name: 'A', approverKind: 'users' })])).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    const n = node({ key: 'a', name: 'A', approverKind: 'users', userIds: [w.ids.ops01] });
    expect((await bad([n, n])).code).toBe(Errors.VALIDATION_FAILED.code);
    // an empty role is refused at start with the node's name
    const role = await w.op('admin', 'role/save', { name: 'Empty', code: 'empty-role', memberIds: [] });
    const pid = await makeProcess('t-empty', 'general', [
      node({ key: 'a', name: 'Nobody', approverKind: 'role', roleId: role.data.id }),
    ]);
    const res = await w.op('sales01', 'start', { processId: pid, title: 'x', formData: form(1) });
    expect(res).toMatchObject({ code: Errors.WF_NO_APPROVER.code });
    expect(res.msg).toContain('Nobody');
    expect((await w.get('admin', `role/deleted/${role.data.id}`)).code).toBe(Errors.WF_IN_USE.code);
  });

  it('manages workflow roles and forms', async () => {
    const saved = await w.op('admin', 'role/save', { name: 'Auditors', code: 'auditors', memberIds: [w.ids.ops01] });
    expect(saved.code).toBe(0);
    expect((await w.op('admin', 'role/save', { name: 'Again', code: 'auditors' })).code).toBe(Errors.DUPLICATE.code);
    expect(
      (
        await w.op('admin', `role/update/${saved.data.id}`, {
          name: 'Auditors',
          code: 'auditors',
          memberIds: [w.ids.ops01, w.ids.ops02],
        })
      ).code,
    ).toBe(0);
    const page = await w.post('admin', 'role/page', { keyword: 'audit' });
    expect(page.data.records[0].members.map((m: { id: number }) => m.id)).toEqual(
      [w.ids.ops01, w.ids.ops02].sort((a, b) => a - b),
    );
    expect((await w.post('admin', 'role/stateUpdate', { id: saved.data.id, enabled: false })).code).toBe(0);
    expect((await w.get('admin', 'select/role')).data.map((o: { value: number }) => o.value)).not.toContain(
      saved.data.id,
    );
    expect((await w.get('admin', `role/deleted/${saved.data.id}`)).code).toBe(0);
    expect((await w.get('admin', `role/deleted/${saved.data.id}`)).code).toBe(Errors.NOT_FOUND.code);
    expect((await w.op('admin', 'role/update/999999', { name: 'X', code: 'xx' })).code).toBe(Errors.NOT_FOUND.code);

    const f = await w.op('admin', 'form/save', { name: 'Leave', code: 'leave' });
    expect(f.code).toBe(0);
    const field = await w.op('admin', 'form/field/save', {
      formId: f.data.id,
      key: 'days',
      label: '天数',
      labelEn: 'Days',
      type: 'number',
      required: true,
    });
    expect(field.code).toBe(0);
    expect(
      (
        await w.op('admin', 'form/field/save', {
          formId: f.data.id,
          key: 'days',
          label: 'x',
          labelEn: 'x',
          type: 'text',
        })
      ).code,
    ).toBe(Errors.DUPLICATE.code);
    expect(
      (
        await w.op('admin', 'form/field/save', {
          formId: f.data.id,
          key: 'bad key',
          label: 'x',
          labelEn: 'x',
          type: 'text',
        })
      ).code,
    ).toBe(Errors.VALIDATION_FAILED.code);
    expect(
      (await w.op('admin', 'form/field/save', { formId: 999999, key: 'k', label: 'x', labelEn: 'x', type: 'text' }))
        .code,
    ).toBe(Errors.NOT_FOUND.code);
    expect((await w.post('admin', 'form/field/queryPage', { formId: f.data.id })).data.total).toBe(1);
    expect((await w.get('admin', `form/field/delete/${field.data.id}`)).code).toBe(0);
    expect((await w.get('admin', `form/delete/${formId}`)).code).toBe(Errors.WF_IN_USE.code);
    expect((await w.get('admin', `form/delete/${f.data.id}`)).code).toBe(0);
    expect((await w.post('admin', 'form/queryPage', { keyword: 'leave' })).data.total).toBe(0);
  });

  it('imports fields from the XLSX template: preview with row errors, then save', async () => {
    const f = await w.op('admin', 'form/save', { name: 'Imported', code: 'imported' });
    const url = (await w.get('admin', 'form/field/import/templateUrl')).data.url;
    const tpl = await t.app.inject({ url, headers: bearer(w.tok.admin) });
    expect(tpl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    ws.addRow(['bad key', 'x', 'x', 'text', 'N', '', 3]);
    ws.addRow(['amount', 'dup', 'dup', 'money', 'N', '', 4]);
    const upload = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----wfimport';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fields.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      upload,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const view = (
      await t.app.inject({
        method: 'POST',
        url: '/v2/workflow/form/field/import/view',
        headers: { ...bearer(w.tok.admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      })
    ).json();
    expect(view.code, JSON.stringify(view)).toBe(0);
    expect(view.data.rows.map((r: { key: string }) => r.key)).toEqual(['amount', 'kind']);
    expect(view.data.rows[1].options).toEqual([
      { value: 'a', label: '选项A' },
      { value: 'b', label: '选项B' },
    ]);
    expect(view.data.errors.map((e: { row: number }) => e.row)).toEqual([4, 5]);
    const saved = await w.op('admin', `form/field/import/${f.data.id}`, { rows: view.data.rows });
    expect(saved.code).toBe(0);
    expect(saved.data.map((x: { key: string; type: string }) => `${x.key}:${x.type}`)).toEqual([
      'amount:money',
      'kind:select',
    ]);
    expect((await w.op('admin', 'form/field/import/999999', { rows: view.data.rows })).code).toBe(
      Errors.NOT_FOUND.code,
    );
  });

  // the webhook's delivery (a job) and its host allow-list: approval-webhooks.test.ts
  it('notify settings: events off are not sent', async () => {
    const pid = await makeProcess('t-notify', 'general', [
      node({ key: 'a', name: 'A', approverKind: 'users', userIds: [w.ids.ops01] }),
    ]);
    const saved = await w.op('admin', 'process/notify/save', {
      processId: pid,
      events: ['approved'],
      webhookUrl: `http://127.0.0.1:9/robot`,
    });
    expect(saved.data).toEqual({
      processId: pid,
      events: ['approved'],
      webhookUrl: `http://127.0.0.1:9/robot`,
    });
    expect((await w.op('admin', 'process/notify/save', { processId: pid, events: ['nope'] })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect(
      (await w.op('admin', 'process/notify/save', { processId: pid, events: [], webhookUrl: 'ftp://x' })).code,
    ).toBe(Errors.VALIDATION_FAILED.code);
    const before = w.notices.length;
    const id = await start(pid, 100, 'Hooked');
    expect(w.notices.length).toBe(before); // 'todo' is off for this process
    await w.op('ops01', 'agree', { taskId: await taskOf(w, 'ops01', id) });
    expect(w.notices.slice(before).map((n) => n.title)).toEqual(['申请已通过']);
  });

  it('reminds the approver and the initiator once when a task passes its time limit', async () => {
    const pid = await makeProcess('t-timeout', 'general', [
      node({ key: 'a', name: 'A', approverKind: 'users', userIds: [w.ids.ops01], timeLimitHours: 2 }),
    ]);
    const id = await start(pid, 100, 'Slow one');
    const d = await detail('sales01', id);
    const due = Date.parse(d.tasks[0].dueAt) - t.clock.now().getTime();
    expect(due).toBeGreaterThan(7_100_000);
    expect(due).toBeLessThan(7_300_000);
    expect(await remindOverdue(t.p)).toBe(0);
    t.clock.advance(due - 60_000);
    expect(await remindOverdue(t.p)).toBe(0);
    t.clock.advance(2 * 60_000);
    await w.signInAgain(); // the clock moved past the tokens' lifetime
    const before = w.notices.length;
    expect(await remindOverdue(t.p)).toBe(1);
    expect(await remindOverdue(t.p)).toBe(0);
    expect(w.notices.slice(before)).toEqual([
      expect.objectContaining({ title: '审批已超时', userIds: [w.ids.ops01, w.ids.sales01] }),
    ]);
    expect((await detail('sales01', id)).history.at(-1).action).toBe('remind');
  });

  it('stamps decisions and the finish with the platform clock, not the wall clock', async () => {
    const pid = await makeProcess('t-clock', 'general', [
      node({ key: 'a', name: 'A', approverKind: 'users', userIds: [w.ids.ops01] }),
    ]);
    t.clock.advance(3 * 86_400_000);
    await w.signInAgain();
    const id = await start(pid, 100, 'Clocked');
    expect((await w.op('ops01', 'agree', { taskId: await taskOf(w, 'ops01', id) })).code).toBe(0);
    const d = await detail('sales01', id);
    expect(d.status).toBe('approved');
    const near = (iso: string) => Math.abs(Date.parse(iso) - t.clock.now().getTime()) < 60_000;
    expect(Date.parse(d.finishedAt) - Date.now()).toBeGreaterThan(2 * 86_400_000);
    expect(near(d.finishedAt)).toBe(true);
    expect(near(d.tasks[0].handledAt)).toBe(true);
  });

  it('keeps attachment ids on the request and refuses unknown ones', async () => {
    const boundary = '----wfattach';
    const up = (
      await t.app.inject({
        method: 'POST',
        url: '/v2/workflow/form/file/upload',
        headers: { ...bearer(w.tok.sales01), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="quote.txt"\r\nContent-Type: text/plain\r\n\r\nquote 42\r\n--${boundary}--\r\n`,
      })
    ).json();
    expect(up.code, JSON.stringify(up)).toBe(0);
    const res = await w.op('sales01', 'start', {
      processId: demo,
      title: 'With file',
      formData: form(100, { attachments: [up.data.id] }),
    });
    expect(res.code).toBe(0);
    expect((await detail('sales01', res.data.instanceId)).attachmentIds).toEqual([up.data.id]);
    const unknown = await w.op('sales01', 'start', {
      processId: demo,
      title: 'Bad file',
      formData: form(100, { attachments: ['00000000-0000-4000-8000-000000000000'] }),
    });
    expect(unknown.code).toBe(Errors.WF_ATTACHMENT_UNKNOWN.code);
  });

  it('answers each attachment with a signed URL that downloads the same bytes, to those involved only', async () => {
    const boundary = '----wfsysupload';
    const text = 'quote line 1\nquote line 2 — 42 €\n';
    const up = (
      await t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/file/upload',
        headers: { ...bearer(w.tok.sales01), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="quote.txt"\r\nContent-Type: text/plain\r\n\r\n`,
          ),
          Buffer.from(text),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      })
    ).json();
    expect(up.code, JSON.stringify(up)).toBe(0);
    const res = await w.op('sales01', 'start', {
      processId: demo,
      title: 'With a quote',
      formData: form(100, { attachments: [up.data.id] }),
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    const id = res.data.instanceId as number;

    for (const who of ['sales01', 'salesmgr', 'admin'] as const) {
      const d = await detail(who, id);
      expect(d.attachments).toEqual([
        {
          id: up.data.id,
          name: 'quote.txt',
          size: Buffer.byteLength(text),
          url: expect.stringMatching(/^\/v2\/files\/[0-9a-f-]{36}\/content\?exp=\d+&sig=[\w-]+$/),
        },
      ]);
      const dl = await t.app.inject({ url: d.attachments[0].url });
      expect(dl.statusCode).toBe(200);
      expect(dl.rawPayload.equals(Buffer.from(text))).toBe(true);
    }
    const data = (await w.post('salesmgr', 'form/data', { instanceId: id })).data;
    expect(data.attachments.map((a: { id: string }) => a.id)).toEqual([up.data.id]);

    // an outsider gets neither the request nor a URL
    const outsider = await w.post('ops02', 'instanceDetail', { instanceId: id });
    expect(outsider.code).toBe(Errors.WF_NOT_INVOLVED.code);
    expect(JSON.stringify(outsider)).not.toContain('/content?');
    expect((await w.post('ops02', 'form/data', { instanceId: id })).code).toBe(Errors.WF_NOT_INVOLVED.code);
    // a tampered URL downloads nothing
    const d = await detail('sales01', id);
    const forged = d.attachments[0].url.replace(/sig=[\w-]+/, 'sig=AAAA');
    expect((await t.app.inject({ url: forged })).statusCode).not.toBe(200);
  });

  it('lets a signed-in user pick active staff by name or job number (authz.test.ts: scope, no login names)', async () => {
    const all = await w.get('admin', 'select/user');
    expect(all.code, JSON.stringify(all)).toBe(0);
    expect(all.data.length).toBeGreaterThan(1);
    expect(all.data.length).toBeLessThanOrEqual(20);
    expect(all.data[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      jobNumber: expect.any(String),
      deptNames: expect.any(Array),
    });
    const [fin] = rowsOf<{ name: string; job_number: string }>(
      await t.p.db.execute(sql`select name, job_number from staff_users where id = ${w.ids.finance01}`),
    );
    const hit = await w.get('admin', `select/user?keyword=${encodeURIComponent(fin!.name)}`);
    expect(hit.data.map((u: { id: number }) => u.id)).toContain(w.ids.finance01);
    for (const u of hit.data as { name: string; jobNumber: string }[]) expect(u.name).toContain(fin!.name);
    expect(hit.data.length).toBeLessThan(all.data.length);
    const byJob = await w.get('admin', `select/user?keyword=${encodeURIComponent(fin!.job_number)}`);
    expect(byJob.data.map((u: { id: number }) => u.id)).toContain(w.ids.finance01);
    // login names are not searched
    expect((await w.get('admin', 'select/user?keyword=finance01')).data).toEqual([]);
    // % and _ are taken literally
    expect((await w.get('admin', 'select/user?keyword=%25')).data).toEqual([]);
    expect((await w.get('admin', 'select/user?keyword=_')).data).toEqual([]);
    expect((await w.get('admin', 'select/user?limit=2')).data).toHaveLength(2);
    expect((await w.get('admin', 'select/user?limit=0')).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await w.get('admin', 'select/user?limit=21')).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await w.get('admin', 'select/user?limit=abc')).code).toBe(Errors.VALIDATION_FAILED.code);
    // disabled staff are not offered
    const [ops] = rowsOf<{ job_number: string }>(
      await t.p.db.execute(sql`select job_number from staff_users where id = ${w.ids.ops02}`),
    );
    const opsPick = `select/user?keyword=${encodeURIComponent(ops!.job_number)}`;
    expect((await w.get('admin', opsPick)).data.map((u: { id: number }) => u.id)).toContain(w.ids.ops02);
    await t.p.db.execute(sql`update staff_users set status = 'disabled' where id = ${w.ids.ops02}`);
    try {
      expect((await w.get('admin', opsPick)).data).toEqual([]);
    } finally {
      await t.p.db.execute(sql`update staff_users set status = 'active' where id = ${w.ids.ops02}`);
    }
    const anon = await t.app.inject({ url: '/v2/workflow/select/user' });
    expect(anon.statusCode).toBe(401);
  });

  it('a dictionary field takes only enabled items of its dictionary', async () => {
    const field = await w.op('admin', 'form/field/save', {
      formId,
      key: 'industry',
      label: '行业',
      labelEn: 'Industry',
      type: 'select',
      dictCode: 'crm.industry',
    });
    expect(field.code, JSON.stringify(field)).toBe(0);
    const go = (industry: string) =>
      w.op('sales01', 'start', { processId: demo, title: 'Dict field', formData: form(1000, { industry }) });
    expect((await go('fintech')).code).toBe(0);
    const unknown = await go('not-an-industry');
    expect(unknown.code).toBe(Errors.WF_FORM_INVALID.code);
    await t.p.db.execute(
      sql`update dict_items set enabled = false where type_code = 'crm.industry' and value = 'gaming'`,
    );
    expect((await go('gaming')).code).toBe(Errors.WF_FORM_INVALID.code);
  });
});

describe('approval reminder schedule', () => {
  it('schedules the overdue reminder every minute when jobs run', async () => {
    const t = await startTestApp({ jobs: true, seed: false });
    try {
      const rows = rowsOf<{ name: string; cron: string }>(
        await t.p.db.execute(sql`select name, cron from pgboss.schedule where name = 'approval.remind-overdue'`),
      );
      expect(rows).toEqual([{ name: 'approval.remind-overdue', cron: '* * * * *' }]);
    } finally {
      await t.close();
    }
    // the app boots inside the test (jobs on): a boot's time, as the hooks get
  }, 60_000);
});
