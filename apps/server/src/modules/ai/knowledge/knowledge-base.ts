import type { Db } from '../../../platform/db/index.js';
import { BUS_RESYNC, type EventBus } from '../../../platform/events/bus.js';
import { KnowledgeIndex } from './search-index.js';
import { loadDocuments } from './store.js';

/** A knowledge document changed (id = its uuid): every process re-reads it into its index. */
export const KB_CHANGED = 'ai.kb.changed';

/**
 * The in-memory search index of this process over the documents in the database. Built at
 * start, kept current through KB_CHANGED events (a document saved or removed in any process).
 */
export class KnowledgeBase {
  readonly index = new KnowledgeIndex();
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {}

  async load() {
    this.index.clear();
    for (const d of await loadDocuments(this.db)) this.index.put(d.uuid, d.title, d.passages);
  }

  /** Re-reads one document (gone from the database = gone from the index). */
  async refresh(uuid: string) {
    const [doc] = await loadDocuments(this.db, [uuid]);
    if (doc) this.index.put(doc.uuid, doc.title, doc.passages);
    else this.index.remove(uuid);
  }

  /** Tells every process (this one included) that a document changed. */
  async changed(uuid: string) {
    await this.refresh(uuid);
    await this.bus.publish(KB_CHANGED, uuid);
  }

  listen(log: { warn(o: object, m: string): void }) {
    const fail = (err: unknown) => log.warn({ err }, 'knowledge index refresh failed');
    const a = this.bus.subscribe(KB_CHANGED, (uuid) => void this.refresh(uuid).catch(fail));
    const b = this.bus.subscribe(BUS_RESYNC, () => void this.load().catch(fail));
    return () => {
      a();
      b();
    };
  }
}
