import { AI_QUOTE_FIELDS, type AiQuoteField, type AiQuoteMapping } from '@portal/contracts/quotation/ai-quote';

/**
 * Header synonyms a carrier's price list uses for each column, zh and en (decision 0112), compared
 * after `norm` (lower case, letters / digits / Han only). Exact matches win over containing ones,
 * longer synonyms over shorter.
 */
const SYNONYMS: Record<AiQuoteField, string[]> = {
  mcc: ['mcc', '移动国家码', '国家码mcc', 'mobilecountrycode'],
  mnc: ['mnc', '移动网络码', '网络码', 'mobilenetworkcode'],
  country: [
    'country',
    'countryname',
    'destination',
    'destinationcountry',
    '目的地',
    '国家',
    '国家地区',
    '地区',
    '国家名称',
  ],
  network: [
    'network',
    'networkname',
    'operator',
    'operatorname',
    'carrier',
    'carriername',
    '网络',
    '运营商',
    '运营商名称',
  ],
  prefix: [
    'prefix',
    'prefixes',
    'code',
    'codes',
    'dialcode',
    'dialcodes',
    'breakout',
    'breakoutcode',
    '号段',
    '前缀',
    '区号',
    '号码前缀',
  ],
  rate: [
    'rate',
    'rates',
    'price',
    'cost',
    'newrate',
    'newprice',
    'smsrate',
    'smsprice',
    'ratemin',
    'rateperminute',
    'permin',
    'perminute',
    'persms',
    '单价',
    '价格',
    '费率',
    '成本',
    '报价',
    '新价格',
    '新费率',
  ],
  currency: ['currency', 'ccy', 'cur', '币种', '货币'],
  firstIncrement: [
    'firstincrement',
    'initialincrement',
    'initial',
    'minduration',
    'firstinterval',
    '首计费',
    '首计费时长',
    '首次计费',
  ],
  nextIncrement: [
    'nextincrement',
    'increment',
    'additional',
    'nextinterval',
    'billingincrement',
    '续计费',
    '续计费时长',
    '计费单位',
  ],
  effectiveDate: [
    'effectivedate',
    'effective',
    'effectivefrom',
    'validfrom',
    'startdate',
    'date',
    '生效日期',
    '生效时间',
    '开始日期',
    '日期',
  ],
};

export const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** How well a header names a field: 3 exact, 2 contains a long synonym, 1 a short one, 0 none. */
function score(header: string, field: AiQuoteField): number {
  const h = norm(header);
  if (!h) return 0;
  let best = 0;
  for (const s of SYNONYMS[field]) {
    if (h === s) return 3;
    if (h.includes(s)) best = Math.max(best, s.length >= 4 ? 2 : 1);
  }
  return best;
}

/**
 * The line of the header: of the first 20 lines, the one with most cells naming a field (title rows
 * sit above it; a long title sentence names many fields in one cell and counts once).
 */
export function findHeader(grid: string[][]): number {
  let best = 0;
  let bestCount = 0;
  grid.slice(0, 20).forEach((row, i) => {
    const count = row.filter((c) => c.length <= 40 && AI_QUOTE_FIELDS.some((f) => score(c, f) >= 2)).length;
    if (count > bestCount) {
      best = i;
      bestCount = count;
    }
  });
  return best;
}

const SHAPES: Partial<Record<AiQuoteField, RegExp>> = {
  mcc: /^\d{3}$/,
  mnc: /^\d{1,3}$/,
  rate: /^[$€£¥]?\s*\d+[.,]\d+$/,
  currency: /^[A-Z]{3}$/,
  effectiveDate: /^(\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})/,
  prefix: /^\d{1,12}$/,
};
/** the product's fields in the order a shape is looked for when no header named them */
const SHAPE_ORDER: Record<'sms' | 'voice', AiQuoteField[]> = {
  sms: ['mcc', 'mnc', 'rate', 'currency', 'effectiveDate'],
  voice: ['prefix', 'rate', 'currency', 'effectiveDate'],
};
const PRODUCT_FIELDS: Record<'sms' | 'voice', AiQuoteField[]> = {
  sms: ['mcc', 'mnc', 'country', 'network', 'rate', 'currency', 'effectiveDate'],
  voice: ['prefix', 'country', 'rate', 'currency', 'firstIncrement', 'nextIncrement', 'effectiveDate'],
};

/**
 * The rules' guess of which column holds which field: by header synonyms (best score first, a column
 * used once), then for a field still missing by the shape of its values in the sample rows (three
 * digits for an MCC, a decimal for a rate, three capitals for a currency, a date).
 */
export function guessMapping(header: string[], sample: string[][], product: 'sms' | 'voice'): AiQuoteMapping {
  const fields = PRODUCT_FIELDS[product];
  const candidates: { field: AiQuoteField; col: number; s: number }[] = [];
  header.forEach((h, col) => {
    for (const field of fields) {
      const s = score(h, field);
      if (s) candidates.push({ field, col, s });
    }
  });
  candidates.sort((a, b) => b.s - a.s || a.col - b.col);
  const mapping: AiQuoteMapping = {};
  const used = new Set<number>();
  for (const c of candidates) {
    if (mapping[c.field] !== undefined || used.has(c.col)) continue;
    mapping[c.field] = c.col;
    used.add(c.col);
  }
  for (const field of SHAPE_ORDER[product]) {
    if (mapping[field] !== undefined) continue;
    const shape = SHAPES[field]!;
    const col = header.findIndex((_, i) => {
      if (used.has(i)) return false;
      const values = sample.map((r) => (r[i] ?? '').trim()).filter(Boolean);
      return values.length > 0 && values.filter((v) => shape.test(v)).length / values.length >= 0.8;
    });
    if (col >= 0) {
      mapping[field] = col;
      used.add(col);
    }
  }
  for (const f of fields) if (mapping[f] === undefined) mapping[f] = null;
  return mapping;
}

const NOT_CURRENCIES = new Set(['SMS', 'MIN', 'NEW', 'PER', 'OLD', 'MMS', 'OTP', 'SEG']);

/** A currency named in a rate's header, e.g. `Rate (EUR)` or `价格（美元）`. */
export function currencyInHeader(header: string | undefined): string | null {
  if (!header) return null;
  const words = header.toUpperCase().split(/[^A-Z]+/);
  const code = words.find((w) => w.length === 3 && !NOT_CURRENCIES.has(w));
  if (code) return code;
  if (header.includes('美元')) return 'USD';
  if (header.includes('欧元')) return 'EUR';
  if (header.includes('人民币')) return 'CNY';
  return null;
}

/** A date cell as YYYY-MM-DD (carriers write 2026/12/01, 01.12.2026, 2026-12-01 00:00). */
export function normDate(v: string): string {
  const t = v.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(t);
  if (m) return `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})/.exec(t);
  if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return t;
}

/** A rate cell without a currency sign, a decimal comma as a point. */
export const normRate = (v: string) =>
  v
    .trim()
    .replace(/^[$€£¥]\s*/, '')
    .replace(/^(\d+),(\d+)$/, '$1.$2');
