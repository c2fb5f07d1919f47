import { sql } from 'drizzle-orm';
import { srmSuppliers } from '../src/modules/srm/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import type { TestApp } from './harness.js';

let n = 0;

/** A supplier written straight to the table, admitted or not. */
export async function supplierOf(t: TestApp, admitted: boolean): Promise<number> {
  const k = ++n;
  const [row] = await t.p.db
    .insert(srmSuppliers)
    .values({
      code: `SPT${String(k).padStart(5, '0')}${admitted ? 'A' : 'N'}`,
      name: `Carrier Test ${k}`,
      alias: `carriertest${k}${admitted ? 'a' : 'n'}`,
      type: 'aggregator',
      country: 'SG',
      admitted,
    })
    .returning({ id: srmSuppliers.id });
  return row!.id;
}

/** Two active networks of a country from the reference data (through SQL: the test is not a room). */
export async function networksOf(t: TestApp, country: string, count = 3): Promise<string[]> {
  const rows = rowsOf<{ mccmnc: string }>(
    await t.p.db.execute(
      sql`select mccmnc from ref_operators where country_code = ${country} and status = 'active' and merged_into is null order by mccmnc limit ${count}`,
    ),
  );
  return rows.map((r) => r.mccmnc);
}

/** A customer written straight to the crm table. */
export async function customerOf(t: TestApp, userId: number | null = null): Promise<number> {
  const k = ++n;
  const rows = rowsOf<{ id: number }>(
    await t.p.db.execute(sql`insert into crm_customers (code, name, alias, type, country, owner_id)
      values (${`CTS${String(k).padStart(6, '0')}`}, ${`Route Test ${k}`}, ${`routetest${k}`}, 'C', 'SG', ${userId}) returning id`),
  );
  return rows[0]!.id;
}
