/** Spec 5: keep digits, one leading minus and one decimal point, at most `decimals` decimals. */
export function sanitizeNumberInput(raw: string, decimals = 4): string {
  const negative = raw.trimStart().startsWith('-');
  let out = '';
  let dot = false;
  let fraction = 0;
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') {
      if (dot) {
        if (fraction >= decimals) continue;
        fraction++;
      }
      out += ch;
    } else if (ch === '.' && !dot && decimals > 0) {
      dot = true;
      out += '.';
    }
  }
  return (negative ? '-' : '') + out;
}

/** Spec 5: integer input strips non-digits and leading zeros. */
export function sanitizeIntegerInput(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .replace(/^0+$/, '0');
}
