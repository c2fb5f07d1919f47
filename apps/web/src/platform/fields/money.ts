import { sanitizeNumberInput } from '@portal/contracts';

/** Money typed as a decimal (two places) ↔ integer minor units, without floating point. */

/** "1234.5" → 123450; '' or '-' → null. The text is sanitised first (spec 5 number input). */
export function toMinor(text: string): number | null {
  const clean = sanitizeNumberInput(text, 2);
  if (clean === '' || clean === '-' || clean === '.' || clean === '-.') return null;
  const negative = clean.startsWith('-');
  const [whole = '', fraction = ''] = clean.replace('-', '').split('.');
  const minor = Number(`${whole || '0'}${fraction.padEnd(2, '0')}`);
  return negative ? -minor : minor;
}

/** 123450 → "1234.50" (no grouping: this is what the input shows). */
export function minorToText(minor: number | null | undefined): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '';
  const negative = minor < 0;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** 1000000 → "10,000.00": minor units as people read money (grouped, two places). */
export function minorToDisplay(minor: number | null | undefined): string {
  const text = minorToText(minor);
  const [whole = '', fraction = ''] = text.split('.');
  return text && `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
