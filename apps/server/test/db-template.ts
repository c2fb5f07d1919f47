import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { migrateDatabase, openDatabase } from '../src/platform/db/index.js';
import { seedAll } from '../src/seed/index.js';

/**
 * Boot once, copy per file: the server tests' databases are copies of two templates built once per
 * run — `migrated` (schema only) and `seeded` (schema + demo data). On PostgreSQL they are template
 * databases (`CREATE DATABASE … TEMPLATE`), on PGlite data-directory dumps loaded with `loadDataDir`.
 */
export interface DbTemplates {
  migrated: string;
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}

const silent = pino({ level: 'silent' });

async function postgresTemplates(base: string): Promise<{ templates: DbTemplates; drop(): Promise<void> }> {
  const stamp = `${Date.now().toString(36)}_${process.pid}`;
  const templates = { migrated: `tpl_migrated_${stamp}`, seeded: `tpl_seeded_${stamp}` };
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${templates.migrated}`);
    const url = new URL(base);
    url.pathname = `/${templates.migrated}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await migrateDatabase(database);
    await database.close();
    await admin.query(`create database ${templates.seeded} template ${templates.migrated}`);
    url.pathname = `/${templates.seeded}`;
    const seeded = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await seedAll(seeded.db, silent);
    await seeded.close();
  } finally {
    await admin.end();
  }
  return {
    templates,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      for (const name of Object.values(templates)) await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function pgliteTemplates(): Promise<{ templates: DbTemplates; drop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-db-'));
  const templates = { migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') };
  const database = await openDatabase({ dataDir: 'memory://' });
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  await migrateDatabase(database);
  const dump = async (file: string) =>
    fs.writeFileSync(file, Buffer.from(await (await database.client.dumpDataDir('none')).arrayBuffer()));
  await dump(templates.migrated);
  await seedAll(database.db, silent);
  await dump(templates.seeded);
  await database.close();
  return { templates, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export function buildTemplates(): Promise<{ templates: DbTemplates; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  return base ? postgresTemplates(base) : pgliteTemplates();
}
