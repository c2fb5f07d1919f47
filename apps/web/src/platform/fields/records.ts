import { OPTIONS_IDS_MAX, OPTIONS_PATH, type OptionKind, type RecordOption } from '@portal/contracts/options';
import { get } from '../http';

/**
 * The record pickers' calls (`GET /v2/sys/staff/options/:kind`, decision 0132): a search by code or
 * name, and the names of ids a form or a list already holds, asked for together.
 */
export const recordKeys = {
  all: ['records'] as const,
  search: (kind: OptionKind, keyword: string) => ['records', kind, 'search', keyword] as const,
  one: (kind: OptionKind, id: number) => ['records', kind, 'id', id] as const,
};

export const searchRecords = (kind: OptionKind, keyword: string, signal?: AbortSignal) =>
  get<RecordOption[]>(`${OPTIONS_PATH}/${kind}`, keyword ? { keyword } : undefined, { signal, showMessage: false });

const fetchIds = (kind: OptionKind, ids: number[]) =>
  get<RecordOption[]>(`${OPTIONS_PATH}/${kind}`, { ids: ids.join(',') }, { showMessage: false });

/** How a record reads in a picker: its code and name. */
export const optionLabel = (o: RecordOption) => `${o.code} ${o.name}`;

/** How a record reads in a list or a detail: by name (an account, which has none, by code and customer). */
export const viewLabel = (kind: OptionKind, o: RecordOption) => (kind === 'account' ? `${o.code} · ${o.name}` : o.name);

/**
 * One look-up for every id asked within the same tick: a table of 50 rows naming 30 customers asks
 * once, not 30 times (at most OPTIONS_IDS_MAX ids a call). An id the caller may not see answers null.
 */
export function nameBatcher(fetch: (kind: OptionKind, ids: number[]) => Promise<RecordOption[]> = fetchIds) {
  const waiting = new Map<OptionKind, Map<number, ((o: RecordOption | null, e?: unknown) => void)[]>>();
  const flush = (kind: OptionKind) => {
    const asked = waiting.get(kind);
    waiting.delete(kind);
    if (!asked) return;
    const ids = [...asked.keys()];
    for (let i = 0; i < ids.length; i += OPTIONS_IDS_MAX) {
      const chunk = ids.slice(i, i + OPTIONS_IDS_MAX);
      fetch(kind, chunk).then(
        (found) => {
          const byId = new Map(found.map((o) => [o.id, o]));
          for (const id of chunk) for (const done of asked.get(id) ?? []) done(byId.get(id) ?? null);
        },
        (e) => {
          for (const id of chunk) for (const done of asked.get(id) ?? []) done(null, e);
        },
      );
    }
  };
  return (kind: OptionKind, id: number): Promise<RecordOption | null> =>
    new Promise((resolve, reject) => {
      let asked = waiting.get(kind);
      if (!asked) {
        asked = new Map();
        waiting.set(kind, asked);
        setTimeout(() => flush(kind), 0);
      }
      const list = asked.get(id) ?? [];
      list.push((o, e) => (e ? reject(e) : resolve(o)));
      asked.set(id, list);
    });
}

/** the application's batcher */
export const recordOf = nameBatcher();
