import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  departments,
  resources,
  roleResources,
  roles,
  staffUsers,
  userDepartments,
  userRoles,
} from '../platform/access/schema.js';
import { hashPassword } from '../platform/auth/passwords.js';
import type { Db } from '../platform/db/index.js';
import type { SeedContext } from '../platform/seed/context.js';
import { buildSeedResources, roleGrants, type SeedResource } from './resources.js';

const DEPARTMENTS = [
  { code: 'hq', name: '总部', nameEn: 'Headquarters', parent: null },
  { code: 'sales', name: '销售部', nameEn: 'Sales', parent: 'hq' },
  { code: 'sales-1', name: '销售一组', nameEn: 'Sales team 1', parent: 'sales' },
  { code: 'sales-2', name: '销售二组', nameEn: 'Sales team 2', parent: 'sales' },
  { code: 'finance', name: '财务部', nameEn: 'Finance', parent: 'hq' },
  { code: 'ops', name: '运营部', nameEn: 'Operations', parent: 'hq' },
  { code: 'admin', name: '行政部', nameEn: 'Administration', parent: 'hq' },
  { code: 'purchasing', name: '采购部', nameEn: 'Purchasing', parent: 'hq' },
] as const;

const ROLES = [
  { code: 'admin', name: '系统管理员', nameEn: 'Administrator', dataScope: 'all' },
  { code: 'sales_manager', name: '销售经理', nameEn: 'Sales manager', dataScope: 'dept_tree' },
  { code: 'sales', name: '销售', nameEn: 'Sales', dataScope: 'own' },
  { code: 'finance', name: '财务', nameEn: 'Finance', dataScope: 'dept' },
  { code: 'ops', name: '运营', nameEn: 'Operations', dataScope: 'dept' },
  { code: 'purchasing_manager', name: '采购经理', nameEn: 'Purchasing manager', dataScope: 'dept_tree' },
  { code: 'purchasing', name: '采购', nameEn: 'Buyer', dataScope: 'own' },
] as const;

/** Documented demo accounts plus enough colleagues (about 30) to make lists and scopes real. */
const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
  '何',
  '郭',
  '马',
  '罗',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '霞',
  '平',
  '刚',
  '丽',
  '强',
];

function demoUsers() {
  const users: { username: string; password: string; name: string; nameEn?: string; dept: string; roles: string[] }[] =
    [
      // the administrator's name is a title, not a person's: English readers get it in English
      {
        username: 'admin',
        password: 'Admin#2026',
        name: '系统管理员',
        nameEn: 'Administrator',
        dept: 'admin',
        roles: ['admin'],
      },
      { username: 'sales01', password: 'Sales#2026', name: '王伟', dept: 'sales-1', roles: ['sales'] },
      { username: 'finance01', password: 'Finance#2026', name: '李娜', dept: 'finance', roles: ['finance'] },
      { username: 'ops01', password: 'Ops#2026', name: '张磊', dept: 'ops', roles: ['ops'] },
      { username: 'salesmgr', password: 'Sales#2026', name: '刘洋', dept: 'sales', roles: ['sales_manager', 'sales'] },
    ];
  const plan: [string, string, number, string[]][] = [
    ['sales', 'sales-1', 6, ['sales']],
    ['sales', 'sales-2', 7, ['sales']],
    ['finance', 'finance', 4, ['finance']],
    ['ops', 'ops', 6, ['ops']],
    ['staff', 'admin', 2, []],
    ['purchase', 'purchasing', 4, ['purchasing']],
  ];
  let n = 0;
  const counters: Record<string, number> = { sales: 1, finance: 1, ops: 1, purchase: 1, staff: 0 };
  for (const [prefix, dept, count, r] of plan) {
    for (let i = 0; i < count; i++) {
      counters[prefix] = (counters[prefix] ?? 0) + 1;
      const username = `${prefix}${String(counters[prefix]).padStart(2, '0')}`;
      const name = `${SURNAMES[n % SURNAMES.length]}${GIVEN[(n * 7 + 3) % GIVEN.length]}`;
      users.push({ username, password: `${prefix[0]!.toUpperCase()}${prefix.slice(1)}#2026`, name, dept, roles: r });
      n++;
    }
  }
  // the purchasing accounts came after the others: appended so the earlier job numbers stay
  users.push(
    { username: 'purchase01', password: 'Purchase#2026', name: '陈静', dept: 'purchasing', roles: ['purchasing'] },
    {
      username: 'purchasemgr',
      password: 'Purchase#2026',
      name: '赵强',
      dept: 'purchasing',
      roles: ['purchasing_manager', 'purchasing'],
    },
  );
  return users;
}

/**
 * The platform's demo data: departments, roles, menus and the documented accounts with their
 * colleagues, plus generated staff at larger scales. Idempotent, keyed by natural keys, so running
 * it twice changes nothing.
 */
export async function seedDemo(ctx: SeedContext): Promise<void> {
  const { db, log } = ctx;
  const deptIds = new Map<string, number>();
  for (const [i, d] of DEPARTMENTS.entries()) {
    await db
      .insert(departments)
      .values({
        code: d.code,
        name: d.name,
        nameEn: d.nameEn,
        sort: i,
        parentId: d.parent ? deptIds.get(d.parent) : null,
      })
      .onConflictDoNothing();
    const [row] = await db.select({ id: departments.id }).from(departments).where(eq(departments.code, d.code));
    deptIds.set(d.code, row!.id);
  }

  const roleIds = new Map<string, number>();
  for (const r of ROLES) {
    await db.insert(roles).values(r).onConflictDoNothing();
    const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, r.code));
    roleIds.set(r.code, row!.id);
  }

  await seedResources(db, roleIds);

  let created = 0;
  for (const [i, u] of demoUsers().entries()) {
    const [exists] = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(sql`lower(${staffUsers.username}) = ${u.username}`);
    if (exists) {
      // the English names came after the accounts: given to an account seeded without one
      if (u.nameEn)
        await db
          .update(staffUsers)
          .set({ nameEn: u.nameEn })
          .where(and(eq(staffUsers.id, exists.id), isNull(staffUsers.nameEn)));
      continue;
    }
    const jobNumber = `E${String(1001 + i)}`;
    const [row] = await db
      .insert(staffUsers)
      .values({
        username: u.username,
        passwordHash: await hashPassword(u.password),
        name: u.name,
        nameEn: u.nameEn ?? null,
        jobNumber,
        staffId: `S${jobNumber}`,
        email: `${u.username}@portal.example`,
        jobTime: `20${String(18 + (i % 7)).padStart(2, '0')}-0${(i % 9) + 1}-1${i % 10}`,
        ssoSubject: `wk-${u.username}`,
      })
      .returning({ id: staffUsers.id });
    await db.insert(userDepartments).values({ userId: row!.id, departmentId: deptIds.get(u.dept)! });
    if (u.roles.length)
      await db.insert(userRoles).values(u.roles.map((r) => ({ userId: row!.id, roleId: roleIds.get(r)! })));
    created++;
  }
  created += await seedScaleStaff(ctx, deptIds, roleIds);
  if (created) log.info({ created, scale: ctx.scale }, 'demo data seeded');
}

/** Generated staff beyond the demo accounts at the bench and large scales (one password for all). */
const SCALE_STAFF = { demo: 0, bench: 1_000, large: 50_000 } as const;
const SCALE_PASSWORD = 'Staff#2026';
const SCALE_TEAMS = [
  ['sales-1', 'sales'],
  ['sales-2', 'sales'],
  ['finance', 'finance'],
  ['ops', 'ops'],
] as const;

/** Usernames `u000001…` in order, so a second run finds them all and adds none. */
async function seedScaleStaff(ctx: SeedContext, deptIds: Map<string, number>, roleIds: Map<string, number>) {
  const { db, rng } = ctx;
  const wanted = ctx.count(SCALE_STAFF);
  if (wanted === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffUsers)
    .where(sql`${staffUsers.jobNumber} like 'G%'`);
  const have = row?.n ?? 0;
  // draws are made for every user, present or not, so the n-th user is the same on every run
  const people = Array.from({ length: wanted }, (_, i) => ({
    n: i + 1,
    name: `${rng.pick(SURNAMES)}${rng.pick(GIVEN)}${rng.next() < 0.4 ? rng.pick(GIVEN) : ''}`,
    team: rng.pick(SCALE_TEAMS),
    joined: `20${rng.int(15, 25)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
  })).slice(have);
  if (people.length === 0) return 0;
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  for (const part of chunks(people)) {
    await db.transaction(async (tx) => {
      const ids = await tx
        .insert(staffUsers)
        .values(
          part.map((u) => {
            const username = `u${String(u.n).padStart(6, '0')}`;
            return {
              username,
              passwordHash,
              name: u.name,
              jobNumber: `G${String(u.n).padStart(6, '0')}`,
              staffId: `SG${String(u.n).padStart(6, '0')}`,
              email: `${username}@portal.example`,
              jobTime: u.joined,
            };
          }),
        )
        .onConflictDoNothing()
        .returning({ id: staffUsers.id, jobNumber: staffUsers.jobNumber });
      const byJob = new Map(part.map((u) => [`G${String(u.n).padStart(6, '0')}`, u.team]));
      if (ids.length === 0) return;
      await tx
        .insert(userDepartments)
        .values(ids.map((r) => ({ userId: r.id, departmentId: deptIds.get(byJob.get(r.jobNumber)![0])! })));
      await tx
        .insert(userRoles)
        .values(ids.map((r) => ({ userId: r.id, roleId: roleIds.get(byJob.get(r.jobNumber)![1])! })));
    });
  }
  return people.length;
}

const CHUNK = 500;
const chunks = <T>(list: readonly T[], size = CHUNK): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * Menu and button resources from the route registry, and the demo roles' grants. Inserted level
 * by level (a parent's id is known before its children go in), one multi-row insert per level
 * plus one lookup of the ids, so about 500 nodes cost a handful of round trips.
 */
async function seedResources(db: Db, roleIds: Map<string, number>): Promise<void> {
  const list = buildSeedResources();
  const depth = new Map<string, number>();
  for (const r of list) depth.set(r.key, r.parentKey ? depth.get(r.parentKey)! + 1 : 0);
  const deepest = Math.max(...depth.values());
  const levels: SeedResource[][] = Array.from({ length: deepest + 1 }, (_, d) =>
    list.filter((r) => depth.get(r.key) === d),
  );

  const ids = new Map<string, number>();
  for (const level of levels) {
    for (const part of chunks(level)) {
      await db
        .insert(resources)
        .values(
          part.map((r) => ({
            type: r.type,
            name: r.name,
            nameEn: r.nameEn,
            router: r.router,
            international: r.key,
            icon: r.icon,
            webShowFlag: r.webShowFlag,
            iframeName: r.iframeName,
            sort: r.sort,
            parentId: r.parentKey ? ids.get(r.parentKey)! : null,
          })),
        )
        .onConflictDoNothing();
      const rows = await db
        .select({ id: resources.id, key: resources.international })
        .from(resources)
        .where(
          inArray(
            resources.international,
            part.map((r) => r.key),
          ),
        );
      for (const row of rows) ids.set(row.key, row.id);
    }
  }

  const grants: { roleId: number; resourceId: number }[] = [];
  for (const [role, keys] of roleGrants(list)) {
    const roleId = roleIds.get(role);
    if (roleId === undefined) throw new Error(`seed: no role ${role}`);
    for (const key of keys) grants.push({ roleId, resourceId: ids.get(key)! });
  }
  for (const part of chunks(grants, 2000)) await db.insert(roleResources).values(part).onConflictDoNothing();
}
