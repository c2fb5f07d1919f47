/** GSM 03.38 basic character set (7-bit default alphabet). */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Extension table characters: each takes an escape plus itself, so it counts as two. */
const EXTENDED = '^€{}[]~|\\\f';
const gsmSet = new Set([...BASIC, ...EXTENDED]);
const extSet = new Set([...EXTENDED]);

/** Spec 5: compatible when every character above code 127 is in the GSM set. */
export function isGsm7(text: string): boolean {
  for (const ch of text) {
    if ((ch.codePointAt(0) ?? 0) > 127 && !gsmSet.has(ch)) return false;
  }
  return true;
}

/** Length in GSM-7 septets: extension characters count as two. */
export function gsm7Length(text: string): number {
  let n = 0;
  for (const ch of text) n += extSet.has(ch) ? 2 : 1;
  return n;
}

/** Segments an SMS takes: GSM-7 160/153, UCS-2 70/67 (concatenation header). */
export function smsSegments(text: string): { encoding: 'GSM-7' | 'UCS-2'; length: number; segments: number } {
  if (isGsm7(text)) {
    const length = gsm7Length(text);
    return { encoding: 'GSM-7', length, segments: length <= 160 ? 1 : Math.ceil(length / 153) };
  }
  let length = 0;
  for (const ch of text) length += (ch.codePointAt(0) ?? 0) > 0xffff ? 2 : 1;
  return { encoding: 'UCS-2', length, segments: length <= 70 ? 1 : Math.ceil(length / 67) };
}
