/** A passage of a document: the heading path it sits under and its text. */
export interface Passage {
  ord: number;
  heading: string;
  text: string;
}

/** Longest passage before a section is split at paragraph boundaries. */
const MAX_PASSAGE = 700;
const HEADING = /^(#{1,4})\s+(.+?)\s*#*\s*$/;

/** The document title: its first level-1 heading, else the file name without extension. */
export function titleOf(body: string, fileName: string): string {
  for (const line of body.split('\n')) {
    const m = HEADING.exec(line);
    if (m && m[1] === '#') return m[2]!.trim();
  }
  return fileName.replace(/\.[^.]+$/, '');
}

/**
 * Splits markdown (or plain text, which has no headings) into passages: one per section, long
 * sections cut at blank lines. Each passage carries the heading path ("A › B") it sits under.
 */
export function chunkDocument(body: string, title: string): Passage[] {
  const sections: { heading: string; lines: string[] }[] = [];
  const path: string[] = [];
  let current = { heading: title, lines: [] as string[] };
  let inFence = false;
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const m = inFence ? null : HEADING.exec(line);
    if (m) {
      sections.push(current);
      const level = m[1]!.length;
      path.length = Math.max(0, level - 1);
      path[level - 1] = m[2]!.trim();
      current = { heading: path.filter(Boolean).join(' › ') || title, lines: [] };
    } else current.lines.push(line);
  }
  sections.push(current);

  const passages: Passage[] = [];
  for (const s of sections) {
    const paragraphs = s.lines
      .join('\n')
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
    let buf = '';
    const flush = () => {
      if (buf.trim()) passages.push({ ord: passages.length, heading: s.heading, text: buf.trim() });
      buf = '';
    };
    for (const p of paragraphs) {
      if (buf && buf.length + p.length > MAX_PASSAGE) flush();
      buf = buf ? `${buf}\n\n${p}` : p;
    }
    flush();
  }
  return passages;
}
