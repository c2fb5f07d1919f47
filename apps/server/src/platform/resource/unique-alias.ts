import type { FormHint } from '@portal/contracts/resource';
import { and, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/index.js';
import { AppError } from '../http/errors.js';

interface AliasColumns {
  table: PgTable;
  id: PgColumn;
  code: PgColumn;
  name: PgColumn;
  alias: PgColumn;
}

/**
 * A record kind whose alias is unique regardless of case (customers, suppliers). `check` refuses a
 * taken alias with 10050016 and a free one near it (`alias`, as the spec's dialog reads it) and, for
 * the resource form, the same as a suggestion plus the record that holds the alias (a `FormHint`,
 * decision 0076).
 */
export function uniqueAlias(c: AliasColumns) {
  /** A free alias near a taken one: `<alias>-2`, `-3`, … */
  async function free(db: DbOrTx, alias: string): Promise<string> {
    const base = alias.slice(0, 28);
    const taken = await db
      .select({ alias: sql<string>`lower(${c.alias})` })
      .from(c.table)
      .where(sql`lower(${c.alias}) like ${`${base.toLowerCase()}-%`}`);
    const used = new Set(taken.map((t) => t.alias));
    for (let n = 2; ; n++) if (!used.has(`${base.toLowerCase()}-${n}`)) return `${base}-${n}`;
  }

  async function check(db: DbOrTx, alias: string, selfId?: number): Promise<void> {
    const [other] = await db
      .select({ id: c.id, code: c.code, name: c.name })
      .from(c.table)
      .where(and(sql`lower(${c.alias}) = lower(${alias})`, selfId ? ne(c.id, selfId) : undefined));
    if (!other) return;
    const suggested = await free(db, alias);
    const hint: FormHint = {
      suggest: { alias: suggested },
      existing: { id: other.id as number, title: `${other.code} ${other.name}` },
    };
    throw new AppError('ALIAS_TAKEN', { vars: { value: alias }, data: { alias: suggested, ...hint } });
  }

  return { free, check };
}
