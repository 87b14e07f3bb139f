/**
 * Opens the database: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both run the same migrations from ./migrations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { instrument } from './metrics.ts';
import { claimFolder } from './pglite-holder.ts';
import * as schema from './schema.ts';
import type { Db, Row } from './types.ts';

export type { Db, Row };

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
  /** PGlite only: a gzipped tarball of the data folder, consistent (see dumpPglite). */
  dump?: () => Promise<Blob>;
}

/** Where the migrations live, resolved from this file so it works from src and from tests. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Options of openDatabase. */
export interface OpenOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** PGlite data folder; `memory://` or undefined for an in-memory database. */
  dataDir?: string;
  /**
   * PGlite in memory only: start from this dump of a data folder (a tarball as dumpPglite
   * makes) instead of an empty database, which saves PostgreSQL's initdb. Migrations still run.
   */
  from?: Blob;
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
    instrument(db, POOL_SIZE);
    return { db: db as unknown as Db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  let dir = options.dataDir;
  if (dir && dir !== 'memory://') {
    dir = path.resolve(dir);
    mkdirSync(dir, { recursive: true });
  }
  // Beside the folder: which process has it open, for npm run backup and restore.
  const release = dir && dir !== 'memory://' ? claimFolder(dir) : () => {};
  let client: PGlite | undefined;
  try {
    const inMemory = !dir || dir === 'memory://';
    client = await PGlite.create(
      options.from && inMemory ? { loadDataDir: options.from } : { dataDir: dir },
    );
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    // One connection: PGlite runs one query at a time.
    instrument(db, 1);
    const open = client;
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: () => open.close().finally(release),
      dump: () => dumpPglite(open),
    };
  } catch (err) {
    await client?.close().catch(() => {});
    release();
    throw err;
  }
}

/**
 * A gzipped tarball of an open PGlite's data folder: a checkpoint first (little WAL to replay on
 * restore), then the copy between transactions (no transaction half done), all in this process.
 * Queries wait only while the files are copied; the compression runs after, off the main thread.
 */
export async function dumpPglite(client: PGlite): Promise<Blob> {
  await client.exec('checkpoint');
  const tar = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
  return new Blob([await promisify(gzip)(await tar.arrayBuffer())]);
}
