import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '../src/platform/i18n/message-templates.js';
import { approvalWorld, node, type Person, type Wf } from './approval-support.js';
import { bearer, startTestApp, type TestApp } from './harness.js';

/** Node names in both languages: stored with the step, read in the reader's language, in notices too. */
describe('approval node names in zh and en', () => {
  let t: TestApp;
  let w: Wf;
  let processId: number;
  beforeAll(async () => {
    t = await startTestApp();
    w = await approvalWorld(t);
    const form = await w.op('admin', 'form/save', { name: 'Names', code: 'names_form' });
    const saved = await w.op('admin', 'process/save', {
      code: 't-names',
      name: '双语流程',
      nameEn: 'Bilingual process',
      groupName: 'Tests',
      serviceName: 'general',
      formId: form.data.id,
      definition: {
        nodes: [
          node({ key: 'a', name: '财务审核', nameEn: 'Finance review', approverKind: 'users', userIds: [w.ids.ops01] }),
          node({ key: 'b', name: '终审', approverKind: 'users', userIds: [w.ids.ops02] }),
        ],
      },
    });
    expect(saved.code, JSON.stringify(saved)).toBe(0);
    processId = saved.data.id;
  });
  afterAll(async () => t?.close());

  const call = async (who: Person, path: string, body: object | null, lang: string) =>
    (
      await t.app.inject({
        method: body ? 'POST' : 'GET',
        url: `/v2/workflow/${path}`,
        headers: { ...bearer(w.tok[who]), 'x-lang': lang },
        ...(body ? { payload: body } : {}),
      })
    ).json();

  it('keeps an English name per node; a node saved without one reads its Chinese name', async () => {
    const d = await w.get('admin', `process/update/${processId}`);
    expect(d.data.definition.nodes.map((n: { nameEn: string }) => n.nameEn)).toEqual(['Finance review', '终审']);
    const options = async (lang: string) =>
      (await call('admin', `select/processNode?processId=${processId}`, null, lang)).data.map(
        (o: { label: string }) => o.label,
      );
    expect(await options('zh-CN')).toEqual(['财务审核', '终审']);
    expect(await options('en')).toEqual(['Finance review', '终审']);
  });

  it('shows lists, details, previews and notices in the reader language', async () => {
    const formData = {};
    const preview = async (lang: string) =>
      (await call('sales01', 'route/preview', { processId, formData }, lang)).data.map((s: { name: string }) => s.name);
    expect(await preview('zh-CN')).toEqual(['财务审核', '终审']);
    expect(await preview('en')).toEqual(['Finance review', '终审']);

    const before = w.notices.length;
    const started = await w.op('sales01', 'start', { processId, title: 'Names', formData });
    expect(started.code, JSON.stringify(started)).toBe(0);
    const id = started.data.instanceId as number;
    const todo = async (lang: string) =>
      (await call('ops01', 'my/toDoPage', { page: 1, size: 10 }, lang)).data.records.find(
        (r: { id: number }) => r.id === id,
      );
    expect(await todo('zh-CN')).toMatchObject({ taskNodeName: '财务审核', currentNodeName: '财务审核' });
    expect(await todo('en')).toMatchObject({ taskNodeName: 'Finance review', currentNodeName: 'Finance review' });
    const detail = async (lang: string) => (await call('sales01', 'instanceDetail', { instanceId: id }, lang)).data;
    const en = await detail('en');
    expect(en.currentNodeName).toBe('Finance review');
    expect(en.route.map((s: { name: string }) => s.name)).toEqual(['Finance review', '终审']);
    expect(en.tasks[0].nodeName).toBe('Finance review');
    expect((await detail('zh-CN')).tasks[0].nodeName).toBe('财务审核');

    const notice = w.notices.slice(before).find((n) => n.userIds.includes(w.ids.ops01));
    expect(notice?.template).toBeDefined();
    expect(renderMessage(notice!.template!, 'en')!.content).toContain('step "Finance review"');
    expect(renderMessage(notice!.template!, 'zh-CN')!.content).toContain('（财务审核）');
  });

  it('names the node without approvers in the reader language', async () => {
    const form = await w.op('admin', 'form/save', { name: 'Empty role', code: 'names_empty' });
    const role = await w.op('admin', 'role/save', { name: 'Nobody', code: 'names-nobody', memberIds: [] });
    const saved = await w.op('admin', 'process/save', {
      code: 't-names-empty',
      name: '空角色',
      nameEn: 'Empty role',
      groupName: 'Tests',
      serviceName: 'general',
      formId: form.data.id,
      definition: {
        nodes: [
          node({ key: 'a', name: '无人节点', nameEn: 'Nobody step', approverKind: 'role', roleId: role.data.id }),
        ],
      },
    });
    const body = { processId: saved.data.id, title: 'x', formData: {} };
    const startAs = async (lang: string) => {
      const key = (
        await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(w.tok.sales01) })
      ).json().data.key as string;
      return (
        await t.app.inject({
          method: 'POST',
          url: '/v2/workflow/start',
          headers: { ...bearer(w.tok.sales01), 'x-lang': lang, [IDEMPOTENCE_HEADER]: key },
          payload: body,
        })
      ).json();
    };
    const en = await startAs('en');
    expect(en.code).toBe(Errors.WF_NO_APPROVER.code);
    expect(en.msg).toContain('Nobody step');
    expect((await startAs('zh-CN')).msg).toContain('无人节点');
  });

  it('refuses a settings save opened before someone else changed the record (CONFLICT), changing nothing', async () => {
    const role = await w.op('admin', 'role/save', { name: 'Stamp', code: 'stamp-role', memberIds: [] });
    const rowOf = async () =>
      (await w.post('admin', 'role/page', { keyword: 'stamp-role' })).data.records[0] as {
        name: string;
        updatedAt: string;
      };
    const opened = await rowOf();
    const body = (name: string, stamp: string) => ({ name, code: 'stamp-role', memberIds: [], expectUpdatedAt: stamp });
    expect((await w.op('admin', `role/update/${role.data.id}`, body('First', opened.updatedAt))).code).toBe(0);
    const second = await w.op('admin', `role/update/${role.data.id}`, body('Second', opened.updatedAt));
    expect(second.code).toBe(Errors.CONFLICT.code);
    expect((await rowOf()).name).toBe('First');
    expect((await w.op('admin', `role/update/${role.data.id}`, body('Second', (await rowOf()).updatedAt))).code).toBe(
      0,
    );

    const form = await w.op('admin', 'form/save', { name: 'Stamped', code: 'stamp_form' });
    const formRow = async () =>
      (await w.post('admin', 'form/queryPage', { keyword: 'stamp_form' })).data.records[0] as { updatedAt: string };
    const formOpened = (await formRow()).updatedAt;
    const formBody = { id: form.data.id, name: 'Stamped 2', code: 'stamp_form', expectUpdatedAt: formOpened };
    expect((await w.op('admin', 'form/save', formBody)).code).toBe(0);
    expect((await w.op('admin', 'form/save', { ...formBody, name: 'Stamped 3' })).code).toBe(Errors.CONFLICT.code);

    const proc = await w.get('admin', `process/update/${processId}`);
    const { id, code, nameEn, groupName, serviceName, formId, applyPath, description, definition, updatedAt } =
      proc.data;
    const rest = { id, code, nameEn, groupName, serviceName, formId, applyPath, description, definition };
    const save = (name: string) => w.op('admin', 'process/save', { ...rest, name, expectUpdatedAt: updatedAt });
    expect((await save('双语流程 2')).code).toBe(0);
    expect((await save('双语流程 3')).code).toBe(Errors.CONFLICT.code);
    expect((await w.get('admin', `process/update/${processId}`)).data.name).toBe('双语流程 2');
  });
});
