import { Perm, userListQuery } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import { defineExportSource, utcTimeCell } from '../../platform/exports/source.js';
import { userListOrder, userListWhere } from './users.service.js';

const names = (v: unknown) => (Array.isArray(v) ? v.join(', ') : typeof v === 'string' ? v : '');

/** The staff user list as a file: the list's filters, order and data scope (users.service). */
export const usersExport = defineExportSource({
  key: 'system.users',
  perm: Perm.SYS_USER_LIST,
  query: userListQuery,
  title: { 'zh-CN': '员工用户', en: 'staff-users' },
  columns: [
    { zh: '用户名', en: 'Username', width: 16 },
    { zh: '姓名', en: 'Name', width: 14 },
    { zh: '工号', en: 'Job number', width: 12 },
    { zh: '邮箱', en: 'E-mail', width: 26 },
    { zh: '状态', en: 'Status', width: 10 },
    { zh: '部门', en: 'Departments', width: 24 },
    { zh: '角色', en: 'Roles', width: 24 },
    { zh: '创建时间 (UTC)', en: 'Created (UTC)', width: 20 },
  ],
  async count(db, auth, q) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(staffUsers).where(userListWhere(auth, q));
    return row?.n ?? 0;
  },
  select(db, auth, q) {
    return db
      .select({
        username: staffUsers.username,
        name: staffUsers.name,
        jobNumber: staffUsers.jobNumber,
        email: staffUsers.email,
        status: staffUsers.status,
        // qualified by hand: drizzle renders a column in a select's sql without its table
        departments: sql`array(select d.name from user_departments ud join departments d on d.id = ud.department_id
                               where ud.user_id = staff_users.id order by d.name)`,
        roles: sql`array(select r.name from user_roles ur join roles r on r.id = ur.role_id
                         where ur.user_id = staff_users.id order by r.name)`,
        createdAt: staffUsers.createdAt,
      })
      .from(staffUsers)
      .where(userListWhere(auth, q))
      .orderBy(...userListOrder(q))
      .toSQL();
  },
  cells(row, locale) {
    const [username, name, jobNumber, email, status, departments, roles, createdAt] = row;
    const statusText =
      status === 'active' ? (locale === 'zh-CN' ? '启用' : 'Active') : locale === 'zh-CN' ? '停用' : 'Disabled';
    return [
      String(username),
      String(name),
      String(jobNumber),
      email ? String(email) : null,
      statusText,
      names(departments),
      names(roles),
      utcTimeCell(createdAt),
    ];
  },
});
