import {
  PORTQUERY_MAX_NUMBERS,
  PORTQUERY_WINDOW_DAYS,
  type Ported,
  type PortQueryAnswer,
  type PortQueryBody,
  type PortQueryRefusal,
  type PortQueryRow,
} from '@portal/contracts/traffic';
import { and, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AppError } from '../../platform/http/errors.js';
import { reference } from '../system/reference/index.js';
import { originalNetwork } from './numbering.js';
import { trafficSms } from './schema.js';

type Network = NonNullable<PortQueryRow['original']>;

/** Splits what staff pasted into numbers (new lines, commas, semicolons, tabs), keeping the order. */
export function splitNumbers(input: PortQueryBody['numbers']): string[] {
  const lines = typeof input === 'string' ? input.split(/[\n\r,;\t]+/) : input;
  return lines.map((l) => l.trim()).filter(Boolean);
}

interface Parsed {
  e164: string;
  digits: string;
  country: string;
  national: string;
  numberType: string | null;
}

/** one input line as E.164, or why not (a national number without "+" or country code has no country) */
function parse(input: string): Parsed | PortQueryRefusal {
  const text = input.replace(/[\s().-]/g, '');
  const withPlus = text.startsWith('+') ? text : text.startsWith('00') ? `+${text.slice(2)}` : `+${text}`;
  if (!/^\+\d{4,17}$/.test(withPlus)) return 'not_a_number';
  const n = parsePhoneNumberFromString(withPlus);
  if (!n?.country) return 'no_country';
  if (!n.isPossible()) return 'not_possible';
  return {
    e164: n.number,
    digits: n.number.slice(1),
    country: n.country,
    national: n.nationalNumber,
    numberType: n.getType() ?? null,
  };
}

/**
 * `portquery`: per number its country, the operator its range was allocated to (numbering.ts), the
 * network it was last seen on in our SMS traffic (the newest record with a network from its delivery
 * report in the last 93 days, within the caller's data scope, one indexed `(number, submit_at)` probe a
 * number, the time range pruning the day partitions) and whether it was ported: another operator than
 * the range's (merged networks and an operator's several codes count as one operator).
 */
export async function portQuery(
  p: { db: Db; bus: EventBus },
  auth: AuthContext,
  now: Date,
  body: PortQueryBody,
): Promise<PortQueryAnswer> {
  const inputs = splitNumbers(body.numbers);
  if (!inputs.length) throw new AppError('TRF_PORTQUERY_EMPTY');
  if (inputs.length > PORTQUERY_MAX_NUMBERS)
    throw new AppError('TRF_PORTQUERY_TOO_MANY', { vars: { limit: PORTQUERY_MAX_NUMBERS, value: inputs.length } });
  const refused: PortQueryAnswer['refused'] = [];
  const numbers: Parsed[] = [];
  const seen = new Set<string>();
  for (const input of inputs) {
    const r = parse(input);
    if (typeof r === 'string') refused.push({ input, reason: r });
    else if (seen.has(r.digits)) refused.push({ input, reason: 'duplicate' });
    else {
      seen.add(r.digits);
      numbers.push(r);
    }
  }
  const from = new Date(now.getTime() - PORTQUERY_WINDOW_DAYS * 86_400_000);
  const last = await lastSeen(
    p.db,
    auth,
    numbers.map((n) => n.digits),
    from,
    now,
  );
  const ref = reference(p);
  const network = async (code: string): Promise<(Network & { operator: string }) | null> => {
    const op = await ref.operatorOf(code);
    return op
      ? { mccmnc: code, name: op.name, nameEn: op.nameEn, operator: op.mccmnc }
      : { mccmnc: code, name: code, nameEn: code, operator: code };
  };
  const rows: PortQueryRow[] = [];
  for (const n of numbers) {
    const range = originalNetwork(n.country, n.national);
    const original = range ? await network(range.mccmnc) : null;
    const seenRow = last.get(n.digits);
    const lastNet = seenRow ? await network(seenRow.network) : null;
    const ported: Ported =
      !original || !lastNet
        ? 'unknown'
        : original.operator === lastNet.operator || original.nameEn === lastNet.nameEn
          ? 'no'
          : 'yes';
    rows.push({
      e164: n.e164,
      country: n.country,
      numberType: n.numberType,
      original: original && { mccmnc: original.mccmnc, name: original.name, nameEn: original.nameEn },
      range: range ? range.range : null,
      lastSeen: lastNet && { mccmnc: lastNet.mccmnc, name: lastNet.name, nameEn: lastNet.nameEn },
      lastSeenAt: seenRow ? seenRow.at.toISOString() : null,
      ported,
    });
  }
  return { rows, refused, from: from.toISOString(), to: now.toISOString() };
}

/** the newest record with a known network per number in [from, to), one index probe a number */
async function lastSeen(
  db: Db,
  auth: AuthContext,
  numbers: string[],
  from: Date,
  to: Date,
): Promise<Map<string, { network: string; at: Date }>> {
  if (!numbers.length) return new Map();
  const t = trafficSms;
  const list = sql.join(
    numbers.map((n) => sql`${n}`),
    sql`, `,
  );
  const rows = rowsOf<{ number: string; network: string; at: Date | string }>(
    await db.execute(sql`select q.number, s.network, s.at from unnest(array[${list}]::text[]) as q(number)
      cross join lateral (
        select ${t.network} as network, ${t.submitAt} as at from ${t}
        where ${and(
          sql`${t.number} = q.number`,
          sql`${t.submitAt} >= ${from.toISOString()}::timestamptz`,
          sql`${t.submitAt} < ${to.toISOString()}::timestamptz`,
          sql`${t.network} <> ''`,
          dataScopeWhere(auth, t.ownerId),
        )}
        order by ${t.submitAt} desc limit 1) s`),
  );
  return new Map(rows.map((r) => [r.number, { network: r.network, at: new Date(r.at) }]));
}
