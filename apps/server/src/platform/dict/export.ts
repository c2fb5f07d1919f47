import { type DictExportQuery, dictExportQuery, dictPermOf } from '@portal/contracts/dict';
import { asc, count, eq } from 'drizzle-orm';
import type { AuthContext } from '../auth/context.js';
import { defineExportSource } from '../exports/source.js';
import { AppError } from '../http/errors.js';
import { nameInSql } from '../i18n/names.js';
import { dictItems, dictTypes } from './schema.js';
import { dictTypesWhere, itemRow } from './service.js';

/** Each module's dictionaries have their own key: checked on the call and again when a task runs. */
function refuseUnlessManages(auth: AuthContext, q: DictExportQuery) {
  if (!auth.perms.has(dictPermOf(q.module))) throw new AppError('NO_PERMISSION');
}

const yesNo = (v: unknown, locale: string) =>
  v ? (locale === 'zh-CN' ? '是' : 'Yes') : locale === 'zh-CN' ? '否' : 'No';

/** `/setModule/<module>/dictionary` as a file: every item (disabled too) of the listed dictionaries. */
export const dictItemsExport = defineExportSource({
  key: 'dict.items',
  query: dictExportQuery,
  title: { 'zh-CN': '数据字典', en: 'dictionaries' },
  columns: [
    { zh: '字典编码', en: 'Dictionary code', width: 24 },
    { zh: '字典名称', en: 'Dictionary', width: 18 },
    { zh: '值', en: 'Value', width: 16 },
    { zh: '中文名称', en: 'Chinese label', width: 18 },
    { zh: '英文名称', en: 'English label', width: 22 },
    { zh: '排序', en: 'Order', width: 8 },
    { zh: '颜色', en: 'Colour', width: 10 },
    { zh: '启用', en: 'Enabled', width: 8 },
  ],
  async count(db, auth, q) {
    refuseUnlessManages(auth, q);
    const [row] = await db
      .select({ n: count() })
      .from(dictItems)
      .innerJoin(dictTypes, eq(dictTypes.code, dictItems.typeCode))
      .where(dictTypesWhere(q));
    return row?.n ?? 0;
  },
  select(db, auth, q, locale) {
    refuseUnlessManages(auth, q);
    return db
      .select({
        code: dictTypes.code,
        name: nameInSql(locale, dictTypes.name, dictTypes.nameEn),
        ...itemRow,
      })
      .from(dictItems)
      .innerJoin(dictTypes, eq(dictTypes.code, dictItems.typeCode))
      .where(dictTypesWhere(q))
      .orderBy(asc(dictTypes.code), asc(dictItems.sort), asc(dictItems.value))
      .toSQL();
  },
  cells([code, name, value, label, labelEn, sort, color, enabled], locale) {
    return [
      String(code),
      String(name),
      String(value),
      String(label),
      String(labelEn),
      Number(sort),
      String(color),
      yesNo(enabled, locale),
    ];
  },
});
