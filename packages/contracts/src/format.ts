/** A plain decimal literal (no hex, no blanks); long ones are formatted from the text, without rounding through a double. */
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

const formats = new Map<string, Intl.NumberFormat>();
const numberFormat = (min: number, max: number) => {
  const key = `${min}:${max}`;
  let f = formats.get(key);
  if (!f) {
    // signDisplay 'negative': a value that rounds to zero shows as 0, never -0
    f = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      signDisplay: 'negative',
    });
    formats.set(key, f);
  }
  return f;
};

/** Spec 5: numbers display with thousands separators and up to 6 decimals; missing or not a number: a dash. */
export function formatNumber(value: number | string | null | undefined, maxDecimals = 6, minDecimals = 0): string {
  if (value === null || value === undefined) return '-';
  const f = numberFormat(minDecimals, maxDecimals);
  if (typeof value === 'number') return Number.isFinite(value) ? f.format(value) : '-';
  const text = value.trim();
  return DECIMAL.test(text) ? f.format(text as `${number}`) : '-';
}

/** Money is kept in integer minor units; display with the currency's decimals (bigint amounts exactly). */
export function formatMinor(minor: number | bigint, decimals = 2): string {
  const f = numberFormat(decimals, decimals);
  if (typeof minor === 'number') return f.format(minor / 10 ** decimals);
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const base = 10n ** BigInt(decimals);
  const fraction = decimals > 0 ? `.${(abs % base).toString().padStart(decimals, '0')}` : '';
  return f.format(`${negative ? '-' : ''}${abs / base}${fraction}` as `${number}`);
}

/** Missing values display as a dash. */
export const dash = (v: unknown): string => (v === null || v === undefined || v === '' ? '-' : String(v));
