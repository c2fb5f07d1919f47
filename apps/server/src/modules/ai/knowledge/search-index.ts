import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';
import { tokenize } from './tokenize.js';

/** What the index holds per passage. */
export interface IndexedPassage {
  /** `${docUuid}:${ord}` */
  id: string;
  docUuid: string;
  title: string;
  heading: string;
  text: string;
  ord: number;
}

export interface PassageHit extends IndexedPassage {
  score: number;
}

export interface DocumentHit {
  docUuid: string;
  title: string;
  score: number;
  passages: PassageHit[];
}

/** One document as the index holds it; `revision` is the database row's, 0 when not from one. */
export interface IndexedDocument {
  uuid: string;
  title: string;
  revision: number;
  passages: { ord: number; heading: string; text: string }[];
}

/**
 * Raise when the shape of the index changes (fields, boosts that are baked in, what a passage
 * holds): persisted snapshots of another format are then rebuilt instead of loaded.
 */
export const INDEX_FORMAT = 2;

/** A whole index, serialisable: its documents and MiniSearch's own serialisation. */
export interface IndexSnapshot {
  format: number;
  documents: IndexedDocument[];
  index: AsPlainObject;
}

const OPTIONS: Options<IndexedPassage> = {
  fields: ['title', 'heading', 'text'],
  // the passages live in this class's maps; the index holds only terms
  storeFields: [],
  tokenize,
  processTerm: (t) => t,
  searchOptions: {
    boost: { title: 2.5, heading: 1.8, text: 1 },
    prefix: (term) => /^[a-z]{5,}$/.test(term),
    fuzzy: (term) => (/^[a-z]{7,}$/.test(term) ? 0.15 : false),
    combineWith: 'OR',
  },
};

/** The index's field and option names, part of a snapshot's fingerprint. */
export const INDEX_OPTIONS_SHAPE = JSON.stringify({ fields: OPTIONS.fields, storeFields: OPTIONS.storeFields });

/**
 * BM25 over passages (MiniSearch): title and heading weigh more than body text; prefix and
 * fuzzy matching only for longer Latin terms. Documents rank by their best passage, plus a
 * little for every further matching passage.
 */
export class KnowledgeIndex {
  private search = new MiniSearch<IndexedPassage>(OPTIONS);
  private byDoc = new Map<string, IndexedDocument & { rows: IndexedPassage[] }>();
  private rows = new Map<string, IndexedPassage>();

  get documentCount() {
    return this.byDoc.size;
  }

  get passageCount() {
    return this.rows.size;
  }

  /** Replaces a document's passages (add or replace). */
  put(docUuid: string, title: string, passages: { ord: number; heading: string; text: string }[], revision = 0) {
    this.remove(docUuid);
    const rows = passages.map((p) => ({
      id: `${docUuid}:${p.ord}`,
      docUuid,
      title,
      ord: p.ord,
      heading: p.heading,
      text: p.text,
    }));
    this.byDoc.set(docUuid, { uuid: docUuid, title, revision, passages, rows });
    for (const r of rows) this.rows.set(r.id, r);
    this.search.addAll(rows);
  }

  remove(docUuid: string) {
    const doc = this.byDoc.get(docUuid);
    if (!doc) return;
    for (const r of doc.rows) {
      this.search.discard(r.id);
      this.rows.delete(r.id);
    }
    this.byDoc.delete(docUuid);
  }

  clear() {
    this.search = new MiniSearch<IndexedPassage>(OPTIONS);
    this.byDoc.clear();
    this.rows.clear();
  }

  /** uuid → revision of every document held. */
  manifest(): Map<string, number> {
    return new Map([...this.byDoc.values()].map((d) => [d.uuid, d.revision]));
  }

  passagesOf(docUuid: string): readonly IndexedPassage[] {
    return this.byDoc.get(docUuid)?.rows ?? [];
  }

  /** Passages best first. */
  passages(query: string, limit = 8): PassageHit[] {
    const hits: PassageHit[] = [];
    for (const r of this.search.search(query)) {
      const row = this.rows.get(String(r.id));
      if (!row) continue;
      hits.push({ ...row, score: r.score });
      if (hits.length >= limit) break;
    }
    return hits;
  }

  /** Documents best first, each with its matching passages best first. */
  documents(query: string, limit = 3): DocumentHit[] {
    const docs = new Map<string, DocumentHit>();
    for (const hit of this.passages(query, 60)) {
      const d = docs.get(hit.docUuid);
      if (d) d.passages.push(hit);
      else docs.set(hit.docUuid, { docUuid: hit.docUuid, title: hit.title, score: 0, passages: [hit] });
    }
    for (const d of docs.values()) {
      const [best, ...rest] = d.passages;
      d.score = (best?.score ?? 0) + 0.15 * rest.reduce((s, p) => s + p.score, 0);
    }
    return [...docs.values()].sort((a, b) => b.score - a.score).slice(0, limit);
  }

  /** The whole index as plain data (taken in one synchronous step, so it is consistent). */
  toSnapshot(): IndexSnapshot {
    return {
      format: INDEX_FORMAT,
      documents: [...this.byDoc.values()].map(({ uuid, title, revision, passages }) => ({
        uuid,
        title,
        revision,
        passages,
      })),
      index: this.search.toJSON(),
    };
  }

  /**
   * An index from a snapshot, without re-tokenising a passage. MiniSearch's synchronous loader:
   * a quarter of a second for 1,000 documents, where its batched loader takes three times as long.
   * Throws when the snapshot is not of this format or does not hold exactly the passages it lists.
   */
  static fromSnapshot(s: IndexSnapshot): KnowledgeIndex {
    if (s.format !== INDEX_FORMAT) throw new Error(`index snapshot format ${s.format}, expected ${INDEX_FORMAT}`);
    const out = new KnowledgeIndex();
    out.search = MiniSearch.loadJS<IndexedPassage>(s.index, OPTIONS);
    for (const d of s.documents) {
      const rows = d.passages.map((p) => ({
        id: `${d.uuid}:${p.ord}`,
        docUuid: d.uuid,
        title: d.title,
        ord: p.ord,
        heading: p.heading,
        text: p.text,
      }));
      out.byDoc.set(d.uuid, { ...d, rows });
      for (const r of rows) {
        if (!out.search.has(r.id)) throw new Error(`index snapshot lacks passage ${r.id}`);
        out.rows.set(r.id, r);
      }
    }
    if (out.search.documentCount !== out.rows.size) {
      throw new Error(`index snapshot holds ${out.search.documentCount} passages, lists ${out.rows.size}`);
    }
    return out;
  }
}
