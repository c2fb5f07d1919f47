/** Spec 5: numbers display with thousands separators and up to 6 decimals. */
export function formatNumber(value: number | string | null | undefined, maxDecimals = 6): string {
  if (value === null || value === undefined || value === '') return '-';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '-';
  return n.toLocaleString('en-US', { maximumFractionDigits: maxDecimals });
}

/** Money is kept in integer minor units; display with the currency's decimals. */
export function formatMinor(minor: number | bigint, decimals = 2): string {
  const n = Number(minor) / 10 ** decimals;
  return n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Missing values display as a dash. */
export const dash = (v: unknown): string => (v === null || v === undefined || v === '' ? '-' : String(v));
