import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { BUS_RESYNC, type EventBus, memoryBus } from '../../platform/events/bus.js';
import type { Destination, Product, RatedCharge, RatingPort } from '../../platform/ports.js';
import { reference } from '../system/reference/index.js';
import { BookIndex, chargeOf, type IndexedRow, money, Q } from './rating.js';
import { qmGroupMembers, qmPrices } from './schema.js';

export type BookKind = 'account' | 'group' | 'channel';
export const BOOKS_CHANGED = 'qm.books';
/** the payload of a change of every book (imports, seeds) */
const ALL = '*';

const bookKey = (kind: BookKind, id: number, product: Product) => `${kind}:${id}:${product}`;

export interface RatingQuery {
  product: Product;
  destination: Destination;
  at: Date;
  units: number;
  /** convert to this currency at the reference rate of `at`'s day (UTC); the book's own when absent */
  currency?: string;
}

export interface RatingService extends RatingPort {
  /** the row of one book in force for a destination at a time (no fallback to a group) */
  rowOf(kind: BookKind, id: number, product: Product, d: Destination, at: Date): Promise<IndexedRow | undefined>;
  /** the account's groups by kind */
  groupsOf(accountId: number): Promise<{ quote?: number; az?: number }>;
  /**
   * drop this process's cached books after a committed write; other processes hear it on the bus (an
   * approval's write calls it from the engine's after-commit work)
   */
  changed(kind?: BookKind, id?: number): void;
}

const buses = new WeakMap<Db, EventBus>();
const services = new WeakMap<Db, RatingService>();

/** The platform's bus for this database (set by the module's register), so the port's cache hears changes. */
export function useBus(db: Db, bus: EventBus) {
  buses.set(db, bus);
  services.delete(db);
}

/** The rating service of a database: one per process, its books cached until they change. */
export function rating(db: Db): RatingService {
  let s = services.get(db);
  if (!s) {
    s = createRating(db, buses.get(db) ?? memoryBus());
    services.set(db, s);
  }
  return s;
}

function createRating(db: Db, bus: EventBus): RatingService {
  const books = new Map<string, Promise<BookIndex>>();
  let members: Promise<Map<number, { quote?: number; az?: number }>> | undefined;
  let generation = 0;

  const drop = (key: string) => {
    generation++;
    members = undefined;
    if (key === ALL) books.clear();
    else for (const k of books.keys()) if (k.startsWith(key)) books.delete(k);
  };
  bus.subscribe(BOOKS_CHANGED, drop);
  bus.subscribe(BUS_RESYNC, () => drop(ALL));

  const load = async (kind: BookKind, id: number, product: Product) => {
    const rows = await db
      .select({
        id: qmPrices.id,
        destKind: qmPrices.destKind,
        dest: qmPrices.dest,
        category: qmPrices.category,
        unitPrice: qmPrices.unitPrice,
        connectFee: qmPrices.connectFee,
        firstIncrement: qmPrices.firstIncrement,
        nextIncrement: qmPrices.nextIncrement,
        currency: qmPrices.currency,
        from: qmPrices.effectiveFrom,
        until: qmPrices.effectiveUntil,
      })
      .from(qmPrices)
      .where(and(eq(qmPrices.bookKind, kind), eq(qmPrices.bookId, id), eq(qmPrices.product, product)));
    return new BookIndex(
      rows.map((r) => ({ ...r, from: r.from.getTime(), until: r.until ? r.until.getTime() : null })),
    );
  };

  const book = (kind: BookKind, id: number, product: Product) => {
    const key = bookKey(kind, id, product);
    let hit = books.get(key);
    if (!hit) {
      const gen = generation;
      hit = load(kind, id, product);
      books.set(key, hit);
      // a load that raced a change is not kept
      hit.then(
        () => {
          if (gen !== generation && books.get(key) === hit) books.delete(key);
        },
        () => books.delete(key),
      );
    }
    return hit;
  };

  const groupsOf = async (accountId: number) => {
    if (!members) {
      const gen = generation;
      const p = db
        .select({ accountId: qmGroupMembers.accountId, kind: qmGroupMembers.kind, groupId: qmGroupMembers.groupId })
        .from(qmGroupMembers)
        .then((rows) => {
          const m = new Map<number, { quote?: number; az?: number }>();
          for (const r of rows) m.set(r.accountId, { ...m.get(r.accountId), [r.kind]: r.groupId });
          return m;
        });
      members = p;
      p.then(
        () => {
          if (gen !== generation && members === p) members = undefined;
        },
        () => {
          if (members === p) members = undefined;
        },
      );
    }
    return (await members).get(accountId) ?? {};
  };

  const rate = async (row: IndexedRow, q: RatingQuery): Promise<RatedCharge> => {
    const { amount, billed } = chargeOf(q.product, row, q.units);
    if (!q.currency || q.currency === row.currency)
      return {
        amount: money(amount),
        currency: row.currency,
        unitPrice: money(new Q(row.unitPrice)),
        billedUnits: billed,
        rowId: row.id,
      };
    const day = q.at.toISOString().slice(0, 10);
    const fx = await reference({ db, bus }).rateAt(row.currency, q.currency, day);
    return {
      amount: money(amount.mul(fx.rate)),
      currency: q.currency,
      unitPrice: money(new Q(row.unitPrice).mul(fx.rate)),
      billedUnits: billed,
      rowId: row.id,
    };
  };

  const rowOf = async (kind: BookKind, id: number, product: Product, d: Destination, at: Date) =>
    (await book(kind, id, product)).find(product, d, at.getTime());

  return {
    rowOf,
    groupsOf,
    changed(kind, id) {
      const key = kind ? `${kind}:${id === undefined ? '' : `${id}:`}` : ALL;
      drop(key);
      bus.publish(BOOKS_CHANGED, key).catch(() => {});
    },
    async priceFor(q: RatingQuery & { accountId: number }) {
      const at = q.at.getTime();
      let row = (await book('account', q.accountId, q.product)).find(q.product, q.destination, at);
      if (!row) {
        const g = await groupsOf(q.accountId);
        const order = q.product === 'voice' ? [g.az, g.quote] : [g.quote, g.az];
        for (const gid of order) {
          if (gid === undefined) continue;
          row = (await book('group', gid, q.product)).find(q.product, q.destination, at);
          if (row) break;
        }
      }
      return row ? rate(row, q) : null;
    },
    async costFor(q: RatingQuery & { channelId: number }) {
      const row = (await book('channel', q.channelId, q.product)).find(q.product, q.destination, q.at.getTime());
      return row ? rate(row, q) : null;
    },
  };
}
