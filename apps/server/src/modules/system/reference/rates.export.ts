import { RefPerm, ratePageQuery } from '@portal/contracts/reference';
import { count, eq } from 'drizzle-orm';
import { staffUsers } from '../../../platform/access/schema.js';
import { defineExportSource, utcTimeCell } from '../../../platform/exports/source.js';
import { D, rateString } from './money.js';
import { rateColumns, rateOrder, rateWhere } from './rates.js';
import { refRates } from './schema.js';

const SOURCE_LABEL = { manual: { zh: '手工录入', en: 'Entered' }, import: { zh: '文件导入', en: 'Imported' } };

/** The exchange-rate history as a file: the screen's filters and order. */
export const ratesExport = defineExportSource({
  key: 'system.ref.rates',
  perm: RefPerm.RATE,
  query: ratePageQuery,
  title: { 'zh-CN': '汇率', en: 'exchange-rates' },
  columns: [
    { zh: '生效日期', en: 'Effective day', width: 12 },
    { zh: '源币种', en: 'From', width: 8 },
    { zh: '目标币种', en: 'To', width: 8 },
    { zh: '汇率', en: 'Rate', width: 16 },
    { zh: '来源', en: 'Source', width: 10 },
    { zh: '备注', en: 'Note', width: 24 },
    { zh: '修改人', en: 'Changed by', width: 12 },
    { zh: '修改时间 (UTC)', en: 'Changed (UTC)', width: 20 },
  ],
  async count(db, _auth, q) {
    const [row] = await db.select({ n: count() }).from(refRates).where(rateWhere(q));
    return row?.n ?? 0;
  },
  select(db, _auth, q) {
    const { day, from, to, rate, source, note, updatedBy, updatedAt } = rateColumns;
    return db
      .select({ day, from, to, rate, source, note, updatedBy, updatedAt })
      .from(refRates)
      .leftJoin(staffUsers, eq(staffUsers.id, refRates.updatedBy))
      .where(rateWhere(q))
      .orderBy(...rateOrder)
      .toSQL();
  },
  cells([day, from, to, rate, source, note, updatedBy, updatedAt], locale) {
    const label = SOURCE_LABEL[source as keyof typeof SOURCE_LABEL];
    return [
      day instanceof Date ? day.toISOString().slice(0, 10) : String(day),
      String(from),
      String(to),
      rateString(new D(String(rate))),
      label ? label[locale === 'zh-CN' ? 'zh' : 'en'] : String(source),
      note ? String(note) : null,
      updatedBy ? String(updatedBy) : null,
      utcTimeCell(updatedAt),
    ];
  },
});
