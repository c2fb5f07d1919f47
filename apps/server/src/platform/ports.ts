import type { Db } from './db/index.js';

/**
 * Services one room offers the others, by name. A room declares its ports on its Module (`ports`);
 * a room that needs one asks `portOf(db, key)` when it runs (not at import), so the rooms stay free of
 * each other's code and tables, and a room whose provider is not mounted gets `undefined` and says
 * what it waits for. Ports work on a database handle alone, so seeds use them too.
 * Decimal amounts are strings (numeric in the database, decimal.js in code), never floats.
 */

/** What we sell and buy, per unit: SMS per segment, voice per billed second, WhatsApp per conversation. */
export type Product = 'sms' | 'voice' | 'whatsapp' | 'number' | 'email';

/** Where a unit goes: SMS / WhatsApp by network (MCC+MNC) with the country as default, voice by number prefix. */
export interface Destination {
  /** ISO 3166-1 alpha-2 */
  country?: string;
  /** MCC+MNC, e.g. "46000" */
  network?: string;
  /** E.164 digits without "+", for longest-prefix voice rating */
  number?: string;
  /** WhatsApp conversation category (marketing, utility, authentication, service) */
  category?: string;
}

export interface RatedCharge {
  /** price or cost of the units, decimal string in `currency` */
  amount: string;
  currency: string;
  /** the book's price per unit (per minute for voice) */
  unitPrice: string;
  /** units charged after increments (segments, billed seconds, conversations) */
  billedUnits: number;
  /** the price-book row that answered */
  rowId: number;
}

/** quotation room: the one rating function traffic, finance and reports use */
export interface RatingPort {
  priceFor(q: {
    accountId: number;
    product: Product;
    destination: Destination;
    at: Date;
    units: number;
    /** convert to this currency at the reference rate of the day of `at`; the book's own when absent */
    currency?: string;
  }): Promise<RatedCharge | null>;
  costFor(q: {
    channelId: number;
    product: Product;
    destination: Destination;
    at: Date;
    units: number;
    /** convert to this currency at the reference rate of the day of `at`; the book's own when absent */
    currency?: string;
  }): Promise<RatedCharge | null>;
}

export interface ConsumerAccountRef {
  id: number;
  code: string;
  customerId: number;
  /** the customer's owner (sales) when the account was read */
  ownerId: number | null;
  currency: string;
  billing: 'prepaid' | 'postpaid';
  state: 'applying' | 'active' | 'suspended' | 'closed';
  products: Product[];
}

/** finance room: customers' accounts on the messaging platform */
export interface AccountsPort {
  byCodes(codes: string[]): Promise<Map<string, ConsumerAccountRef>>;
  byIds(ids: number[]): Promise<Map<number, ConsumerAccountRef>>;
  /** accounts that may send now (active), for the traffic simulator and reports */
  active(): Promise<ConsumerAccountRef[]>;
}

/** finance room: money moves only through its ledger */
export interface LedgerPort {
  /** one account's rated traffic of one day; idempotent by `key` (a replay changes nothing) */
  postConsumption(e: {
    accountId: number;
    day: string;
    amount: string;
    currency: string;
    key: string;
  }): Promise<{ posted: boolean }>;
  balanceOf(accountId: number): Promise<{ balance: string; creditLine: string; currency: string } | null>;
}

export interface TrafficDayFigure {
  /** YYYY-MM-DD (UTC) */
  day: string;
  product: Product;
  accountId: number;
  customerId: number;
  ownerId: number | null;
  count: number;
  delivered: number;
  revenue: string;
  cost: string;
  currency: string;
}

/** traffic room: rolled-up figures for home, reports and the AI assistant (never raw records) */
export interface TrafficPort {
  byDay(q: {
    from: Date;
    to: Date;
    ownerIds?: number[];
    customerIds?: number[];
    accountIds?: number[];
  }): Promise<TrafficDayFigure[]>;
}

export interface Ports {
  rating: RatingPort;
  accounts: AccountsPort;
  ledger: LedgerPort;
  traffic: TrafficPort;
}

/** each port's maker: a room's module declares `ports: { rating: (db) => … }`; modules/index.ts registers them */
export type PortFactories = { [K in keyof Ports]?: (db: Db) => Ports[K] };

const factories: PortFactories = {};

/** called once per module by modules/index.ts (and by a test that brings its own double of a port) */
export function definePorts(f: PortFactories) {
  Object.assign(factories, f);
}

/** the port on this database if its room is mounted; seeds ask with `ctx.db`, routes and jobs with `p.db` */
export function portOf<K extends keyof Ports>(db: Db, key: K): Ports[K] | undefined {
  return factories[key]?.(db);
}
