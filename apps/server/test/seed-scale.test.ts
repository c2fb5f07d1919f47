import { count, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers, userDepartments, userRoles } from '../src/platform/access/schema.js';
import { seedAll } from '../src/seed/index.js';
import { startTestApp, type TestApp } from './harness.js';

// The demo-data framework at a larger scale: deterministic from the seed number, idempotent.
describe('seed at the bench scale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(() => t?.close());

  const generated = () =>
    t.p.db
      .select({ id: staffUsers.id, username: staffUsers.username, name: staffUsers.name, jobTime: staffUsers.jobTime })
      .from(staffUsers)
      .where(like(staffUsers.jobNumber, 'G%'))
      .orderBy(staffUsers.username);
  const counts = async () => ({
    staff: (await t.p.db.select({ n: count() }).from(staffUsers))[0]!.n,
    departments: (await t.p.db.select({ n: count() }).from(userDepartments))[0]!.n,
    roles: (await t.p.db.select({ n: count() }).from(userRoles))[0]!.n,
  });

  it('adds the generated staff once, each with a department and a role; a second run adds nothing', async () => {
    await seedAll(t.p.db, t.p.log, { scale: 'bench', seed: 7 });
    const first = await generated();
    expect(first).toHaveLength(1000);
    const before = await counts();
    expect(before.departments).toBe(before.staff);
    await seedAll(t.p.db, t.p.log, { scale: 'bench', seed: 7 });
    expect(await counts()).toEqual(before);
    expect(await generated()).toEqual(first);
    // every room seeds at this scale twice (finance's ledger and traffic's ingestion included): a safety net, not a target
  }, 300_000);

  it('makes the same people from the same seed number, and others from another', async () => {
    const first = await generated();
    const drop = async () => {
      const ids = (await generated()).map((u) => u.id);
      await t.p.db.delete(userDepartments).where(inArray(userDepartments.userId, ids));
      await t.p.db.delete(userRoles).where(inArray(userRoles.userId, ids));
      await t.p.db.delete(staffUsers).where(inArray(staffUsers.id, ids));
    };
    const people = (list: typeof first) => list.map(({ username, name, jobTime }) => ({ username, name, jobTime }));
    await drop();
    await seedAll(t.p.db, t.p.log, { scale: 'bench', seed: 7 });
    expect(people(await generated())).toEqual(people(first));
    await drop();
    await seedAll(t.p.db, t.p.log, { scale: 'bench', seed: 8 });
    expect(people(await generated())).not.toEqual(people(first));
  }, 120_000);
});
