import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import { aiKbIndexSnapshots } from '../schema.js';
import { INDEX_FORMAT, INDEX_OPTIONS_SHAPE, type IndexSnapshot } from './search-index.js';
import { tokenize } from './tokenize.js';

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** Snapshots of other fingerprints (an older release, another Node's ICU) are dropped after this. */
const OTHER_FINGERPRINTS_KEPT_MS = 7 * 86_400_000;

/** Zh and en text that exercises segmentation, bigrams, stop words and stemming. */
const PROBE =
  '卡池端口离线怎么排查？短信发送成功但未送达，语音质量差。Sender IDs rejected by operators; ports offline.';

/**
 * What must be equal for a persisted index to be usable here: the index format, its field
 * options, and how text becomes terms (the ICU data of this Node segments Chinese; a probe
 * sentence through the tokenizer catches changed stop words or stemming).
 */
export function indexFingerprint(): string {
  const parts = {
    format: INDEX_FORMAT,
    options: INDEX_OPTIONS_SHAPE,
    icu: process.versions.icu ?? '',
    unicode: process.versions.unicode ?? '',
    probe: tokenize(PROBE),
  };
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 40);
}

/** The persisted index of this fingerprint, or null when there is none. */
export async function loadSnapshot(db: Db, fingerprint: string): Promise<IndexSnapshot | null> {
  const [row] = await db
    .select({ data: aiKbIndexSnapshots.data })
    .from(aiKbIndexSnapshots)
    .where(eq(aiKbIndexSnapshots.fingerprint, fingerprint));
  if (!row) return null;
  return JSON.parse((await gunzip(row.data)).toString('utf8')) as IndexSnapshot;
}

/** Writes the index (last writer wins: every snapshot lists the revisions it holds). */
export async function saveSnapshot(db: Db, fingerprint: string, snapshot: IndexSnapshot): Promise<number> {
  const data = await gzip(Buffer.from(JSON.stringify(snapshot), 'utf8'));
  const values = {
    data,
    documents: snapshot.documents.length,
    passages: snapshot.documents.reduce((n, d) => n + d.passages.length, 0),
    savedAt: new Date(),
  };
  await db
    .insert(aiKbIndexSnapshots)
    .values({ fingerprint, ...values })
    .onConflictDoUpdate({ target: aiKbIndexSnapshots.fingerprint, set: values });
  await db
    .delete(aiKbIndexSnapshots)
    .where(
      and(
        ne(aiKbIndexSnapshots.fingerprint, fingerprint),
        lt(aiKbIndexSnapshots.savedAt, new Date(Date.now() - OTHER_FINGERPRINTS_KEPT_MS)),
      ),
    );
  return data.length;
}
