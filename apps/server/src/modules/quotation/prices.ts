import type { Locale } from '@portal/contracts';
import { PRODUCT_CATEGORIES, type PriceSave } from '@portal/contracts/quotation';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db, Tx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { optionNames } from '../../platform/options/names.js';
import type { Platform } from '../../platform/platform.js';
import { type Product, portOf } from '../../platform/ports.js';
import { channelRefs } from '../srm/index.js';
import { reference } from '../system/reference/index.js';
import type { BookKind } from './books.js';
import { Q } from './rating.js';
import { qmGroups, qmPriceLimits, qmPrices, qmSettings } from './schema.js';

const DAY = 86_400_000;

export interface NormalDest {
  destKind: 'network' | 'country' | 'prefix' | 'any';
  dest: string;
  country: string | null;
  category: string;
}

/** A category the product prices apart from its standard rows, else QM_CATEGORY_PRODUCT; none passes. */
export function checkCategory(product: string, category: string | undefined) {
  if (category && !PRODUCT_CATEGORIES[product]?.includes(category))
    throw new AppError('QM_CATEGORY_PRODUCT', { vars: { value: category } });
}

/** The destination a price is for, checked against the product and the reference networks. */
export async function normalDest(
  p: Pick<Platform, 'db' | 'bus'>,
  product: Product,
  d: { network?: string; country?: string; prefix?: string; category?: string },
): Promise<NormalDest> {
  // a category the product prices apart (WhatsApp's conversation categories, SMS / voice OTP, AI voice)
  const category = d.category ?? '';
  checkCategory(product, category);
  if (product === 'voice') {
    if (!d.prefix) throw new AppError('QM_DEST_REQUIRED', { vars: { value: product } });
    return { destKind: 'prefix', dest: d.prefix, country: d.country ?? null, category };
  }
  if (product === 'sms' || product === 'whatsapp') {
    if (d.network) {
      const op = await reference(p).operatorOf(d.network);
      if (!op) throw new AppError('QM_NETWORK_UNKNOWN', { vars: { value: d.network } });
      return { destKind: 'network', dest: d.network, country: op.countryCode, category };
    }
    if (d.country) return { destKind: 'country', dest: d.country, country: d.country, category };
    throw new AppError('QM_DEST_REQUIRED', { vars: { value: product } });
  }
  return { destKind: 'any', dest: '', country: d.country ?? null, category };
}

/** The book's owner exists (an account is asked of the accounts port when its room is mounted). */
export async function checkBook(db: Db | Tx, kind: BookKind, id: number, product: Product) {
  if (kind === 'group') {
    const [g] = await db.select({ id: qmGroups.id }).from(qmGroups).where(eq(qmGroups.id, id));
    if (!g) throw new AppError('QM_BOOK_UNKNOWN', { vars: { value: `#${id}` } });
  } else if (kind === 'channel') {
    const [c] = await channelRefs(db, [id]);
    if (!c) throw new AppError('QM_BOOK_UNKNOWN', { vars: { value: `#${id}` } });
    if (c.product !== product) throw new AppError('QM_CHANNEL_PRODUCT', { vars: { value: c.code } });
  } else {
    const accounts = portOf(db as Db, 'accounts');
    if (accounts && !(await accounts.byIds([id])).get(id))
      throw new AppError('QM_BOOK_UNKNOWN', { vars: { value: `#${id}` } });
  }
}

/**
 * The names of the books a page lists: a quote group by its name, a channel as "code name", an account
 * as its picker names it (code · customer). The rows are already the caller's (the page's scope).
 */
export async function bookNames(
  p: Platform,
  auth: AuthContext,
  kind: BookKind,
  ids: number[],
  locale: Locale,
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  if (kind === 'group') {
    const rows = await p.db
      .select({ id: qmGroups.id, name: qmGroups.name })
      .from(qmGroups)
      .where(inArray(qmGroups.id, ids));
    return new Map(rows.map((g) => [g.id, g.name]));
  }
  if (kind === 'channel') return new Map((await channelRefs(p.db, ids)).map((c) => [c.id, `${c.code} ${c.name}`]));
  const named = await optionNames(p, auth, 'account', ids, { locale, within: 'shown' });
  return new Map([...named].map(([id, o]) => [id, `${o.code} · ${o.name}`]));
}

export async function noticeDays(db: Db | Tx): Promise<number> {
  const [s] = await db.select().from(qmSettings).where(eq(qmSettings.id, 1));
  return s?.increaseNoticeDays ?? 7;
}

type RowIn = NormalDest & {
  bookKind: BookKind;
  bookId: number;
  product: Product;
  unitPrice: string;
  connectFee: string;
  firstIncrement: number;
  nextIncrement: number;
  currency: string;
  chargeOn: 'submit' | 'delivery' | null;
  source: 'manual' | 'import' | 'approval' | 'seed';
  createdBy: number | null;
};

const sameDest = (r: Pick<RowIn, 'bookKind' | 'bookId' | 'product' | 'dest' | 'category'>) =>
  and(
    eq(qmPrices.bookKind, r.bookKind),
    eq(qmPrices.bookId, r.bookId),
    eq(qmPrices.product, r.product),
    eq(qmPrices.dest, r.dest),
    eq(qmPrices.category, r.category),
  );

/** The row of the same book and destination in force at `at`. */
export async function rowInForce(
  tx: Db | Tx,
  r: Pick<RowIn, 'bookKind' | 'bookId' | 'product' | 'dest' | 'category'>,
  at: Date,
) {
  const [row] = await tx
    .select()
    .from(qmPrices)
    .where(
      and(
        sameDest(r),
        lte(qmPrices.effectiveFrom, at),
        or(isNull(qmPrices.effectiveUntil), gt(qmPrices.effectiveUntil, at)),
      ),
    )
    .orderBy(desc(qmPrices.effectiveFrom))
    .limit(1);
  return row;
}

/** Writes to one book and product are serialised (a save, an import, an approval's write). */
export async function lockBook(tx: Tx, kind: BookKind, id: number, product: Product) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`qm:${kind}:${id}:${product}`}))`);
}

/**
 * Puts a row into its book from `from`: the row in force then ends at `from`, a later row (an
 * increase waiting for its notice) bounds the new one. Serialised per book (`lockBook`).
 */
export async function insertPriceRow(tx: Tx, r: RowIn, from: Date): Promise<number> {
  await lockBook(tx, r.bookKind, r.bookId, r.product);
  const [clash] = await tx
    .select({ id: qmPrices.id })
    .from(qmPrices)
    .where(and(sameDest(r), eq(qmPrices.effectiveFrom, from)));
  if (clash) throw new AppError('QM_PRICE_SAME_TIME', { vars: { value: from.toISOString() } });
  const [later] = await tx
    .select({ from: qmPrices.effectiveFrom })
    .from(qmPrices)
    .where(and(sameDest(r), gt(qmPrices.effectiveFrom, from)))
    .orderBy(qmPrices.effectiveFrom)
    .limit(1);
  await tx
    .update(qmPrices)
    .set({ effectiveUntil: from })
    .where(
      and(
        sameDest(r),
        lte(qmPrices.effectiveFrom, from),
        or(isNull(qmPrices.effectiveUntil), gt(qmPrices.effectiveUntil, from)),
      ),
    );
  const [row] = await tx
    .insert(qmPrices)
    .values({ ...r, effectiveFrom: from, effectiveUntil: later?.from ?? null })
    .returning({ id: qmPrices.id });
  return row!.id;
}

/** A price-list row as a channel cost row (an import's write and its approval's write). */
export const channelCostRow = (
  channelId: number,
  product: 'sms' | 'voice',
  l: {
    dest: string;
    country: string | null;
    unitPrice: string;
    firstIncrement: number;
    nextIncrement: number;
    currency: string;
    /** the list's price category (OTP, AI voice); the standard cost when absent */
    category?: string;
  },
  source: RowIn['source'],
  createdBy: number | null,
): RowIn => ({
  bookKind: 'channel',
  bookId: channelId,
  product,
  destKind: product === 'sms' ? 'network' : 'prefix',
  dest: l.dest,
  country: l.country,
  category: l.category ?? '',
  unitPrice: new Q(l.unitPrice).toFixed(6),
  connectFee: '0',
  firstIncrement: l.firstIncrement,
  nextIncrement: l.nextIncrement,
  currency: l.currency,
  chargeOn: 'submit',
  source,
  createdBy,
});

export interface LimitVerdict {
  below: boolean;
  text: string;
}

/** The price checked against `sms-price-limit` / `tariff`: the network's limit, else the country's. */
export async function checkLimit(
  p: Pick<Platform, 'db' | 'bus'>,
  tx: Db | Tx,
  r: Pick<RowIn, 'product' | 'destKind' | 'dest' | 'country' | 'category' | 'unitPrice' | 'currency'>,
  at: Date,
): Promise<LimitVerdict> {
  if (!r.country) return { below: false, text: '' };
  const limits = await tx
    .select()
    .from(qmPriceLimits)
    .where(and(eq(qmPriceLimits.product, r.product), eq(qmPriceLimits.country, r.country)));
  const limit =
    limits.find((l) => r.destKind === 'network' && l.network === r.dest) ?? limits.find((l) => l.network === null);
  if (!limit) return { below: false, text: '' };
  const day = at.toISOString().slice(0, 10);
  const price = new Q(r.unitPrice);
  const inLimitCcy = price.mul((await reference(p).rateAt(r.currency, limit.currency, day)).rate);
  if (limit.minPrice && inLimitCcy.lt(limit.minPrice))
    return {
      below: true,
      text: `${limit.minPrice} ${limit.currency} (${r.country}${limit.network ? ` ${limit.network}` : ''})`,
    };
  if (limit.minMarginPct) {
    // the dearest cost any channel has for the same destination then, in the price's currency
    const costs = await tx
      .select({ unitPrice: qmPrices.unitPrice, currency: qmPrices.currency })
      .from(qmPrices)
      .where(
        and(
          eq(qmPrices.bookKind, 'channel'),
          eq(qmPrices.product, r.product),
          eq(qmPrices.dest, r.dest),
          lte(qmPrices.effectiveFrom, at),
          or(isNull(qmPrices.effectiveUntil), gt(qmPrices.effectiveUntil, at)),
        ),
      );
    let dearest = new Q(0);
    for (const c of costs) {
      const v = new Q(c.unitPrice).mul((await reference(p).rateAt(c.currency, r.currency, day)).rate);
      if (v.gt(dearest)) dearest = v;
    }
    if (dearest.gt(0)) {
      const margin = price.isZero() ? new Q(-100) : price.sub(dearest).div(price).mul(100);
      if (margin.lt(limit.minMarginPct))
        return {
          below: true,
          text: `${limit.minMarginPct}% (${r.country}${limit.network ? ` ${limit.network}` : ''})`,
        };
    }
  }
  return { below: false, text: '' };
}

/** The row a save would write, from the screen's input. */
export async function rowFromInput(
  p: Pick<Platform, 'db' | 'bus'>,
  body: PriceSave,
  userId: number | null,
): Promise<RowIn> {
  const dest = await normalDest(p, body.product, body);
  const ccy = await reference(p).currencyOf(body.currency);
  if (!ccy?.enabled) throw new AppError('QM_CURRENCY_UNKNOWN', { vars: { value: body.currency } });
  const voice = body.product === 'voice';
  return {
    ...dest,
    bookKind: body.bookKind,
    bookId: body.bookId,
    product: body.product,
    unitPrice: new Q(body.unitPrice).toFixed(6),
    connectFee: voice ? new Q(body.connectFee ?? '0').toFixed(6) : '0',
    firstIncrement: voice ? (body.firstIncrement ?? 60) : 1,
    nextIncrement: voice ? (body.nextIncrement ?? 60) : 1,
    currency: body.currency,
    chargeOn: body.bookKind === 'channel' ? (body.chargeOn ?? 'submit') : null,
    source: 'manual',
    createdBy: userId,
  };
}

/**
 * When a customer price takes effect: increases over the price then in force wait the notice days
 * of `quote-set`; decreases and new destinations take effect when asked.
 */
export async function effectiveTime(tx: Db | Tx, r: RowIn, asked: Date, now: Date): Promise<Date> {
  if (r.bookKind === 'channel') return asked;
  const current = await rowInForce(tx, r, asked);
  if (!current) return asked;
  const before = new Q(current.unitPrice);
  const increase = current.currency === r.currency ? new Q(r.unitPrice).gt(before) : true; // another currency counts as a change that needs notice
  if (!increase) return asked;
  const earliest = new Date(now.getTime() + (await noticeDays(tx)) * DAY);
  return asked > earliest ? asked : earliest;
}
