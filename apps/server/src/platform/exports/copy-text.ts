/**
 * Lines of PostgreSQL's COPY text format (tab-separated, `\N` for null, backslash escapes; a value
 * never holds a raw tab or newline) as arrays of strings and nulls. The format is fixed and simple
 * enough that splitting it here is faster and smaller than a CSV library (decision 0014).
 */
export function* parseCopyText(text: string): Generator<(string | null)[]> {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    yield line.split('\t').map(value);
  }
}

const ESCAPED: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

function value(v: string): string | null {
  if (v === '\\N') return null;
  if (!v.includes('\\')) return v;
  return v.replace(/\\(?:([0-7]{1,3})|x([0-9A-Fa-f]{1,2})|(.))/g, (_, oct, hex, ch) => {
    if (oct) return String.fromCharCode(Number.parseInt(oct, 8));
    if (hex) return String.fromCharCode(Number.parseInt(hex, 16));
    return ESCAPED[ch] ?? ch;
  });
}
