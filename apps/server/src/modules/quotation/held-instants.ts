import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';

/**
 * A pending supplier-quote request reserves the instants it asks for (decision 0113, 0103 "Left"):
 * its own cost (a saved cost's request) or each of its lines (an import's). A cost of the same
 * channel, product, category and destination at the same effective time — held again or written at
 * once — would make the approval's write fail later, so it is refused now with QM_PRICE_HELD.
 * Call it under the book's lock (`lockBook`): a request opened by a concurrent import is then
 * committed, and seen, before this one is judged.
 */
export async function checkHeldInstants(
  tx: Tx,
  channelId: number,
  product: string,
  category: string,
  items: { dest: string; from: Date }[],
) {
  if (!items.length) return;
  const list = JSON.stringify(items.map((i) => ({ dest: i.dest, f: i.from.toISOString() })));
  const [held] = rowsOf<{ dest: string; f: string; id: number }>(
    await tx.execute(sql`select v.dest, v.f, q.id
      from jsonb_to_recordset(${list}::jsonb) as v(dest text, f timestamptz)
      join qm_supplier_quotes q on q.channel_id = ${channelId} and q.product = ${product}
        and q.category = ${category} and q.state = 'pending'
      where (q.line_count = 0 and q.dest = v.dest and q.effective_from = v.f)
         or exists (select 1 from qm_supplier_quote_lines l
                     where l.quote_id = q.id and l.dest = v.dest and l.effective_from = v.f)
      order by q.id limit 1`),
  );
  if (held)
    throw new AppError('QM_PRICE_HELD', {
      vars: { value: `${held.dest} ${new Date(held.f).toISOString()} (#${held.id})` },
    });
}
