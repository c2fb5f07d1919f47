import { TWO_WAY_ACTION_STATES, TWO_WAY_ACTIONS } from '@portal/contracts/traffic';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 20, scale: 6 });

/**
 * SMS send records, one row per part. PARTITIONED BY RANGE (submit_at), one partition a UTC day:
 * drizzle-kit creates it as a plain table, the hand-written end of the migration re-creates it
 * partitioned (see decision 0042). The primary key carries the partition key; idempotence by our
 * message id + part across partitions is held by `traffic_keys`.
 */
export const trafficSms = pgTable(
  'traffic_sms',
  {
    submitAt: at('submit_at').notNull(),
    messageId: text('message_id').notNull(),
    part: smallint('part').notNull(),
    parts: smallint('parts').notNull(),
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    /** the customer's sales owner when the record came in (data scope); 0 = none */
    ownerId: integer('owner_id').notNull().default(0),
    subAccount: text('sub_account'),
    senderId: text('sender_id'),
    /** E.164 digits without "+" */
    number: text('number').notNull(),
    country: text('country').notNull().default(''),
    /** MCC+MNC; '' = unknown */
    network: text('network').notNull().default(''),
    contentHash: text('content_hash'),
    encoding: text('encoding', { enum: ['GSM-7', 'UCS-2'] }).notNull(),
    /** length of the whole message in septets (GSM-7) or UTF-16 units (UCS-2) */
    length: integer('length').notNull().default(0),
    segments: smallint('segments').notNull(),
    /** 0 = not routed */
    channelId: integer('channel_id').notNull().default(0),
    supplierMessageId: text('supplier_message_id'),
    submitStatus: text('submit_status', { enum: ['accepted', 'rejected'] }).notNull(),
    submitError: text('submit_error'),
    dlrState: text('dlr_state'),
    dlrError: text('dlr_error'),
    dlrAt: at('dlr_at'),
    price: money('price').notNull().default('0'),
    cost: money('cost').notNull().default('0'),
    currency: text('currency').notNull(),
    costCurrency: text('cost_currency').notNull(),
    rated: boolean('rated').notNull().default(false),
    receivedAt: at('received_at').notNull(),
    /** a one-time password (decision 0094): the ingestion line's `otp`, else the content's classification */
    otp: boolean('otp').notNull().default(false),
    /** the scheduled batch (traffic_appointments.batch_id) it went out in, as the platform reported (decision 0131) */
    batchId: text('batch_id'),
  },
  (t) => [
    primaryKey({ name: 'traffic_sms_pk', columns: [t.submitAt, t.messageId, t.part] }),
    index('traffic_sms_batch_idx').on(t.batchId, t.submitAt).where(sql`${t.batchId} is not null`),
    index('traffic_sms_number_idx').on(t.number, t.submitAt),
    index('traffic_sms_account_idx').on(t.accountId, t.submitAt),
    index('traffic_sms_owner_idx').on(t.ownerId, t.submitAt),
  ],
);

/** Voice call records (CDRs), PARTITIONED BY RANGE (setup_at) by day like traffic_sms. */
export const trafficVoice = pgTable(
  'traffic_voice',
  {
    setupAt: at('setup_at').notNull(),
    callId: text('call_id').notNull(),
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull().default(0),
    caller: text('caller').notNull(),
    callee: text('callee').notNull(),
    country: text('country').notNull().default(''),
    network: text('network').notNull().default(''),
    ingressGateway: text('ingress_gateway'),
    egressGateway: text('egress_gateway'),
    channelId: integer('channel_id').notNull().default(0),
    answerAt: at('answer_at'),
    endAt: at('end_at'),
    /** seconds from answer to end */
    duration: integer('duration').notNull().default(0),
    /** seconds charged after the increments */
    billedDuration: integer('billed_duration').notNull().default(0),
    sipCode: smallint('sip_code').notNull(),
    /** post-dial delay, ms */
    pddMs: integer('pdd_ms'),
    price: money('price').notNull().default('0'),
    cost: money('cost').notNull().default('0'),
    currency: text('currency').notNull(),
    costCurrency: text('cost_currency').notNull(),
    rated: boolean('rated').notNull().default(false),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'traffic_voice_pk', columns: [t.setupAt, t.callId] }),
    index('traffic_voice_callee_idx').on(t.callee, t.setupAt),
    index('traffic_voice_call_idx').on(t.callId),
    index('traffic_voice_account_idx').on(t.accountId, t.setupAt),
    index('traffic_voice_owner_idx').on(t.ownerId, t.setupAt),
  ],
);

/**
 * WhatsApp messages, mail sends and two-way (MO) messages, one row each, PARTITIONED BY RANGE (at)
 * by day like traffic_sms (hand-written end of the migration). An MO carries the message it
 * answers (`reply_to`, with that message's submit time to reach its partition).
 */
export const trafficMessages = pgTable(
  'traffic_messages',
  {
    at: at('at').notNull(),
    kind: text('kind', { enum: ['whatsapp', 'mail', 'mo'] }).notNull(),
    recordId: text('record_id').notNull(),
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull().default(0),
    /** WhatsApp: business number; mail: sender address; MO: the handset */
    sender: text('sender').notNull(),
    /** WhatsApp: recipient number; mail: recipient address; MO: our number / sender id */
    recipient: text('recipient').notNull(),
    country: text('country').notNull().default(''),
    channelId: integer('channel_id').notNull().default(0),
    state: text('state').notNull(),
    stateAt: at('state_at'),
    error: text('error'),
    conversationId: text('conversation_id'),
    category: text('category'),
    subject: text('subject'),
    contentHash: text('content_hash'),
    length: integer('length').notNull().default(0),
    replyTo: text('reply_to'),
    replyToAt: at('reply_to_at'),
    price: money('price').notNull().default('0'),
    cost: money('cost').notNull().default('0'),
    currency: text('currency').notNull(),
    costCurrency: text('cost_currency').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'traffic_messages_pk', columns: [t.at, t.kind, t.recordId] }),
    index('traffic_messages_account_idx').on(t.kind, t.accountId, t.at),
    index('traffic_messages_owner_idx').on(t.kind, t.ownerId, t.at),
    index('traffic_messages_sender_idx').on(t.kind, t.sender, t.at),
    index('traffic_messages_recipient_idx').on(t.kind, t.recipient, t.at),
    index('traffic_messages_conversation_idx').on(t.conversationId),
    index('traffic_messages_reply_idx').on(t.replyTo),
  ],
);

/**
 * Every record id ever accepted (kind `sms` with the part, `voice` with part 0) and the time of
 * its partition: the unique key that makes ingestion idempotent across partitions, and the
 * look-up a DLR uses to reach its message's partition.
 */
export const trafficKeys = pgTable(
  'traffic_keys',
  {
    kind: text('kind', { enum: ['sms', 'voice', 'whatsapp', 'mail', 'mo', 'cc'] }).notNull(),
    recordId: text('record_id').notNull(),
    part: smallint('part').notNull(),
    at: at('at').notNull(),
  },
  // `at` serves the retention delete only: a BRIN index (keys come in about time order) costs an insert far less
  // than a b-tree entry (decision 0164)
  (t) => [primaryKey({ columns: [t.kind, t.recordId, t.part] }), index('traffic_keys_at_brin').using('brin', t.at)],
);

/** Every delivery report received, matched or not (the DLR timeline; unmatched ones are listed). */
export const trafficDlrs = pgTable(
  'traffic_dlrs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: text('message_id').notNull(),
    part: smallint('part').notNull(),
    state: text('state').notNull(),
    error: text('error'),
    dlrAt: at('dlr_at').notNull(),
    supplierMessageId: text('supplier_message_id'),
    receivedAt: at('received_at').notNull(),
    matched: boolean('matched').notNull().default(false),
  },
  (t) => [
    uniqueIndex('traffic_dlrs_event_uq').on(t.messageId, t.part, t.state, t.dlrAt),
    index('traffic_dlrs_unmatched_idx').on(t.receivedAt).where(sql`not ${t.matched}`),
    // the retention delete's: BRIN, as traffic_keys.at (decision 0164)
    index('traffic_dlrs_received_brin').using('brin', t.receivedAt),
  ],
);

/**
 * Every state update of a WhatsApp message or mail (delivered, read, opened, failed … after the
 * send, as DLRs are for SMS), matched or not: the record takes the latest by state time; one whose
 * message is not here yet is kept and applied when it comes.
 */
export const trafficMessageStates = pgTable(
  'traffic_message_states',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['whatsapp', 'mail'] }).notNull(),
    recordId: text('record_id').notNull(),
    state: text('state').notNull(),
    error: text('error'),
    stateAt: at('state_at').notNull(),
    receivedAt: at('received_at').notNull(),
    matched: boolean('matched').notNull().default(false),
  },
  (t) => [
    uniqueIndex('traffic_message_states_event_uq').on(t.kind, t.recordId, t.state, t.stateAt),
    index('traffic_message_states_unmatched_idx').on(t.receivedAt).where(sql`not ${t.matched}`),
    index('traffic_message_states_received_idx').on(t.receivedAt),
  ],
);

/** rollup dimensions (not null: 0 / '' stand for none so one unique key holds) */
const dims = {
  /** what was carried: `email` is the mail sends (kind `mail`), `mo` the two-way answers received */
  product: text('product', { enum: ['sms', 'voice', 'whatsapp', 'email', 'mo'] }).notNull(),
  accountId: integer('account_id').notNull(),
  customerId: integer('customer_id').notNull(),
  ownerId: integer('owner_id').notNull(),
  channelId: integer('channel_id').notNull(),
  country: text('country').notNull(),
  network: text('network').notNull(),
  status: text('status').notNull(),
  currency: text('currency').notNull(),
  costCurrency: text('cost_currency').notNull(),
};
/**
 * rollup measures: SMS count = messages (part 1), segments = parts; voice count = attempts;
 * WhatsApp / mail / MO count = segments = messages, delivered = those in a delivered state
 */
const measures = {
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  segments: bigint('segments', { mode: 'number' }).notNull().default(0),
  delivered: bigint('delivered', { mode: 'number' }).notNull().default(0),
  revenue: money('revenue').notNull().default('0'),
  cost: money('cost').notNull().default('0'),
  answered: bigint('answered', { mode: 'number' }).notNull().default(0),
  /** billed seconds */
  seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  pddMs: bigint('pdd_ms', { mode: 'number' }).notNull().default(0),
  pddCount: bigint('pdd_count', { mode: 'number' }).notNull().default(0),
  /** SMS: milliseconds from submit to the delivery report, summed over the `dlrCount` delivered parts */
  dlrMs: bigint('dlr_ms', { mode: 'number' }).notNull().default(0),
  dlrCount: bigint('dlr_count', { mode: 'number' }).notNull().default(0),
};

/**
 * Changes not rolled up yet: ingestion writes one row per changed group (a new record +1, a DLR
 * moving a record from one status to another -1 / +1) in its own transaction; the rollup job
 * deletes them and adds them to the rollups in one transaction (exactly once).
 */
export const trafficDeltas = pgTable('traffic_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  hour: at('hour').notNull(),
  ...dims,
  ...measures,
  /**
   * only for the WhatsApp and OTP rollups (decision 0094), summed away in the hourly and daily ones:
   * the conversation category ('' none), the OTP mark of an SMS, the conversations the messages opened
   * and the messages read
   */
  category: text('category').notNull().default(''),
  otp: boolean('otp').notNull().default(false),
  /**
   * only for the sender rollup (decision 0137): the number / sender id it went out from — SMS sender id
   * ('' none), voice caller, WhatsApp business number, mail sender address; an MO: our number it came in on
   */
  sender: text('sender').notNull().default(''),
  sessions: bigint('sessions', { mode: 'number' }).notNull().default(0),
  read: bigint('read', { mode: 'number' }).notNull().default(0),
});

export const trafficHourly = pgTable('traffic_hourly', { hour: at('hour').notNull(), ...dims, ...measures }, (t) => [
  uniqueIndex('traffic_hourly_uq').on(
    t.hour,
    t.product,
    t.accountId,
    t.customerId,
    t.ownerId,
    t.channelId,
    t.country,
    t.network,
    t.status,
    t.currency,
    t.costCurrency,
  ),
  index('traffic_hourly_owner_idx').on(t.ownerId, t.hour),
]);

export const trafficDaily = pgTable('traffic_daily', { day: date('day').notNull(), ...dims, ...measures }, (t) => [
  uniqueIndex('traffic_daily_uq').on(
    t.day,
    t.product,
    t.accountId,
    t.customerId,
    t.ownerId,
    t.channelId,
    t.country,
    t.network,
    t.status,
    t.currency,
    t.costCurrency,
  ),
  index('traffic_daily_owner_idx').on(t.ownerId, t.day),
  index('traffic_daily_account_idx').on(t.accountId, t.day),
]);

/**
 * The reports' narrow daily rollups (decision 0087): `traffic_daily` summed without the delivery
 * state and the measures no report reads (the cost currency kept since decision 0109: cost is never netted across currencies). `traffic_report_daily` keeps the
 * customer side (account, customer, owner, country), `traffic_route_daily` the route side (channel,
 * country, network, owner for the data scope). Kept equal to `traffic_daily` by statement triggers
 * on it (hand-written in migration `rpt19`): every writer of the daily rollup (the rollup step,
 * `rebuildDay`, the seeded history, tests) moves them in the same transaction.
 */
const reportMeasures = {
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  delivered: bigint('delivered', { mode: 'number' }).notNull().default(0),
  answered: bigint('answered', { mode: 'number' }).notNull().default(0),
  revenue: money('revenue').notNull().default('0'),
  cost: money('cost').notNull().default('0'),
  seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
};

export const trafficReportDaily = pgTable(
  'traffic_report_daily',
  {
    day: date('day').notNull(),
    product: dims.product,
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    costCurrency: text('cost_currency').notNull(),
    ...reportMeasures,
  },
  (t) => [
    uniqueIndex('traffic_report_daily_uq').on(
      t.day,
      t.product,
      t.accountId,
      t.customerId,
      t.ownerId,
      t.country,
      t.currency,
      t.costCurrency,
    ),
    index('traffic_report_daily_owner_idx').on(t.ownerId, t.day),
    index('traffic_report_daily_account_idx').on(t.accountId, t.day),
  ],
);

export const trafficRouteDaily = pgTable(
  'traffic_route_daily',
  {
    day: date('day').notNull(),
    product: dims.product,
    ownerId: integer('owner_id').notNull(),
    channelId: integer('channel_id').notNull(),
    country: text('country').notNull(),
    network: text('network').notNull(),
    currency: text('currency').notNull(),
    costCurrency: text('cost_currency').notNull(),
    ...reportMeasures,
  },
  (t) => [
    uniqueIndex('traffic_route_daily_uq').on(
      t.day,
      t.product,
      t.ownerId,
      t.channelId,
      t.country,
      t.network,
      t.currency,
      t.costCurrency,
    ),
    index('traffic_route_daily_owner_idx').on(t.ownerId, t.day),
  ],
);

/**
 * Narrower and coarser twins (decision 0090), kept by the same triggers: `traffic_account_daily`
 * (the customer side without the country), `traffic_owner_daily` (per owner and day: the home trend,
 * the owner level and every chart filtered by owner or scope only), and ten-day blocks of the three
 * (`*_tenday`, `day` the block's first day: the 1st, 11th and 21st of a month). A report's totals read
 * the blocks that lie inside its periods and the daily rows of the days at their edges.
 */
export const trafficAccountDaily = pgTable(
  'traffic_account_daily',
  {
    day: date('day').notNull(),
    product: dims.product,
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    currency: text('currency').notNull(),
    costCurrency: text('cost_currency').notNull(),
    ...reportMeasures,
  },
  (t) => [
    uniqueIndex('traffic_account_daily_uq').on(
      t.day,
      t.product,
      t.accountId,
      t.customerId,
      t.ownerId,
      t.currency,
      t.costCurrency,
    ),
    index('traffic_account_daily_owner_idx').on(t.ownerId, t.day),
    index('traffic_account_daily_account_idx').on(t.accountId, t.day),
  ],
);

export const trafficOwnerDaily = pgTable(
  'traffic_owner_daily',
  {
    day: date('day').notNull(),
    product: dims.product,
    ownerId: integer('owner_id').notNull(),
    currency: text('currency').notNull(),
    costCurrency: text('cost_currency').notNull(),
    ...reportMeasures,
  },
  (t) => [uniqueIndex('traffic_owner_daily_uq').on(t.ownerId, t.day, t.product, t.currency, t.costCurrency)],
);

export const trafficAccountTenday = pgTable(
  'traffic_account_tenday',
  {
    day: date('day').notNull(),
    product: dims.product,
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    currency: text('currency').notNull(),
    costCurrency: text('cost_currency').notNull(),
    ...reportMeasures,
  },
  (t) => [
    uniqueIndex('traffic_account_tenday_uq').on(
      t.day,
      t.product,
      t.accountId,
      t.customerId,
      t.ownerId,
      t.currency,
      t.costCurrency,
    ),
    index('traffic_account_tenday_owner_idx').on(t.ownerId, t.day),
  ],
);

export const trafficReportTenday = pgTable(
  'traffic_report_tenday',
  {
    day: date('day').notNull(),
    product: dims.product,
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    costCurrency: text('cost_currency').notNull(),
    ...reportMeasures,
  },
  (t) => [
    uniqueIndex('traffic_report_tenday_uq').on(
      t.day,
      t.product,
      t.accountId,
      t.customerId,
      t.ownerId,
      t.country,
      t.currency,
      t.costCurrency,
    ),
    index('traffic_report_tenday_owner_idx').on(t.ownerId, t.day),
  ],
);

export const trafficRouteTenday = pgTable(
  'traffic_route_tenday',
  {
    day: date('day').notNull(),
    product: dims.product,
    ownerId: integer('owner_id').notNull(),
    channelId: integer('channel_id').notNull(),
    country: text('country').notNull(),
    network: text('network').notNull(),
    currency: text('currency').notNull(),
    costCurrency: text('cost_currency').notNull(),
    ...reportMeasures,
  },
  (t) => [
    uniqueIndex('traffic_route_tenday_uq').on(
      t.day,
      t.product,
      t.ownerId,
      t.channelId,
      t.country,
      t.network,
      t.currency,
      t.costCurrency,
    ),
  ],
);

/**
 * WhatsApp by conversation category per day (decision 0094): messages, delivered, read, and sessions =
 * the conversations whose first message (by time, then record id) is in the group that day. Filled by
 * the rollup step from the WhatsApp deltas, rebuilt with the day (`rebuildDay`).
 */
export const trafficWaDaily = pgTable(
  'traffic_wa_daily',
  {
    day: date('day').notNull(),
    product: dims.product,
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    country: text('country').notNull(),
    category: text('category').notNull(),
    currency: text('currency').notNull(),
    costCurrency: text('cost_currency').notNull(),
    ...reportMeasures,
    sessions: bigint('sessions', { mode: 'number' }).notNull().default(0),
    read: bigint('read', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('traffic_wa_daily_uq').on(
      t.day,
      t.product,
      t.accountId,
      t.customerId,
      t.ownerId,
      t.country,
      t.category,
      t.currency,
      t.costCurrency,
    ),
    index('traffic_wa_daily_owner_idx').on(t.ownerId, t.day),
  ],
);

/**
 * The SMS marked OTP per day, on the route and customer sides (decision 0094), with their delivery
 * time (`dlr_ms` over `dlr_count` delivered parts). Filled by the rollup step from the SMS deltas marked
 * OTP, rebuilt with the day.
 */
export const trafficOtpDaily = pgTable(
  'traffic_otp_daily',
  {
    day: date('day').notNull(),
    product: dims.product,
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    channelId: integer('channel_id').notNull(),
    country: text('country').notNull(),
    network: text('network').notNull(),
    currency: text('currency').notNull(),
    costCurrency: text('cost_currency').notNull(),
    ...reportMeasures,
    dlrMs: bigint('dlr_ms', { mode: 'number' }).notNull().default(0),
    dlrCount: bigint('dlr_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('traffic_otp_daily_uq').on(
      t.day,
      t.product,
      t.accountId,
      t.customerId,
      t.ownerId,
      t.channelId,
      t.country,
      t.network,
      t.currency,
      t.costCurrency,
    ),
    index('traffic_otp_daily_owner_idx').on(t.ownerId, t.day),
  ],
);

/**
 * Traffic by our sending number / sender id per day (decision 0137, numberPerformance): SMS by sender id,
 * voice by caller, WhatsApp by business number, mail by sender address, MO (product `mo`) by the number it
 * came in on. Filled by the rollup step from the deltas, rebuilt with the day (`rebuildDay`).
 */
export const trafficSenderDaily = pgTable(
  'traffic_sender_daily',
  {
    day: date('day').notNull(),
    product: dims.product,
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    sender: text('sender').notNull(),
    currency: text('currency').notNull(),
    costCurrency: text('cost_currency').notNull(),
    ...reportMeasures,
  },
  (t) => [
    uniqueIndex('traffic_sender_daily_uq').on(
      t.day,
      t.product,
      t.accountId,
      t.customerId,
      t.ownerId,
      t.sender,
      t.currency,
      t.costCurrency,
    ),
    index('traffic_sender_daily_owner_idx').on(t.ownerId, t.day),
    index('traffic_sender_daily_account_idx').on(t.accountId, t.day),
    index('traffic_sender_daily_sender_idx').on(t.sender, t.day),
  ],
);

/** the room's settings and bookkeeping (rollup watermark, retention days, simulator switch) */
export const trafficState = pgTable('traffic_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** machine clients of the ingestion API (OAuth client credentials); the secret only as a hash */
export const trafficClients = pgTable('traffic_clients', {
  id: serial('id').primaryKey(),
  clientId: text('client_id').notNull().unique(),
  secretHash: text('secret_hash').notNull(),
  name: text('name').notNull(),
  scopes: text('scopes').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** sms-appointment-record (decision 0106): scheduled SMS sends of the platform — waiting, sent or cancelled */
export const trafficAppointments = pgTable(
  'traffic_appointments',
  {
    id: serial('id').primaryKey(),
    /** the platform's id of the scheduled batch */
    batchId: text('batch_id').notNull().unique(),
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull().default(0),
    senderId: text('sender_id').notNull(),
    numbers: integer('numbers').notNull(),
    segments: smallint('segments').notNull().default(1),
    scheduledAt: at('scheduled_at').notNull(),
    state: text('state', { enum: ['waiting', 'sent', 'cancelled'] })
      .notNull()
      .default('waiting'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
    cancelledAt: at('cancelled_at'),
    cancelledBy: integer('cancelled_by'),
  },
  (t) => [
    index('traffic_appointments_scheduled_idx').on(t.scheduledAt),
    index('traffic_appointments_account_idx').on(t.accountId, t.scheduledAt),
    index('traffic_appointments_owner_idx').on(t.ownerId, t.scheduledAt),
    index('traffic_appointments_waiting_idx').on(t.scheduledAt).where(sql`${t.state} = 'waiting'`),
    // the platform's feed of cancellations staff made (decision 0124)
    index('traffic_appointments_cancelled_idx').on(t.cancelledAt, t.id).where(sql`${t.cancelledBy} is not null`),
  ],
);

/** twowaytask (decision 0106): campaigns expecting replies — an account's sends from one sender id in a window */
export const trafficTwoWayTasks = pgTable(
  'traffic_twoway_tasks',
  {
    id: serial('id').primaryKey(),
    /** the platform's id of a task it reported through the ingestion (decision 0124) */
    platformId: text('platform_id').unique(),
    name: text('name').notNull(),
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull().default(0),
    senderId: text('sender_id').notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
  },
  (t) => [
    index('traffic_twoway_tasks_start_idx').on(t.startAt),
    index('traffic_twoway_tasks_owner_idx').on(t.ownerId, t.startAt),
  ],
);

/** operate-set/two-way (decision 0106): keyword rules for MO messages, per account or global */
export const trafficTwoWayRules = pgTable(
  'traffic_twoway_rules',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    keyword: text('keyword').notNull(),
    match: text('match', { enum: ['exact', 'prefix', 'contains'] }).notNull(),
    action: text('action', { enum: TWO_WAY_ACTIONS }).notNull(),
    replyText: text('reply_text'),
    /** null: every account */
    accountId: integer('account_id'),
    enabled: boolean('enabled').notNull().default(true),
    updatedBy: integer('updated_by'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('traffic_twoway_rules_uq').on(t.keyword, t.accountId).nullsNotDistinct(),
    index('traffic_twoway_rules_keyword_idx').on(t.keyword, t.id),
    index('traffic_twoway_rules_action_idx').on(t.action),
    index('traffic_twoway_rules_account_idx').on(t.accountId),
    index('traffic_twoway_rules_updated_idx').on(t.updatedAt),
  ],
);

/** send-query/auto-recall-task (decision 0106): resend an account's failed messages of a window by another channel */
export const trafficRecallTasks = pgTable(
  'traffic_recall_tasks',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull().default(0),
    fromAt: at('from_at').notNull(),
    toAt: at('to_at').notNull(),
    channelId: integer('channel_id').notNull(),
    states: text('states').array().notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    found: integer('found').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('traffic_recall_tasks_created_idx').on(t.createdAt),
    index('traffic_recall_tasks_owner_idx').on(t.ownerId, t.createdAt),
  ],
);

/**
 * One row per message recalled: the message id is the key, so a message is recalled at most once
 * whichever tasks cover it and however many run at once. The resend goes out under `new_message_id`.
 */
export const trafficRecalls = pgTable(
  'traffic_recalls',
  {
    messageId: text('message_id').primaryKey(),
    taskId: integer('task_id').notNull(),
    submitAt: at('submit_at').notNull(),
    newMessageId: text('new_message_id').notNull(),
    resentAt: at('resent_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('traffic_recalls_task_idx').on(t.taskId),
    index('traffic_recalls_unsent_idx').on(t.createdAt).where(sql`${t.resentAt} is null`),
  ],
);

/**
 * What a two-way rule did with an incoming MO (decision 0115): one row per MO a rule matched (unique
 * MO id), written in the ingestion's transaction — so a re-ingested or concurrently ingested MO acts
 * once. The rule's keyword and reply text are copied as they were when the MO came.
 * `optout`: the handset went on the account's blacklist (`traffic_blacklist`) at once (`done`);
 * `reply` (an MT answer) and `forward` (a delivery to the customer's owner) wait for two-way-review
 * (`pending`), and the platform sends the `approved` ones; a `rejected` one is never sent.
 */
export const trafficTwoWayActions = pgTable(
  'traffic_twoway_actions',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    moId: text('mo_id').notNull().unique(),
    moAt: at('mo_at').notNull(),
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull().default(0),
    /** the handset that sent the MO (and gets the reply) */
    handset: text('handset').notNull(),
    /** our number / sender id the MO went to (and the reply comes from) */
    senderId: text('sender_id').notNull(),
    ruleId: integer('rule_id').notNull(),
    keyword: text('keyword').notNull(),
    action: text('action', { enum: TWO_WAY_ACTIONS }).notNull(),
    replyText: text('reply_text'),
    /** forward: the user the MO is delivered to (the customer's owner) */
    forwardTo: integer('forward_to'),
    state: text('state', { enum: TWO_WAY_ACTION_STATES }).notNull(),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    rejectReason: text('reject_reason'),
    /** the channel and country the MO came by: a reply goes back the same way (decision 0123) */
    channelId: integer('channel_id').notNull().default(0),
    country: text('country').notNull().default(''),
    /** a reply the platform acknowledged: when, and the message id its send carries */
    sentAt: at('sent_at'),
    sentMessageId: text('sent_message_id'),
    /** an opt-out staff reversed (`reversed`): why; who and when are in the record's history */
    reversalReason: text('reversal_reason'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('traffic_twoway_actions_at_idx').on(t.moAt.desc().nullsFirst(), t.id),
    index('traffic_twoway_actions_state_idx').on(t.state, t.moAt),
    index('traffic_twoway_actions_action_idx').on(t.action, t.moAt),
    index('traffic_twoway_actions_account_idx').on(t.accountId, t.moAt),
    index('traffic_twoway_actions_handset_idx').on(t.handset),
    index('traffic_twoway_actions_owner_idx').on(t.ownerId, t.moAt),
    // the platform's outbox: approved replies, oldest first
    index('traffic_twoway_actions_outbox_idx').on(t.id).where(sql`${t.state} = 'approved' and ${t.action} = 'reply'`),
  ],
);

/**
 * The numbers an account must not send to (opt-outs by two-way rules); the platform reads it as a
 * feed of changes. An opt-in (an MO keyword or staff, decision 0131) keeps the row as `removed_at`
 * with who (null: the handset itself, by `removed_mo_id`) and why; opting out again lists it anew.
 */
export const trafficBlacklist = pgTable(
  'traffic_blacklist',
  {
    accountId: integer('account_id').notNull(),
    number: text('number').notNull(),
    /** the MO and rule that (last) put it there */
    moId: text('mo_id'),
    ruleId: integer('rule_id'),
    createdAt: at('created_at').notNull(),
    /** when it was added or removed last: the feed's order */
    changedAt: at('changed_at').notNull().defaultNow(),
    removedAt: at('removed_at'),
    removedBy: integer('removed_by'),
    removedMoId: text('removed_mo_id'),
    removedReason: text('removed_reason'),
  },
  (t) => [
    primaryKey({ name: 'traffic_blacklist_pk', columns: [t.accountId, t.number] }),
    // the platform's feed reads in this order from a cursor
    index('traffic_blacklist_changed_idx').on(t.changedAt, t.accountId, t.number),
  ],
);

/**
 * voiceCcRecord (decision 0130): calls of customers' call-centre seats, one row each, PARTITIONED BY
 * RANGE (start_at) by day like traffic_voice (hand-written end of the migration); once per call id
 * through traffic_keys (kind `cc`).
 */
export const trafficCc = pgTable(
  'traffic_cc',
  {
    startAt: at('start_at').notNull(),
    callId: text('call_id').notNull(),
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull().default(0),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    queue: text('queue').notNull(),
    seat: text('seat'),
    agent: text('agent'),
    /** the outside party, E.164 digits */
    number: text('number').notNull(),
    /** the call centre's own line */
    line: text('line'),
    answerAt: at('answer_at'),
    endAt: at('end_at').notNull(),
    waitSeconds: integer('wait_seconds').notNull(),
    talkSeconds: integer('talk_seconds').notNull().default(0),
    result: text('result').notNull(),
    recording: text('recording'),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'traffic_cc_pk', columns: [t.startAt, t.callId] }),
    index('traffic_cc_account_idx').on(t.accountId, t.startAt),
    index('traffic_cc_owner_idx').on(t.ownerId, t.startAt),
    index('traffic_cc_number_idx').on(t.number, t.startAt),
    index('traffic_cc_seat_idx').on(t.seat, t.startAt),
    index('traffic_cc_call_idx').on(t.callId),
  ],
);

/**
 * voiceTaskManagement (decision 0130): customers' outbound voice campaigns as the platform reports
 * them, with the last request staff made (pause / resume / cancel) for the platform to read back.
 */
export const trafficVoiceTasks = pgTable(
  'traffic_voice_tasks',
  {
    id: serial('id').primaryKey(),
    /** the platform's id of the campaign */
    platformId: text('platform_id').notNull().unique(),
    name: text('name').notNull(),
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull().default(0),
    caller: text('caller').notNull(),
    numbers: integer('numbers').notNull(),
    attempted: integer('attempted').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    state: text('state', { enum: ['scheduled', 'running', 'paused', 'finished', 'cancelled'] }).notNull(),
    stateAt: at('state_at').notNull(),
    request: text('request', { enum: ['pause', 'resume', 'cancel'] }),
    requestedAt: at('requested_at'),
    requestedBy: integer('requested_by'),
    reportedAt: at('reported_at').notNull(),
  },
  (t) => [
    index('traffic_voice_tasks_start_idx').on(t.startAt, t.id),
    index('traffic_voice_tasks_account_idx').on(t.accountId, t.startAt),
    index('traffic_voice_tasks_owner_idx').on(t.ownerId, t.startAt),
    // the platform's feed of staff requests
    index('traffic_voice_tasks_request_idx').on(t.requestedAt, t.id).where(sql`${t.requestedBy} is not null`),
  ],
);

/**
 * minxSolution (decision 0146): an account's fallback plan across channels. At most one active plan an
 * account (partial unique index); `active_from` is when it last became active: messages sent before are
 * not its business. `steps` holds the contracts' `minxStep` list (1–3).
 */
export const trafficMinxPlans = pgTable(
  'traffic_minx_plans',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    ownerId: integer('owner_id').notNull().default(0),
    name: text('name').notNull(),
    steps: jsonb('steps').$type<{ kind: 'voice' | 'whatsapp'; waitMinutes: number }[]>().notNull(),
    state: text('state', { enum: ['active', 'paused'] })
      .notNull()
      .default('active'),
    activeFrom: at('active_from').notNull(),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('traffic_minx_plans_active_uq').on(t.accountId).where(sql`${t.state} = 'active'`),
    index('traffic_minx_plans_account_idx').on(t.accountId),
    index('traffic_minx_plans_owner_idx').on(t.ownerId, t.id),
    // the list's filters on the resource kernel (decision 0149)
    index('traffic_minx_plans_customer_idx').on(t.customerId),
    index('traffic_minx_plans_state_idx').on(t.state, t.id),
  ],
);

/**
 * One row per message and step it fell back to: (message id, step) is the key, so a message falls back
 * once per step however many job runs meet it. The fallback goes out under `new_id` (a call id or a
 * WhatsApp message id) by the step's channel; `sent_at` is set when the platform sent it.
 */
export const trafficMinxFallbacks = pgTable(
  'traffic_minx_fallbacks',
  {
    messageId: text('message_id').notNull(),
    step: smallint('step').notNull(),
    planId: integer('plan_id').notNull(),
    accountId: integer('account_id').notNull(),
    kind: text('kind', { enum: ['voice', 'whatsapp'] }).notNull(),
    number: text('number').notNull(),
    /** the original SMS's submit time (its partition) */
    submitAt: at('submit_at').notNull(),
    newId: text('new_id').notNull(),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [
    primaryKey({ name: 'traffic_minx_fallbacks_pk', columns: [t.messageId, t.step] }),
    index('traffic_minx_fallbacks_plan_idx').on(t.planId, t.createdAt),
    index('traffic_minx_fallbacks_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
);
