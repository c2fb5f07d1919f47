import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { E2eTemplate } from './server.js';

/** The account the bulk records are sent from: no demo account has it, so a filter on it finds them alone. */
export const BULK_ACCOUNT = 990_001;
/** its code, as the account picker (decision 0132) finds it */
export const BULK_ACCOUNT_CODE = 'CA990001';

/**
 * `rows` SMS send records of BULK_ACCOUNT made by one `INSERT … SELECT generate_series` (the way the
 * reports' bench data is made, bench/reports-data.mjs): deterministic, every field a function of the
 * row number, spread evenly over [from, to), owned by the demo's first customer and its sales owner,
 * priced in USD and costed in EUR, one part each, 93 % delivered. The account itself is opened first (active,
 * prepaid, at zero, for that customer) so the screens' account picker can name it.
 */
export function bulkSmsSql(rows: number, from: Date, to: Date): string {
  const step = Math.max(1, Math.floor((to.getTime() - from.getTime()) / rows));
  return `insert into fin_accounts (id, code, customer_id, currency, billing, state, applicant_id, opened_at)
    select ${BULK_ACCOUNT}, '${BULK_ACCOUNT_CODE}', id, 'USD', 'prepaid', 'active', coalesce(owner_id, 1), now()
    from crm_customers order by id limit 1;
  with owner as (select id, coalesce(owner_id, 0) as owner_id from crm_customers order by id limit 1)
    insert into traffic_sms (submit_at, message_id, part, parts, account_id, customer_id, owner_id, number, country,
      network, content_hash, encoding, length, segments, channel_id, submit_status, dlr_state, dlr_at, price, cost,
      currency, cost_currency, rated, received_at)
    select at, 'BULK' || lpad(g::text, 7, '0'), 1, 1, ${BULK_ACCOUNT}, owner.id, owner.owner_id,
      '86138' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'), 'CN', '46000', md5(g::text), 'GSM-7', 20, 1, 7,
      'accepted', case when g % 14 = 0 then 'undeliverable' else 'delivered' end,
      at + ((2 + g % 120) || ' seconds')::interval, 0.012, 0.007, 'USD', 'EUR', true, at
    from owner, generate_series(1, ${rows}) g,
      lateral (select timestamptz '${from.toISOString()}' + ((g - 1)::bigint * ${step} || ' milliseconds')::interval as at) t`;
}

/**
 * A copy of the run's server template with `sql` applied: PGlite's data directory opened in this
 * process (the template's server is stopped), or a PostgreSQL database made from the template's.
 * Start a server on it with `startShellServer(env, filled)`; `drop` removes the copy.
 */
export async function filledTemplate(
  template: E2eTemplate,
  sql: string,
): Promise<{ template: E2eTemplate; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-filled-'));
  fs.cpSync(template.dataDir, dataDir, { recursive: true });
  const base = process.env.DATABASE_URL;
  if (!base || !template.database) {
    const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm, btree_gin } });
    await db.exec(sql);
    await db.close();
    return { template: { dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `${template.database}_filled_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.database}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  await c.query(sql);
  await c.query('analyze traffic_sms');
  await c.end();
  return {
    template: { dataDir, database: name },
    drop: async () => {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
