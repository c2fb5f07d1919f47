import { userResource } from '@portal/contracts/system';
import { eq, or, sql } from 'drizzle-orm';
import { departments, roles, staffUsers, userDepartments, userRoles } from '../../platform/access/schema.js';
import { scopeCoversDepartments } from '../../platform/access/service.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { revokeUserSessions } from '../../platform/auth/service.js';
import { Topics } from '../../platform/events/topics.js';
import { AppError } from '../../platform/http/errors.js';
import { nameInSql } from '../../platform/i18n/names.js';
import { bindResource, link, localized, type WriteContext } from '../../platform/resource/index.js';
import { rolesBeyondCaller } from './grant-reach.js';

type Ids = number[] | undefined;
const added = (next: Ids, before: unknown) => (next ?? []).filter((i) => !((before as number[]) ?? []).includes(i));

/**
 * Departments and roles a caller may hand out: every department within the caller's data scope
 * (the user stays one the caller manages) and every role no wider than the caller's own access.
 */
async function withinReach(ctx: WriteContext, departmentIds: number[] | null, roleIds: number[]) {
  if (departmentIds && !scopeCoversDepartments(ctx.auth.scope, departmentIds)) {
    throw new AppError('USER_OUT_OF_SCOPE', { data: [{ field: 'body.departmentIds', message: 'out of scope' }] });
  }
  const [beyond] = await rolesBeyondCaller(ctx.tx, ctx.auth, roleIds);
  if (beyond !== undefined) {
    const [role] = await ctx.tx.select({ name: roles.name }).from(roles).where(eq(roles.id, beyond));
    throw new AppError('ROLE_NOT_GRANTABLE', { vars: { value: role?.name ?? String(beyond) } });
  }
}

/** The user's access changed: drop the cached access of every process. */
const accessChanged = (ctx: WriteContext, id: number) =>
  ctx.afterCommit(() => ctx.p.bus.publish(Topics.ACCESS_CHANGED, id));

/** the names of a user's departments or roles, in the reader's language */
const namesOf = (linkTable: string, nameTable: string, fk: string) =>
  localized(
    (locale) =>
      sql`array(select ${nameInSql(locale, sql.raw('n.name'), sql.raw('n.name_en'))} from ${sql.raw(linkTable)} l
                join ${sql.raw(nameTable)} n on n.id = l.${sql.raw(fk)}
                where l.user_id = "staff_users"."id" order by 1)`,
  );

/** Staff users on the resource kernel: the spec's page, export, status and save, plus update and reset password. */
export const users = bindResource(userResource, {
  table: staffUsers,
  search: { keyword: staffUsers.search },
  columns: {
    username: staffUsers.username,
    name: staffUsers.name,
    nameEn: staffUsers.nameEn,
    jobNumber: staffUsers.jobNumber,
    email: staffUsers.email,
    status: staffUsers.status,
    createdAt: staffUsers.createdAt,
    departmentIds: link({
      link: userDepartments,
      owner: userDepartments.userId,
      value: userDepartments.departmentId,
      target: departments.id,
    }),
    roleIds: link({ link: userRoles, owner: userRoles.userId, value: userRoles.roleId, target: roles.id }),
    deptNames: namesOf('user_departments', 'departments', 'department_id'),
    roleNames: namesOf('user_roles', 'roles', 'role_id'),
  },
  hooks: {
    prepareCreate: async (input) => ({ passwordHash: await hashPassword(input.password as string) }),
    async beforeCreate(ctx, input) {
      await withinReach(ctx, input.departmentIds as number[], input.roleIds as number[]);
      const username = input.username as string;
      const jobNumber = input.jobNumber as string;
      const [dupe] = await ctx.tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(or(sql`lower(${staffUsers.username}) = ${username.toLowerCase()}`, eq(staffUsers.jobNumber, jobNumber)));
      if (dupe) throw new AppError('DUPLICATE', { vars: { value: `${username} / ${jobNumber}` } });
      return { staffId: `S${jobNumber}` };
    },
    async beforeUpdate(ctx, before, patch) {
      const depts = patch.departmentIds as Ids;
      const roleIds = patch.roleIds as Ids;
      const newDepts = added(depts, before.departmentIds);
      await withinReach(ctx, newDepts.length ? newDepts : null, added(roleIds, before.roleIds));
      // any change (name, job number, departments, roles) reaches the cached access and user info
      accessChanged(ctx, before.id as number);
      return { updatedAt: new Date() };
    },
  },
  commands: {
    async status(ctx, user, input) {
      if (user.id === ctx.auth.userId && input.status === 'disabled') throw new AppError('CANNOT_DISABLE_SELF');
      accessChanged(ctx, user.id as number);
      if (input.status === 'disabled') {
        ctx.afterCommit(() => revokeUserSessions(ctx.p.authDeps, user.id as number, 'user_disabled'));
      }
      return { set: { status: input.status, updatedAt: new Date() } };
    },
    async resetPassword(ctx, user, input) {
      const passwordHash = await hashPassword(input.password as string);
      ctx.afterCommit(() => revokeUserSessions(ctx.p.authDeps, user.id as number, 'password_reset'));
      return { set: { passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() } };
    },
  },
});
