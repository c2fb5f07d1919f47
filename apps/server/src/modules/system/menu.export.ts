import { Perm } from '@portal/contracts';
import { menuExportQuery } from '@portal/contracts/system-settings';
import { sql } from 'drizzle-orm';
import { resources } from '../../platform/access/schema.js';
import { containsPattern } from '../../platform/db/like.js';
import { defineExportSource } from '../../platform/exports/source.js';
import { nameIn, yesNo } from './cells.js';
import { treeExportSql } from './tree.js';

/** The menu and button tree as a file, depth-first, each node with its path of names. */
export const menuExport = defineExportSource({
  key: 'system.menu',
  perm: Perm.SYS_MENU_LIST,
  query: menuExportQuery,
  title: { 'zh-CN': '菜单资源', en: 'menu-resources' },
  columns: [
    { zh: '路径', en: 'Path', width: 40 },
    { zh: '名称', en: 'Name', width: 20 },
    { zh: '类型', en: 'Type', width: 8 },
    { zh: '权限标识', en: 'Permission key', width: 36 },
    { zh: '路由', en: 'Route', width: 32 },
    { zh: '图标', en: 'Icon', width: 16 },
    { zh: '显示', en: 'Shown', width: 8 },
    { zh: '排序', en: 'Order', width: 8 },
    { zh: '角色数', en: 'Roles', width: 8 },
  ],
  async count(db, _auth, q) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(resources).where(keywordWhere(q.keyword));
    return row?.n ?? 0;
  },
  select(_db, _auth, q) {
    const where = q.keyword
      ? {
          sql: '(n.name ilike $1 or n.name_en ilike $1 or n.international ilike $1)',
          params: [containsPattern(q.keyword)],
        }
      : undefined;
    return treeExportSql(
      resources,
      `n.name, n.name_en, n.type, n.international, n.router, n.icon, n.web_show_flag, n.sort,
       (select count(*)::int from role_resources rr where rr.resource_id = n.id)`,
      where,
    );
  },
  cells(row, locale) {
    const [trail, name, nameEn, type, key, router, icon, shown, sort, roleCount] = row;
    const zh = locale === 'zh-CN';
    return [
      String(trail),
      nameIn(name, nameEn, locale),
      type === 'menu' ? (zh ? '菜单' : 'Menu') : zh ? '按钮' : 'Button',
      String(key),
      router ? String(router) : null,
      icon ? String(icon) : null,
      yesNo(shown, locale),
      Number(sort),
      Number(roleCount),
    ];
  },
});

function keywordWhere(keyword: string | undefined) {
  if (!keyword) return undefined;
  const like = containsPattern(keyword);
  return sql`(${resources.name} ilike ${like} or ${resources.nameEn} ilike ${like} or ${resources.international} ilike ${like})`;
}
