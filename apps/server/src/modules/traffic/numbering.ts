import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * The numbering data `portquery` answers the original network from: which operator a national number
 * range was allocated to. Kept as code (like libphonenumber-js's metadata), the source of each block
 * noted, so a look-up needs no table and no migration. Only ranges allocated to one mobile operator are
 * listed: geographic or shared ranges (the US and Canada by area code, Brazil's 9-digit mobiles, most of
 * Singapore's 8/9 blocks) tell no operator, and their numbers answer "unknown" (decision 0139).
 */
interface RangeBlock {
  /** ISO 3166-1 alpha-2 */
  country: string;
  /** MCC+MNC of the operator the ranges were allocated to */
  mccmnc: string;
  /** leading digits of the national significant number */
  prefixes: string[];
  source: string;
}

const BLOCKS: RangeBlock[] = [
  {
    country: 'CN',
    mccmnc: '46000',
    prefixes: '134 135 136 137 138 139 147 148 150 151 152 157 158 159 172 178 182 183 184 187 188 195 197 198'.split(
      ' ',
    ),
    source: 'MIIT mobile number segments (China Mobile)',
  },
  {
    country: 'CN',
    mccmnc: '46001',
    prefixes: '130 131 132 145 146 155 156 166 167 171 175 176 185 186 196'.split(' '),
    source: 'MIIT mobile number segments (China Unicom)',
  },
  {
    country: 'CN',
    mccmnc: '46011',
    prefixes: '133 149 153 173 174 177 180 181 189 190 191 193 199'.split(' '),
    source: 'MIIT mobile number segments (China Telecom)',
  },
  { country: 'CN', mccmnc: '46015', prefixes: ['192'], source: 'MIIT mobile number segments (China Broadnet)' },
  { country: 'IN', mccmnc: '40410', prefixes: ['9810', '9818'], source: 'DoT MSC series, Delhi (Airtel)' },
  {
    country: 'ID',
    mccmnc: '51010',
    prefixes: ['811', '812', '813', '821', '822', '823', '851', '852', '853'],
    source: 'Kominfo prefixes (Telkomsel)',
  },
  {
    country: 'NG',
    mccmnc: '62130',
    prefixes: ['703', '706', '803', '806', '810', '813', '814', '816', '903', '906'],
    source: 'NCC number allocations (MTN)',
  },
  {
    country: 'GB',
    mccmnc: '23415',
    prefixes: ['7770', '7771', '7774', '7775'],
    source: 'Ofcom number ranges (Vodafone)',
  },
];

/** national prefix → its block, per country, longest prefix first */
const byCountry = new Map<string, { prefix: string; mccmnc: string }[]>();
for (const b of BLOCKS) {
  const list = byCountry.get(b.country) ?? [];
  for (const prefix of b.prefixes) list.push({ prefix, mccmnc: b.mccmnc });
  byCountry.set(b.country, list);
}
for (const list of byCountry.values()) list.sort((a, b) => b.prefix.length - a.prefix.length);

/** The operator a national significant number's range was allocated to, by the longest listed prefix. */
export function originalNetwork(country: string, national: string): { mccmnc: string; range: string } | null {
  const hit = byCountry.get(country)?.find((r) => national.startsWith(r.prefix));
  return hit ? { mccmnc: hit.mccmnc, range: hit.prefix } : null;
}

/**
 * The country of an E.164 number (digits, no '+') by libphonenumber's metadata, for a record the
 * platform sent without one; undefined when the number belongs to no country (or to none alone).
 */
export const countryOf = (number: string): string | undefined => parsePhoneNumberFromString(`+${number}`)?.country;
