import { isIP } from 'node:net';

/**
 * An address or network in CIDR form, checked and written canonically (lower case, the prefix
 * always given); null when it is not one. Host bits are checked by the database (`network()`).
 */
export function parseCidr(text: string): { address: string; prefix: number; cidr: string } | null {
  const [address = '', prefixText, extra] = text.trim().toLowerCase().split('/');
  if (extra !== undefined) return null;
  const family = isIP(address);
  if (!family) return null;
  const max = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { address, prefix, cidr: `${address}/${prefix}` };
}

export const isAddress = (text: string) => isIP(text) !== 0;
