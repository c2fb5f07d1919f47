import { Perm } from '@portal/contracts';
import { deptExportQuery } from '@portal/contracts/system-settings';
import { sql } from 'drizzle-orm';
import { departments } from '../../platform/access/schema.js';
import { defineExportSource } from '../../platform/exports/source.js';
import { nameIn } from './cells.js';
import { treeExportSql } from './tree.js';

/** The department tree as a file, depth-first, with leaders and member counts. */
export const departmentsExport = defineExportSource({
  key: 'system.departments',
  perm: Perm.SYS_DEPT_LIST,
  query: deptExportQuery,
  title: { 'zh-CN': '组织架构', en: 'departments' },
  columns: [
    { zh: '路径', en: 'Path', width: 40 },
    { zh: '编码', en: 'Code', width: 14 },
    { zh: '名称', en: 'Name', width: 20 },
    { zh: '负责人', en: 'Leader', width: 14 },
    { zh: '成员数', en: 'Members', width: 8 },
  ],
  async count(db) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(departments);
    return row?.n ?? 0;
  },
  select() {
    return treeExportSql(
      departments,
      `n.code, n.name, n.name_en, (select u.name from staff_users u where u.id = n.leader_user_id),
       (select count(*)::int from user_departments ud where ud.department_id = n.id)`,
    );
  },
  cells(row, locale) {
    const [trail, code, name, nameEn, leader, members] = row;
    return [String(trail), String(code), nameIn(name, nameEn, locale), leader ? String(leader) : null, Number(members)];
  },
});
