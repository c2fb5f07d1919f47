import { Decimal } from 'decimal.js';

/**
 * Exchange arithmetic: 40 significant digits, halves rounded away from zero (commercial rounding,
 * as bills and statements show it). Rates are stored with 10 decimals.
 */
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;
export const RATE_DECIMALS = 10;

/** A rate as the API shows it: plain notation, at most 10 decimals, no trailing zeros. */
export const rateString = (d: Dec): string => {
  const fixed = d.toDecimalPlaces(RATE_DECIMALS).toFixed();
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
};
