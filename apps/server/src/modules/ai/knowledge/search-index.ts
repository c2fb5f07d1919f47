import MiniSearch from 'minisearch';
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

/**
 * BM25 over passages (MiniSearch): title and heading weigh more than body text; prefix and
 * fuzzy matching only for longer Latin terms. Documents rank by their best passage, plus a
 * little for every further matching passage.
 */
export class KnowledgeIndex {
  private search = KnowledgeIndex.empty();
  private byDoc = new Map<string, IndexedPassage[]>();

  private static empty() {
    return new MiniSearch<IndexedPassage>({
      fields: ['title', 'heading', 'text'],
      storeFields: ['docUuid', 'title', 'heading', 'text', 'ord'],
      tokenize,
      processTerm: (t) => t,
      searchOptions: {
        boost: { title: 2.5, heading: 1.8, text: 1 },
        prefix: (term) => /^[a-z]{5,}$/.test(term),
        fuzzy: (term) => (/^[a-z]{7,}$/.test(term) ? 0.15 : false),
        combineWith: 'OR',
      },
    });
  }

  get documentCount() {
    return this.byDoc.size;
  }

  /** Replaces a document's passages (add or replace). */
  put(docUuid: string, title: string, passages: { ord: number; heading: string; text: string }[]) {
    this.remove(docUuid);
    const rows = passages.map((p) => ({ id: `${docUuid}:${p.ord}`, docUuid, title, ...p }));
    this.byDoc.set(docUuid, rows);
    this.search.addAll(rows);
  }

  remove(docUuid: string) {
    const rows = this.byDoc.get(docUuid);
    if (!rows) return;
    for (const r of rows) this.search.discard(r.id);
    this.byDoc.delete(docUuid);
  }

  clear() {
    this.search = KnowledgeIndex.empty();
    this.byDoc.clear();
  }

  passagesOf(docUuid: string): readonly IndexedPassage[] {
    return this.byDoc.get(docUuid) ?? [];
  }

  /** Passages best first. */
  passages(query: string, limit = 8): PassageHit[] {
    return this.search
      .search(query)
      .slice(0, limit)
      .map((r) => ({
        id: String(r.id),
        docUuid: r.docUuid as string,
        title: r.title as string,
        heading: r.heading as string,
        text: r.text as string,
        ord: r.ord as number,
        score: r.score,
      }));
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
}
