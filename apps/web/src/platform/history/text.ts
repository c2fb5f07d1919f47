/** One run of a comment's text: plain, or an @mention of a user named in the comment. */
export interface Segment {
  text: string;
  mention: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Splits a comment into plain runs and `@name` runs of the users it mentions (longest names first). */
export function mentionSegments(body: string, names: readonly string[]): Segment[] {
  const wanted = [...new Set(names.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!wanted.length) return [{ text: body, mention: false }];
  const re = new RegExp(`@(?:${wanted.map(escapeRegExp).join('|')})`, 'g');
  const out: Segment[] = [];
  let last = 0;
  for (const m of body.matchAll(re)) {
    if (m.index > last) out.push({ text: body.slice(last, m.index), mention: false });
    out.push({ text: m[0], mention: true });
    last = m.index + m[0].length;
  }
  if (last < body.length) out.push({ text: body.slice(last), mention: false });
  return out;
}

/** The users picked while typing whose `@name` is still in the text: those the comment mentions. */
export function mentionedIds(text: string, picked: ReadonlyMap<number, string>): number[] {
  return [...picked].filter(([, name]) => text.includes(`@${name}`)).map(([id]) => id);
}

/** A field change as a line: the caller's label for the field, values as the caller formats them. */
export function changeLine<V>(
  change: { field: string; from: unknown; to: unknown },
  labels: Readonly<Record<string, string>>,
  format: (field: string, value: unknown) => V,
): { label: string; from: V; to: V } {
  return {
    label: labels[change.field] ?? change.field,
    from: format(change.field, change.from),
    to: format(change.field, change.to),
  };
}

/** A stored value as text: empty shows as a dash, lists joined, objects as JSON. */
export function plainValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.map(plainValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
