// Rating lookups (issue 16, decision 0040): 5 price books of 50,000 voice prefixes and 2,000 networks,
// `priceFor` in process (bench/rating-run.ts, bundled like the server, in its own process on its own
// temporary PostgreSQL database). `npm run bench -- --suite=rating --only=postgres`.
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { root, runBenchChild, tempDatabase } from './lib.mjs';

const runner = path.join(root, 'apps/server/dist/bench-rating-run.mjs');

const runChild = (env) => runBenchChild(runner, env, 'rating');

export default {
  heading: 'Rating: lookups in process over 5 books of 50,000 prefixes and 2,000 networks',

  async run({ target }) {
    if (target !== 'postgres') return [];
    await buildServer(path.join(root, 'bench/rating-run.ts'), runner);
    const db = await tempDatabase('bench_rating');
    try {
      process.stdout.write('    rating lookups … ');
      const r = await runChild({ DATABASE_URL: db.url });
      process.stdout.write(`${Math.round(r.perSecond).toLocaleString('en')}/s, p99 ${r.p99us.toFixed(1)} µs\n`);
      return [{ ...r, load: os.loadavg()[0] }];
    } finally {
      await db.drop();
    }
  },

  render(byTarget) {
    const r = byTarget.postgres?.[0];
    if (!r) return 'Not run (PostgreSQL only: `npm run bench -- --suite=rating --only=postgres`).';
    return [
      '`rating(db).priceFor` (the `rating` port) for accounts 1–5, each with its own book: 50,000 voice',
      'prefixes (49,000 of six digits, the rest of one to three) each with a superseded older row, and',
      '2,000 SMS networks. Three in four lookups are voice numbers of 11 random digits (longest prefix,',
      '60/60 increments), one in four a random network. Each call is awaited and timed on its own; the',
      'books are loaded into the in-process cache by the first lookup ("cold").',
      '',
      '| | PostgreSQL |',
      '|---|--:|',
      `| Price rows written | ${r.rowsWritten.toLocaleString('en')} in ${r.writeSeconds.toFixed(1)} s |`,
      `| Cold load per book (voice + SMS), ms | ${r.coldMs.map((m) => m.toFixed(0)).join(' / ')} |`,
      `| Heap after loading (no collection forced), MB | ${r.heapMb.toFixed(0)} |`,
      `| Lookups | ${r.lookups.toLocaleString('en')} (${r.answered.toLocaleString('en')} answered) |`,
      `| Lookups per second | ${Math.round(r.perSecond).toLocaleString('en')} |`,
      `| p50 / p99 / max of one lookup, µs | ${r.p50us.toFixed(1)} / ${r.p99us.toFixed(1)} / ${r.maxUs.toFixed(0)} |`,
      `| Load average (1 min) at the end | ${r.load.toFixed(1)} |`,
      '',
      `A voice A-Z deck of ${r.deck.rows.toLocaleString('en')} rows as CSV (${(r.deck.bytes / 1024 / 1024).toFixed(1)} MB) for one channel:`,
      '`previewPriceList` (CSV read with the platform import’s column rules and row schema, compared with the book) and',
      '`commitPriceList` (set-based statements in one transaction).',
      '',
      '| | PostgreSQL |',
      '|---|--:|',
      `| Preview, s | ${r.deck.previewSeconds.toFixed(1)} (${r.deck.invalid} invalid) |`,
      `| Resident memory grown by the preview, MB | ${r.deck.rssPreviewMb.toFixed(0)} |`,
      `| Commit, s | ${r.deck.commitSeconds.toFixed(1)} (${r.deck.saved.toLocaleString('en')} rows) |`,
    ].join('\n');
  },
};
