/**
 * Opens the database: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both run the same migrations from ./migrations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { instrument } from './metrics.ts';
import * as schema from './schema.ts';

/** The Drizzle database type every service uses, whatever the driver. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A row of a raw query, as the driver hands it over. */
export type Row = Record<string, unknown>;

/** Runs a raw SQL query and returns its rows, whichever the driver. */
export async function queryRows(db: Db, query: SQL): Promise<Row[]> {
  // postgres.js answers an array of rows, PGlite an object with rows.
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
}

/** An open database with its driver kind and a close function. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

/** Where the migrations live, resolved from this file so it works from src and from tests. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Options of openDatabase. */
export interface OpenOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** PGlite data folder; `memory://` or undefined for an in-memory database. */
  dataDir?: string;
}

type Sql = postgres.Sql;
type UnsafeOptions = Parameters<Sql['unsafe']>[2];

/**
 * postgres.js prepares a statement (parses and plans it once per connection) only when asked,
 * and Drizzle asks only for queries given a name, so every query was parsed and planned on each
 * run. This wraps the client so parameterized statements are prepared, in transactions and
 * savepoints too; it doubled the ledger's transfer rate (see docs/decisions.md).
 */
export function preparing(sql: Sql): Sql {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (prop === 'unsafe') {
        return (query: string, params?: unknown[], options?: UnsafeOptions) =>
          (value as Sql['unsafe']).call(
            target,
            query,
            params as never,
            params?.length ? { ...options, prepare: true } : options,
          );
      }
      if (prop === 'begin' || prop === 'savepoint') {
        return (...args: unknown[]) => {
          const body = args.pop() as (tx: Sql) => unknown;
          return (value as (...a: unknown[]) => unknown).call(target, ...args, (tx: Sql) =>
            body(preparing(tx)),
          );
        };
      }
      return value;
    },
  });
}

/** Connections one process opens to PostgreSQL at most. */
const POOL_SIZE = 10;

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const client = postgres(options.url, { max: POOL_SIZE, onnotice: () => {} });
    const db = drizzlePostgres(preparing(client), { schema });
    await migratePostgres(db, { migrationsFolder });
    instrument(db as unknown as Db, POOL_SIZE);
    return { db: db as unknown as Db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  let dir = options.dataDir;
  if (dir && dir !== 'memory://') {
    dir = path.resolve(dir);
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // One connection: PGlite runs one query at a time.
  instrument(db as unknown as Db, 1);
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
