import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../../platform/db/index.js';
import { BUS_RESYNC, type EventBus } from '../../../platform/events/bus.js';
import { KnowledgeIndex } from './search-index.js';
import { indexFingerprint, loadSnapshot, saveSnapshot } from './snapshot.js';
import { documentRevisions, loadDocuments } from './store.js';

/** A knowledge document changed (id = its uuid): every process re-reads it into its index. */
export const KB_CHANGED = 'ai.kb.changed';

/** Documents read from the database per query while catching up (the loop is free in between). */
const BATCH = 50;

export interface KbLog {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
}

/** How the index came to be ready. */
export interface WarmResult {
  /** 'snapshot': loaded from the persisted index; 'database': every passage indexed afresh */
  source: 'snapshot' | 'database';
  documents: number;
  passages: number;
  /** documents (re-)read from the database because the snapshot lacked them or held an older revision */
  reindexed: number;
  /** documents in the snapshot that are gone from the database */
  removed: number;
  ms: number;
}

/**
 * The in-memory search index of this process over the documents in the database.
 *
 * Start-up does not wait for it: `ready()` loads the persisted index (ai_kb_index_snapshots) in
 * the background and catches up with the database by revision — documents added, replaced or
 * removed since the snapshot are read again, nothing else is re-indexed — and answers wait on it.
 * Without a usable snapshot (first start, another tokenizer or ICU) every document is indexed once
 * and the result persisted. Kept current through KB_CHANGED events (a document saved or removed in
 * any process) and caught up again after the event bus reconnects (BUS_RESYNC). The process that
 * changed documents persists the index shortly afterwards; any snapshot is correct to start from,
 * because it lists the revision of every document it holds.
 */
export class KnowledgeBase {
  index = new KnowledgeIndex();
  readonly fingerprint: string;
  lastWarm: WarmResult | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private warming: Promise<WarmResult> | null = null;
  private saveTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly log: KbLog,
    private readonly opts: { saveDelayMs?: number; fingerprint?: string } = {},
  ) {
    this.fingerprint = opts.fingerprint ?? indexFingerprint();
  }

  /** Runs index work one piece at a time, in order (loading, refreshes, catching up, saving). */
  private serial<T>(op: () => Promise<T>): Promise<T> {
    const run = this.queue.then(op, op);
    this.queue = run.catch(() => {});
    return run;
  }

  /**
   * Resolves when the index holds the documents of the database (starts loading on the first
   * call; after a failed load the next call tries again).
   */
  ready(): Promise<WarmResult> {
    if (!this.warming) {
      const w = this.serial(() => this.warm());
      this.warming = w;
      w.catch((err) => {
        if (this.warming === w) this.warming = null;
        this.log.warn({ err }, 'knowledge index load failed');
      });
    }
    return this.warming;
  }

  private async warm(): Promise<WarmResult> {
    const t0 = performance.now();
    let loaded: KnowledgeIndex | null = null;
    try {
      const snapshot = await loadSnapshot(this.db, this.fingerprint);
      if (snapshot) loaded = KnowledgeIndex.fromSnapshot(snapshot);
    } catch (err) {
      this.log.warn({ err }, 'knowledge index snapshot unusable; indexing the documents again');
    }
    this.index = loaded ?? new KnowledgeIndex();
    const { reindexed, removed } = await this.catchUp();
    if (!loaded || reindexed || removed) this.scheduleSave();
    const result: WarmResult = {
      source: loaded ? 'snapshot' : 'database',
      documents: this.index.documentCount,
      passages: this.index.passageCount,
      reindexed,
      removed,
      ms: Math.round(performance.now() - t0),
    };
    this.lastWarm = result;
    this.log.info(result, 'knowledge index ready');
    return result;
  }

  /** Brings the index to the database's revisions: removes what is gone, re-reads what differs. */
  private async catchUp(): Promise<{ reindexed: number; removed: number }> {
    const current = await documentRevisions(this.db);
    const held = this.index.manifest();
    let removed = 0;
    for (const uuid of held.keys()) {
      if (!current.has(uuid)) {
        this.index.remove(uuid);
        removed++;
      }
    }
    const stale = [...current].filter(([uuid, rev]) => held.get(uuid) !== rev).map(([uuid]) => uuid);
    for (let i = 0; i < stale.length; i += BATCH) {
      const batch = stale.slice(i, i + BATCH);
      const docs = await loadDocuments(this.db, batch);
      const found = new Set(docs.map((d) => d.uuid));
      for (const d of docs) this.index.put(d.uuid, d.title, d.passages, d.revision);
      for (const uuid of batch) if (!found.has(uuid)) this.index.remove(uuid);
      await nextTurn();
    }
    return { reindexed: stale.length, removed };
  }

  /** Re-reads one document (gone from the database = gone from the index). */
  private async refresh(uuid: string) {
    const [doc] = await loadDocuments(this.db, [uuid]);
    if (doc) this.index.put(doc.uuid, doc.title, doc.passages, doc.revision);
    else this.index.remove(uuid);
  }

  /** A document changed in this process: index it, persist the index soon, tell the other processes. */
  async changed(uuid: string) {
    await this.serial(() => this.refresh(uuid));
    this.scheduleSave();
    await this.bus.publish(KB_CHANGED, uuid);
  }

  private scheduleSave() {
    if (this.closed) return;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.persist().catch((err) => this.log.warn({ err }, 'knowledge index snapshot not saved'));
    }, this.opts.saveDelayMs ?? 3000);
    this.saveTimer.unref();
  }

  /** Persists the index as it is now; answers the stored (compressed) size in bytes. */
  persist(): Promise<number> {
    return this.serial(() => saveSnapshot(this.db, this.fingerprint, this.index.toSnapshot()));
  }

  listen() {
    const fail = (err: unknown) => this.log.warn({ err }, 'knowledge index refresh failed');
    const a = this.bus.subscribe(KB_CHANGED, (uuid) => void this.serial(() => this.refresh(uuid)).catch(fail));
    const b = this.bus.subscribe(BUS_RESYNC, () => void this.serial(() => this.catchUp()).catch(fail));
    return () => {
      a();
      b();
    };
  }

  /** Stops saving and waits for index work under way (before the database closes). */
  async close() {
    this.closed = true;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    await this.queue;
  }
}
