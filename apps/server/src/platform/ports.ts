import type { PRODUCTS } from '@portal/contracts/quotation';
import type { CostAmount, TrafficProduct } from '@portal/contracts/traffic';
import type { AuthContext } from './auth/context.js';
import type { Db } from './db/index.js';

/**
 * Services one room offers the others, by name. A room declares its ports on its Module (`ports`);
 * a room that needs one asks `portOf(db, key)` when it runs (not at import), so the rooms stay free of
 * each other's code and tables, and a room whose provider is not mounted gets `undefined` and says
 * what it waits for. Ports work on a database handle alone, so seeds use them too.
 * Decimal amounts are strings (numeric in the database, decimal.js in code), never floats.
 */

/** What we sell and buy, per unit: SMS per segment, voice per billed second, WhatsApp per conversation. */
export type Product = (typeof PRODUCTS)[number];
/** the traffic rollups' products: what is carried (no numbers) and `mo`, the two-way answers received */
export type { TrafficProduct };

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

/** the records of one kind hanging on an account: their history entity and keys (decision 0145) */
export interface AccountRecords {
  entity: string;
  ids: string[];
}

/** finance room: customers' accounts on the messaging platform */
export interface AccountsPort {
  byCodes(codes: string[]): Promise<Map<string, ConsumerAccountRef>>;
  byIds(ids: number[]): Promise<Map<number, ConsumerAccountRef>>;
  /** the accounts of some customers, by customer (agent-query, decision 0144). Optional: doubles may lack it */
  byCustomers?(customerIds: number[]): Promise<Map<number, ConsumerAccountRef[]>>;
  /** accounts that may send now (active), for the traffic simulator and reports */
  active(): Promise<ConsumerAccountRef[]>;
  /** accounts opened (their opening approved) in [from, to), with the time they opened (CRM account
   * tracking). Optional: doubles may lack it */
  openedIn?(from: Date, to: Date): Promise<(ConsumerAccountRef & { openedAt: Date })[]>;
  /**
   * Whether `auth` may read the account as its detail would: `forbidden` without the account list's key,
   * `unknown` when there is no such account in the caller's data scope. Optional: doubles may lack it
   */
  access?(accountId: number, auth: AuthContext): Promise<'ok' | 'forbidden' | 'unknown'>;
  /** the (entity, ids) pairs of record history hanging on the account, the account itself first (decision 0145) */
  recordsOfAccount?(accountId: number): Promise<AccountRecords[]>;
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
  /** many accounts at once (reports); absent accounts are left out. Optional: doubles may lack it */
  balancesOf?(accountIds: number[]): Promise<Map<number, { balance: string; creditLine: string; currency: string }>>;
  /**
   * The gift recharges (entries of kind `gift`) posted on the UTC days [from, to] per account, in the
   * caller's data scope on the account's customer's owner (decision 0143). Optional: doubles may lack it
   */
  giftsByAccount?(q: GiftSumQuery): Promise<GiftSum[]>;
}

/** the filters of `LedgerPort.giftsByAccount`; the days are YYYY-MM-DD, both included */
export interface GiftSumQuery {
  from: string;
  to: string;
  accountIds?: number[];
  customerIds?: number[];
  /** the accounts' customers' sales owners */
  ownerIds?: number[];
  /** only the accounts this user may see: the data-scope rules of lists, on the customer's owner */
  scope?: AuthContext;
}

/** one account's gifts over some days: its currency's net amount (reversals subtracted) and how many gifts */
export interface GiftSum {
  accountId: number;
  code: string;
  customerId: number;
  /** the customer's owner when read */
  ownerId: number | null;
  currency: string;
  /** decimal text, 4 places */
  amount: string;
  /** gift entries posted (reversals are not counted) */
  count: number;
}

export interface TrafficDayFigure {
  /** YYYY-MM-DD (UTC) */
  day: string;
  product: TrafficProduct;
  accountId: number;
  customerId: number;
  ownerId: number | null;
  count: number;
  delivered: number;
  revenue: string;
  /** the cost per cost currency (decision 0109), amounts other than zero; never netted into one */
  costs: CostAmount[];
  currency: string;
  /** ISO country, only when asked for (`byCountry`) */
  country?: string;
  /** the channel ('0' none), only when asked for (`byChannel`) */
  channelId?: number;
  /** MCC+MNC ('' unknown), only when asked for (`byNetwork`) */
  network?: string;
  /** voice: billed seconds (0 for SMS) */
  seconds?: number;
}

/** one channel's rolled-up measures over a period (channel 0, "not routed", is never answered) */
export interface TrafficChannelFigure {
  channelId: number;
  product: TrafficProduct;
  /** MCC+MNC ('' = unknown), only when asked for (`byNetwork`) */
  network?: string;
  /** ISO country, only when asked for (`byCountry`) */
  country?: string;
  /** SMS: messages; voice: call attempts */
  count: number;
  /** SMS: parts submitted, and of them delivered */
  segments: number;
  delivered: number;
  /** voice: answered calls, their billed seconds, post-dial delay (sum of ms over `pddCount` calls) */
  answered: number;
  seconds: number;
  pddMs: number;
  pddCount: number;
  /** SMS: milliseconds from submit to delivery report, summed over `dlrCount` delivered parts */
  dlrMs: number;
  dlrCount: number;
}

/** one voice gateway's calls over a short period, from the raw call records (named as the switch names it) */
export interface TrafficGatewayFigure {
  gateway: string;
  attempts: number;
  answered: number;
  /** seconds from answer to end of the answered calls */
  seconds: number;
  /** the last call's setup time */
  lastAt: Date | null;
}

/** the filters of the traffic port's day figures */
export interface TrafficDayQuery {
  /** the first UTC day */
  from: Date;
  /** the last UTC day, included */
  to: Date;
  ownerIds?: number[];
  customerIds?: number[];
  accountIds?: number[];
  /** absent: the products sent (sms, voice, whatsapp, email); `mo` only when asked for */
  products?: TrafficProduct[];
  /** only the figures this user may see: the data-scope rules of lists, on the customers' owner */
  scope?: AuthContext;
  channelIds?: number[];
}

/** the column a report groups by (a supplier is its channels, summed by the caller) */
export type TrafficSumKey = 'owner' | 'customer' | 'account' | 'channel' | 'country' | 'network' | 'category';

/** one group of `TrafficPort.sums`: measures summed over every product asked for */
export interface TrafficSum {
  /** the group's value as text ('0' / '' for none); null in a day row */
  key: string | null;
  /** a day row's day; null in a group row */
  day: string | null;
  /** a group row: the part of the group at or after `splitAt` (else the part before) */
  current: boolean;
  currency: string;
  count: number;
  /** delivered messages; answered calls for voice */
  delivered: number;
  revenue: string;
  /** the cost per cost currency (decision 0109), amounts other than zero; never netted into one */
  costs: CostAmount[];
  seconds: number;
  /** the first day with traffic in the group */
  firstDay: string | null;
  /** side rollups (decision 0094), else 0: WhatsApp conversations opened and messages read; OTP delivery time */
  sessions: number;
  read: number;
  dlrMs: number;
  dlrCount: number;
}

/** one channel's rated cost of one UTC day in the cost currency (finance's supplier cost feed, decision 0104) */
export interface TrafficChannelCost {
  day: string;
  channelId: number;
  product: TrafficProduct;
  costCurrency: string;
  /** decimal text, 6 places at most */
  cost: string;
}

/** some channels' billed units and rated cost of one UTC day and destination (finance's bill check, decision 0107) */
export interface TrafficCountryCost {
  day: string;
  country: string;
  /** decimal text: SMS parts, voice minutes (2 places), WhatsApp / mail messages */
  units: string;
  /** decimal text in the asked cost currency */
  cost: string;
}

/** an account's UTC days [from, to] (YYYY-MM-DD) whose billable volume is asked (`TrafficPort.billedVolumes`) */
export interface BilledPeriod {
  accountId: number;
  from: string;
  to: string;
}

/** one product's billable volume of an account over some days (`TrafficPort.billedVolumes`, decision 0140) */
export interface TrafficBilledVolume {
  product: 'sms' | 'voice' | 'whatsapp' | 'email';
  /** the price currency of the charged traffic */
  currency: string;
  /** what the quantity counts: SMS parts, voice billed minutes, WhatsApp messages, mails */
  unit: 'part' | 'minute' | 'message' | 'mail';
  /** decimal text, at most 2 decimals (voice minutes), above zero */
  quantity: string;
  /** the rated revenue of that volume (decimal text) */
  revenue: string;
}

/** traffic room: rolled-up figures for home, reports and the AI assistant (never raw records) */
export interface TrafficPort {
  /**
   * Accounts' billable volume per product and price currency over UTC days, from the daily rollup;
   * finance's sales delivery lines. Many periods in one call (a run's bills, decision 0149): one list
   * per period, in the order asked. Optional: doubles need not.
   */
  billedVolumes?(periods: readonly BilledPeriod[]): Promise<TrafficBilledVolume[][]>;
  /**
   * Reports' sums, grouped in the database (decision 0081): per `by` value and currency, the days at
   * or after `splitAt` apart from those before; and per day and currency (the chart and the totals).
   * `started`: only the accounts whose first day with traffic since `from` falls in the period
   * (`splitAt`…) or in the previous one (`from`…`prevTo` after `prevFrom`), the ramp-up reports.
   */
  sums?(
    q: TrafficDayQuery & {
      by: TrafficSumKey | null;
      splitAt: string;
      countries?: string[];
      networks?: string[];
      categories?: string[];
      started?: { prevFrom: string; prevTo: string };
      /** read a side rollup (decision 0094): WhatsApp by category, or the SMS marked OTP */
      rollup?: 'wa' | 'otp';
    },
  ): Promise<TrafficSum[]>;
  /**
   * Per channel (and network or country when asked) over the UTC days of [from, to], for the
   * quality figures of srm (delivery rate; ASR, ACD, PDD). Optional: doubles of the port need not.
   */
  byChannel?(q: {
    from: Date;
    to: Date;
    channelIds?: number[];
    products?: TrafficProduct[];
    countries?: string[];
    networks?: string[];
    byNetwork?: boolean;
    byCountry?: boolean;
  }): Promise<TrafficChannelFigure[]>;
  /**
   * Per gateway name over [from, to) (minutes, not days: the partitions of that time only), the
   * ingress (customer side) or egress (supplier side) gateway of each call; srm's `vos/online`.
   */
  byGateway?(q: { from: Date; to: Date; side: 'ingress' | 'egress' }): Promise<TrafficGatewayFigure[]>;
  /**
   * The rated cost per UTC day of [from, to] (YYYY-MM-DD), channel, product and cost currency, from the
   * daily rollups; routed traffic only, zero sums left out. Optional: doubles of the port need not.
   */
  costByChannel?(q: { from: string; to: string }): Promise<TrafficChannelCost[]>;
  /**
   * Finance's supplier bill check (decision 0107): some channels' billed units and cost in one cost
   * currency per day and destination country, from the daily rollups. Optional like `costByChannel`.
   */
  costByCountry?(q: {
    from: string;
    to: string;
    channelIds: number[];
    product: TrafficProduct;
    costCurrency: string;
  }): Promise<TrafficCountryCost[]>;
  byDay(
    q: TrafficDayQuery & {
      /** one figure per destination country as well */
      byCountry?: boolean;
      /** one figure per channel / network as well */
      byChannel?: boolean;
      byNetwork?: boolean;
    },
  ): Promise<TrafficDayFigure[]>;
}

export interface MailAddressRef {
  email: string;
  name?: string | null;
}

/** A bound mailbox as another room names it (finance's sender of automatic bill mails, decision 0142). */
export interface MailboxRef {
  id: number;
  /** the staff member it is bound to: mail from it is sent as theirs */
  userId: number;
  email: string;
  displayName: string;
}

/** mail room: sending from a user's own bound mailbox (kept in its sent folder, logged like a written mail) */
export interface MailPort {
  /**
   * answers the mail room's catalogue errors (no mailbox bound, bad recipients, files not the sender's);
   * `accountId` names one of the user's mailboxes, their first one when absent
   */
  send(
    userId: number,
    mail: {
      to: MailAddressRef[];
      cc?: MailAddressRef[];
      subject: string;
      html: string;
      fileIds: string[];
      accountId?: number;
    },
  ): Promise<{ id: number; messageId: string }>;
  /** one bound mailbox by id (null: none) */
  mailbox?(id: number): Promise<MailboxRef | null>;
  /** the bound mailboxes, by address (at most `limit`) */
  mailboxes?(limit: number): Promise<MailboxRef[]>;
  /**
   * The first attachment of one of the user's own mails named with one of `exts` (`.xlsx`, `.csv`):
   * its bytes, the mail's subject and sender; null when the mail is not the user's or has no such attachment.
   */
  attachment?(
    userId: number,
    mailId: number,
    exts: string[],
  ): Promise<{ subject: string; from?: string; fileName: string; content: Buffer } | null>;
  /** The user's newest mails (drafts aside) holding such an attachment, newest first: what `attachment` would read. */
  attachmentMails?(
    userId: number,
    exts: string[],
    limit: number,
  ): Promise<{ mailId: number; subject: string; from: string; at: Date; fileName: string }[]>;
}

/** A live delivery channel as the traffic simulator routes by it: what it carries and where. */
export type ChannelProduct = Exclude<Product, 'number'>;
export interface LiveChannelRef {
  id: number;
  product: ChannelProduct;
  /** MCC+MNC covered (messaging) */
  networks: string[];
  /** countries of those networks (ISO alpha-2) */
  countries: string[];
}

/** A route binding in force: a customer's traffic (all its accounts, or one) to a country or network goes to a channel. */
export interface ChannelBindingRef {
  customerId: number;
  /** one account of the customer; null: all its accounts */
  accountId: number | null;
  country: string;
  /** null: every network of the country */
  network: string | null;
}

/** srm room: the live channels (state `live`) of a product, by id, and any channel's name */
export interface ChannelsPort {
  live(product: ChannelProduct): Promise<LiveChannelRef[]>;
  /**
   * The bindings in force at `at` that name the channel for the country and, when given, the
   * network (a country-wide binding included). Optional: doubles may lack it
   */
  bindingsTo?(channelId: number, dest: { country: string; network?: string }, at: Date): Promise<ChannelBindingRef[]>;
  /** channels' code and name by id, whatever their state (the traffic views' channel groups). Optional: doubles may lack it */
  names?(ids: number[]): Promise<Map<number, { code: string; name: string }>>;
}

/** A customer (CRM) or supplier (SRM) as another room lists it (decision 0127). */
export interface PartyRef {
  id: number;
  code: string;
  name: string;
  country: string;
  /** the staff member owning the record (null: in the pool) */
  ownerId: number | null;
}

/** Parties in the caller's data scope, by code; `codes` keeps only (`in`) or leaves out those codes. */
export interface PartySelectQuery {
  auth: AuthContext;
  keyword?: string;
  codes?: { in: boolean; list: string[] };
}

/** A page of parties (PartySelectQuery) */
export interface PartyPageQuery extends PartySelectQuery {
  page: number;
  size: number;
}

/** crm room (customers) and srm room (suppliers): a paged read of their records' codes and names */
export interface PartiesPort {
  page(q: PartyPageQuery): Promise<{ records: PartyRef[]; total: number }>;
  /**
   * The same rows, unpaged and newest first, as a parameterised query for an export to stream
   * (decision 0140); its columns, in order: id, code, name, country, owner id. Optional: doubles may lack it
   */
  select?(q: PartySelectQuery): { sql: string; params: unknown[] };
}

/** An agent (an R-end CRM customer) with what CRM knows of the customers that came through it (decision 0144). */
export interface AgentRef extends PartyRef {
  state: string;
  lastContactAt: Date | null;
  /** the customers whose agent it is, and of them those dealt */
  referredIds: number[];
  dealt: number;
}

/** A page of agents in the caller's data scope (by the agent's owner), newest first. */
export interface AgentPageQuery {
  auth: AuthContext;
  /** part of the name, alias or code */
  keyword?: string;
  ownerId?: number;
  /** the owner's department with its sub-departments */
  departmentId?: number;
  country?: string;
  page: number;
  size: number;
}

/** crm room: the agents and their referred customers */
export interface AgentsPort {
  page(q: AgentPageQuery): Promise<{
    records: AgentRef[];
    total: number;
    /** every agent of the filter (for totals over the whole filter), with their referred and dealt customers */
    ids: number[];
    referred: number;
    dealt: number;
  }>;
  /** one agent if it is an R customer in the caller's data scope */
  inScope(auth: AuthContext, id: number): Promise<AgentRef | undefined>;
  /**
   * One agent's referred customers (decision 0147), newest first: undefined when the agent is not an R
   * customer in the caller's data scope. Every customer whose agent it is counts (as `referredIds`), whoever owns it.
   */
  customers(q: AgentCustomersQuery): Promise<
    | {
        agent: AgentRef;
        records: ReferredRef[];
        total: number;
        /** every customer of the filter (for the totals) and of them those dealt */
        ids: number[];
        dealt: number;
      }
    | undefined
  >;
}

/** A customer that came through an agent (decision 0147). */
export interface ReferredRef extends PartyRef {
  /** C (direct) or R (reseller) */
  type: string;
  state: string;
  dealt: boolean;
}

/** A page of one agent's referred customers; the keyword matches the name, alias or code. */
export interface AgentCustomersQuery {
  auth: AuthContext;
  agentId: number;
  keyword?: string;
  page: number;
  size: number;
}

export interface Ports {
  customers: PartiesPort;
  agents: AgentsPort;
  suppliers: PartiesPort;
  rating: RatingPort;
  channels: ChannelsPort;
  mail: MailPort;
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
