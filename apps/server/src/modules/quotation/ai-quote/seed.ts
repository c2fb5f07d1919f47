import { count, eq } from 'drizzle-orm';
import { staffUsers } from '../../../platform/access/schema.js';
import type { Db } from '../../../platform/db/index.js';
import { channelRefs } from '../../srm/index.js';
import { qmAiQuoteRuns } from '../schema.js';

const HOUR = 3_600_000;
type Run = typeof qmAiQuoteRuns.$inferInsert;

/** What the demo runs read: carriers' sheets in their own shapes, one from a mail, one a voice deck. */
const PLAN: Omit<Run, 'channelId' | 'channelCode' | 'userId' | 'createdAt'>[] = [
  {
    product: 'sms',
    sourceKind: 'file',
    source: 'Acme-A2P-rates-Dec.xlsx',
    mappedBy: 'rules',
    mapping: { country: 0, network: 1, mcc: 2, mnc: 3, rate: 4, effectiveDate: 5, currency: null },
    mappingText:
      'country ← Country Name; network ← Operator Name; mcc ← Mobile Country Code; mnc ← Mobile Network Code; rate ← New Rate (USD); effectiveDate ← Valid From',
    headerRow: 3,
    rowsRead: 42,
    rowsUnderstood: 40,
    rowsNotUnderstood: 2,
    reasons: '17 mcc: Invalid string: must match pattern /^\\d{3}$/\n31 price: Invalid input',
    outcome: 'discarded',
  },
  {
    product: 'sms',
    sourceKind: 'mail',
    source: 'RE: updated SMS price list 12/2026',
    mappedBy: 'staff',
    mapping: { mcc: 0, mnc: 1, country: 2, network: 3, rate: 5, currency: 6, effectiveDate: 7 },
    mappingText:
      'mcc ← MCC; mnc ← MNC; country ← 国家; network ← 运营商; rate ← 单价; currency ← 币种; effectiveDate ← 生效日期',
    headerRow: 1,
    rowsRead: 18,
    rowsUnderstood: 18,
    rowsNotUnderstood: 0,
    reasons: '',
    outcome: 'draft',
  },
  {
    product: 'voice',
    sourceKind: 'file',
    source: 'carrier-AZ-deck.csv',
    mappedBy: 'rules',
    mapping: { country: 0, prefix: 1, rate: 2, firstIncrement: 3, nextIncrement: 4, effectiveDate: 5, currency: null },
    mappingText:
      'country ← Destination; prefix ← Dial Code; rate ← Rate/Min (USD); firstIncrement ← Initial; nextIncrement ← Increment; effectiveDate ← Effective Date',
    headerRow: 2,
    rowsRead: 120,
    rowsUnderstood: 117,
    rowsNotUnderstood: 3,
    reasons: '44 prefix: Invalid string\n80 rate: Invalid input\n96 prefix: Invalid string',
    outcome: 'draft',
  },
];

/**
 * Demo AI quote runs by the buyer `purchase01` on live channels (decision 0112): what the log shows
 * after `npm start` (a discarded sheet, a draft from a mail, a voice deck). Deterministic; nothing
 * when any run exists. The saved outcome comes from using the screen (it writes real costs).
 */
export async function seedAiQuoteRuns(db: Db, base: number): Promise<number> {
  const [made] = await db.select({ n: count() }).from(qmAiQuoteRuns);
  if (made!.n > 0) return 0;
  const [buyer] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'purchase01'));
  if (!buyer) return 0;
  const live = (await channelRefs(db)).filter((c) => c.state === 'live');
  const rows: Run[] = [];
  PLAN.forEach((plan, i) => {
    const c = live.find((x) => x.product === plan.product);
    if (!c) return;
    const at = new Date(base - (PLAN.length - i) * 5 * HOUR);
    rows.push({
      ...plan,
      channelId: c.id,
      channelCode: c.code,
      userId: buyer.id,
      createdAt: at,
      decidedAt: plan.outcome === 'draft' ? null : new Date(at.getTime() + HOUR),
    });
  });
  if (rows.length) await db.insert(qmAiQuoteRuns).values(rows);
  return rows.length;
}
