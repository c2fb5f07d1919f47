// Rating lookups (issue 16): boots the platform on DATABASE_URL (migrated), writes 5 customer price
// books (accounts 1–5), each with 50,000 voice prefixes and 2,000 SMS networks, then times
// `rating(db).priceFor` (the `rating` port) in process: the cold load of each book, then lookups of
// random numbers and networks with each call timed. Prints one JSON line. Run by bench/rating.suite.mjs.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { rating } from '../apps/server/src/modules/quotation/books.js';
import { commitPriceList, previewPriceList } from '../apps/server/src/modules/quotation/import.js';
import type { AuthContext } from '../apps/server/src/platform/auth/context.js';
import { bootPlatform } from '../apps/server/src/platform/boot.js';
import { loadConfig } from '../apps/server/src/platform/config.js';

const BOOKS = 5;
const PREFIXES = 50_000;
const NETWORKS = 2_000;
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 400_000);

const p = await bootPlatform(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }), { logger: pino({ level: 'warn' }) });
const started = performance.now();
for (let book = 1; book <= BOOKS; book++) {
  // 49,000 six-digit prefixes, 900 three-digit, 90 two-digit, 10 one-digit: 50,000 per book
  await p.db.execute(sql`insert into qm_prices (book_kind, book_id, product, dest_kind, dest, unit_price, first_increment, next_increment, currency, effective_from, effective_until, source)
    select 'account', ${book}, 'voice', 'prefix', d, round((random() * 0.2)::numeric, 6), 60, 60, 'USD', now() - interval '90 days', now() - interval '30 days', 'seed'
    from (select (100000 + g)::text d from generate_series(0, 48999) g
          union all select g::text from generate_series(100, 999) g
          union all select g::text from generate_series(10, 99) g
          union all select g::text from generate_series(0, 9) g) s`);
  // history: every prefix superseded 30 days ago by its current row
  await p.db.execute(sql`insert into qm_prices (book_kind, book_id, product, dest_kind, dest, unit_price, first_increment, next_increment, currency, effective_from, source)
    select book_kind, book_id, product, dest_kind, dest, unit_price * 0.9, 1, 1, currency, effective_until, 'seed'
    from qm_prices where book_kind = 'account' and book_id = ${book} and product = 'voice'`);
  await p.db.execute(sql`insert into qm_prices (book_kind, book_id, product, dest_kind, dest, unit_price, currency, effective_from, source)
    select 'account', ${book}, 'sms', 'network', (20000 + g)::text, round((random() * 0.1)::numeric, 6), 'USD', now() - interval '30 days', 'seed'
    from generate_series(0, ${NETWORKS - 1}) g`);
}
const rowsWritten = (PREFIXES * 2 + NETWORKS) * BOOKS;
const writeSeconds = (performance.now() - started) / 1000;

const svc = rating(p.db);
const at = new Date();
const coldMs: number[] = [];
for (let book = 1; book <= BOOKS; book++) {
  const t0 = performance.now();
  await svc.priceFor({ accountId: book, product: 'voice', destination: { number: '14155550100' }, at, units: 60 });
  await svc.priceFor({ accountId: book, product: 'sms', destination: { network: '20001' }, at, units: 1 });
  coldMs.push(performance.now() - t0);
}
const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;

let seed = 42;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const times = new Float64Array(LOOKUPS);
let answered = 0;
const t1 = performance.now();
for (let i = 0; i < LOOKUPS; i++) {
  const accountId = 1 + (i % BOOKS);
  const s = performance.now();
  const r =
    i % 4 === 3
      ? await svc.priceFor({
          accountId,
          product: 'sms',
          destination: { network: String(20000 + Math.floor(rnd() * NETWORKS)) },
          at,
          units: 1,
        })
      : await svc.priceFor({
          accountId,
          product: 'voice',
          destination: {
            number: String(1 + Math.floor(rnd() * 9)) + String(Math.floor(rnd() * 1e10)).padStart(10, '0'),
          },
          at,
          units: 1 + Math.floor(rnd() * 300),
        });
  times[i] = performance.now() - s;
  if (r) answered++;
}
const seconds = (performance.now() - t1) / 1000;
times.sort();
const q = (f: number) => times[Math.min(times.length - 1, Math.floor(f * times.length))]! * 1000;
// a 50,000-row A-Z deck as CSV for one channel: preview (read, check, compare) and commit, timed
const DECK = 50_000;
const deckLines = ['Prefix,Destination,Rate,First increment,Next increment,Currency,Effective date'];
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
for (let i = 0; i < DECK; i++)
  deckLines.push(`${200000 + i},Dest ${i},${(0.001 + (i % 997) / 10_000).toFixed(4)},60,60,USD,${tomorrow}`);
const deck = Buffer.from(deckLines.join('\n'));
const rss0 = process.memoryUsage().rss;
const tp = performance.now();
const preview = await previewPriceList(p.db, 900_001, 'voice', deck, 'en', new Date());
const previewSeconds = (performance.now() - tp) / 1000;
const rssPreviewMb = (process.memoryUsage().rss - rss0) / 1024 / 1024;
const tc = performance.now();
const committed = await p.db.transaction((tx) =>
  commitPriceList(
    tx,
    { userId: 1 } as AuthContext,
    { channelId: 900_001, product: 'voice', rows: preview.rows, closeRemoved: false },
    new Date(),
  ),
);
const commitSeconds = (performance.now() - tc) / 1000;
const deckResult = {
  rows: DECK,
  bytes: deck.length,
  previewSeconds,
  rssPreviewMb,
  commitSeconds,
  saved: committed.saved,
  invalid: preview.errors.length,
};

process.stdout.write(
  `${JSON.stringify({ deck: deckResult, books: BOOKS, prefixes: PREFIXES, networks: NETWORKS, rowsWritten, writeSeconds, coldMs, heapMb, lookups: LOOKUPS, answered, seconds, perSecond: LOOKUPS / seconds, p50us: q(0.5), p99us: q(0.99), maxUs: times[times.length - 1]! * 1000 })}\n`,
);
await p.shutdown();
process.exit(0);
