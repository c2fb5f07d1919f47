import { IDEMPOTENCE_HEADER } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import type { Notification } from '../src/platform/notify.js';
import { bearer, signIn, type TestApp, type Tokens } from './harness.js';

/** The demo accounts the approval tests act as (see docs/domain.md "Approvals"). */
export const PEOPLE = ['admin', 'sales01', 'salesmgr', 'finance01', 'finance03', 'ops01', 'ops02'] as const;
export type Person = (typeof PEOPLE)[number];
const PASSWORDS: Record<Person, string> = {
  admin: 'Admin#2026',
  sales01: 'Sales#2026',
  salesmgr: 'Sales#2026',
  finance01: 'Finance#2026',
  finance03: 'Finance#2026',
  ops01: 'Ops#2026',
  ops02: 'Ops#2026',
};

/** An API answer as the tests read it (data shapes are asserted by the tests themselves). */
// biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
export type Answer = { code: number; data: any; msg: string };

export interface Wf {
  tok: Record<Person, Tokens>;
  ids: Record<Person, number>;
  /** POST with a fresh idempotence key (check-repeat routes) */
  op(who: Person, path: string, body: object): Promise<Answer>;
  post(who: Person, path: string, body: object): Promise<Answer>;
  get(who: Person, path: string): Promise<Answer>;
  notices: Notification[];
  /** fresh tokens for everybody (after a test moved the clock past their lifetime) */
  signInAgain(): Promise<void>;
}

export async function approvalWorld(t: TestApp): Promise<Wf> {
  const tok = {} as Record<Person, Tokens>;
  const ids = {} as Record<Person, number>;
  const signInAll = async () => {
    for (const who of PEOPLE) tok[who] = await signIn(t.app, { username: who, password: PASSWORDS[who] });
  };
  await signInAll();
  for (const who of PEOPLE) {
    const [u] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, who));
    ids[who] = u!.id;
  }
  const notices: Notification[] = [];
  t.p.notifier.register('test-capture', async (n) => {
    notices.push(n);
  });
  const key = async (who: Person) =>
    (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok[who]) })).json().data
      .key as string;
  return {
    tok,
    ids,
    notices,
    signInAgain: signInAll,
    async op(who, path, body) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v2/workflow/${path}`,
        headers: { ...bearer(tok[who]), [IDEMPOTENCE_HEADER]: await key(who) },
        payload: body,
      });
      return res.json();
    },
    async post(who, path, body) {
      return (
        await t.app.inject({ method: 'POST', url: `/v2/workflow/${path}`, headers: bearer(tok[who]), payload: body })
      ).json();
    },
    async get(who, path) {
      return (await t.app.inject({ url: `/v2/workflow/${path}`, headers: bearer(tok[who]) })).json();
    },
  };
}

export async function demoProcessId(t: TestApp): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await t.p.db.execute(sql`select id from wf_processes where code = 'general-application'`),
  );
  expect(row).toBeDefined();
  return row!.id;
}

/** The pending task of `who` on an instance. */
export async function taskOf(w: Wf, who: Person, instanceId: number): Promise<number> {
  const res = await w.post(who, 'select/currentTaskId', { instanceId });
  expect(res.code, JSON.stringify(res)).toBe(0);
  expect(res.data.taskId, `${who} has no open task on ${instanceId}`).not.toBeNull();
  return res.data.taskId;
}

/** A process node with the usual defaults: the seeds' builder. */
export { processNode as node } from '../src/modules/approval/business.js';
