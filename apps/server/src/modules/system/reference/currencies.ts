import type { CurrencyPageQuery, CurrencyRow, CurrencyUpdateBody } from '@portal/contracts/reference';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/index.js';
import { containsPattern } from '../../../platform/db/like.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/http/errors.js';
import { refCurrencies } from './schema.js';
import { changed, iso, pageOf, updateVersioned } from './store.js';

export function pageCurrencies(db: Db, q: CurrencyPageQuery) {
  const w = and(
    q.enabled === undefined ? undefined : eq(refCurrencies.enabled, q.enabled),
    q.keyword
      ? or(
          ilike(refCurrencies.code, containsPattern(q.keyword)),
          ilike(refCurrencies.name, containsPattern(q.keyword)),
          ilike(refCurrencies.nameEn, containsPattern(q.keyword)),
        )
      : undefined,
  );
  return pageOf(db, refCurrencies, w, q, async (limit, offset) => {
    const rows = await db
      .select()
      .from(refCurrencies)
      .where(w)
      .orderBy(asc(refCurrencies.code))
      .limit(limit)
      .offset(offset);
    return rows.map((r): CurrencyRow => ({ ...r, updatedAt: iso(r.updatedAt) }));
  });
}

/** Names, symbol and whether staff may pick it; code, number and minor unit stay ISO's. */
export async function updateCurrency(db: Db, bus: EventBus, body: CurrencyUpdateBody): Promise<void> {
  const { code, version, ...set } = body;
  await db.transaction((tx) => updateVersioned(tx, refCurrencies, refCurrencies.code, code, version, set));
  await changed(bus, 'currencies');
}

/** Inside a write: the currency exists and is enabled, or REF_CURRENCY_UNKNOWN. */
export async function assertCurrency(tx: DbOrTx, code: string): Promise<void> {
  const [c] = await tx
    .select({ code: refCurrencies.code })
    .from(refCurrencies)
    .where(and(eq(refCurrencies.code, code), eq(refCurrencies.enabled, true)));
  if (!c) throw new AppError('REF_CURRENCY_UNKNOWN', { vars: { value: code } });
}
