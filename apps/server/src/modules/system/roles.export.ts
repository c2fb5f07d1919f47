import { type Locale, Perm } from '@portal/contracts';
import { type DataScope, roleListQuery } from '@portal/contracts/system-settings';
import { sql } from 'drizzle-orm';
import { roles } from '../../platform/access/schema.js';
import { defineExportSource, utcTimeCell } from '../../platform/exports/source.js';
import { nameIn, yesNo } from './cells.js';
import { roleListOrder, roleListWhere } from './roles.service.js';

const SCOPE_TEXT: Record<DataScope, Record<Locale, string>> = {
  own: { 'zh-CN': '本人', en: 'Own records' },
  dept: { 'zh-CN': '本部门', en: 'Own department' },
  dept_tree: { 'zh-CN': '本部门及下级', en: 'Department and below' },
  custom: { 'zh-CN': '指定部门', en: 'Chosen departments' },
  all: { 'zh-CN': '全部', en: 'All' },
};

/** The role list as a file: the list's filters and order, with grants and members counted. */
export const rolesExport = defineExportSource({
  key: 'system.roles',
  perm: Perm.SYS_ROLE_LIST,
  query: roleListQuery,
  title: { 'zh-CN': '角色', en: 'roles' },
  columns: [
    { zh: '编码', en: 'Code', width: 16 },
    { zh: '名称', en: 'Name', width: 20 },
    { zh: '数据范围', en: 'Data scope', width: 18 },
    { zh: '指定部门', en: 'Chosen departments', width: 28 },
    { zh: '启用', en: 'Enabled', width: 8 },
    { zh: '成员数', en: 'Members', width: 8 },
    { zh: '资源数', en: 'Resources', width: 10 },
    { zh: '说明', en: 'Description', width: 30 },
    { zh: '创建时间 (UTC)', en: 'Created (UTC)', width: 20 },
  ],
  async count(db, _auth, q) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(roles).where(roleListWhere(q));
    return row?.n ?? 0;
  },
  select(db, _auth, q) {
    return db
      .select({
        code: roles.code,
        name: roles.name,
        nameEn: roles.nameEn,
        dataScope: roles.dataScope,
        depts: sql`array(select d.name from role_departments rd join departments d on d.id = rd.department_id
                         where rd.role_id = roles.id order by d.sort, d.id)`,
        deptsEn: sql`array(select d.name_en from role_departments rd join departments d on d.id = rd.department_id
                           where rd.role_id = roles.id order by d.sort, d.id)`,
        enabled: roles.enabled,
        members: sql`(select count(*)::int from user_roles ur where ur.role_id = roles.id)`,
        grants: sql`(select count(*)::int from role_resources rr where rr.role_id = roles.id)`,
        description: roles.description,
        createdAt: roles.createdAt,
      })
      .from(roles)
      .where(roleListWhere(q))
      .orderBy(...roleListOrder(q))
      .toSQL();
  },
  cells(row, locale) {
    const [code, name, nameEn, scope, depts, deptsEn, enabled, members, grants, description, createdAt] = row;
    const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : '');
    return [
      String(code),
      nameIn(name, nameEn, locale),
      SCOPE_TEXT[scope as DataScope]?.[locale] ?? String(scope),
      list(locale === 'zh-CN' ? depts : deptsEn) || null,
      yesNo(enabled, locale),
      Number(members),
      Number(grants),
      description ? String(description) : null,
      utcTimeCell(createdAt),
    ];
  },
});
