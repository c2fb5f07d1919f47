import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../paths.js';
import * as schema from './schema.js';
import { ScopedPool } from './scope.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');

interface PgHandle {
  kind: 'postgres';
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}
interface PgliteHandle {
  kind: 'pglite';
  db: Db;
  client: PGlite;
  close(): Promise<void>;
}
/** The one database handle: same drizzle surface on PGlite and node-postgres. */
export type Database = PgHandle | PgliteHandle;

export interface OpenOptions {
  databaseUrl?: string;
  /** directory for PGlite; `memory://` for an in-memory database */
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: start from this data-directory dump (tests copy a migrated template) */
  pgliteLoad?: Blob;
  /** ms to wait for a free pooled connection (then QueryStopped('busy')) */
  poolWaitMs?: number;
  /** PostgreSQL statement_timeout of every pooled connection, ms; 0 = none */
  statementTimeoutMs?: number;
  /** the fraction of the pool one user's requests may hold at once */
  userShare?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new ScopedPool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: opts.poolWaitMs,
      statement_timeout: opts.statementTimeoutMs || undefined,
      // JIT compiles a plan whose estimated cost is high; a list's walk that stops after one page
      // is estimated at the whole table's cost, so every such call paid 30-40 ms of compiling for a
      // 1 ms read (decision 0057). Short statements are all this server runs.
      options: '-c jit=off',
      userShare: opts.userShare,
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { kind: 'postgres', db, pool, url: opts.databaseUrl, close: () => pool.end() };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir.startsWith('memory://') ? undefined : dir, {
    // trigram indexes serve keyword (`like`) filters, btree_gin a column beside them in one GIN
    // index (decision 0089): the migrations create the extensions
    extensions: { pg_trgm, btree_gin },
    ...(opts.pgliteLoad ? { loadDataDir: opts.pgliteLoad } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { kind: 'pglite', db, client, close: () => client.close() };
}

/** Applies committed SQL migrations; on PostgreSQL an advisory lock lets several processes start at once. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite(database.client), { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727001)');
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => {});
    await client.end();
  }
}

/** Rows of a raw SQL result on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
