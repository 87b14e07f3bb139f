/**
 * Backups of PostgreSQL (DATABASE_URL set): Debian's pg_dump in the custom format, and
 * pg_restore --clean --if-exists in one transaction. The password goes to the tools in
 * PGPASSWORD, never on their command line.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../../src/server/db/index.ts';
import { formatBytes } from './archive.ts';
import { BadInput, finishFile, partialFile, summary } from './cli.ts';

/** The PostgreSQL client tool `name`: in PG_BIN, else the newest of Debian's, else on PATH. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, name);
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const tool = path.join(root, version, 'bin', name);
    if (existsSync(tool)) return tool;
  }
  return name;
}

/** Host, port and database of a URL, for messages (no user, no password). */
export function describeUrl(url: string): string {
  const u = new URL(url);
  return `${u.host || 'local socket'}${u.pathname}`;
}

/** The URL without its password, and the environment that hands the password over. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a client tool; rejects with its last stderr line when it fails. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${tool} not found: install postgresql-client or set PG_BIN`)
          : error,
      ),
    );
    child.once('exit', (code) => {
      const last = err.trim().split('\n').pop() ?? '';
      if (code === 0) resolve(out);
      else reject(new Error(`${path.basename(tool)} exited with ${code}: ${last}`));
    });
  });
}

/** pg_dump --format=custom of the database at `url` into `file`; returns what it did. */
export async function backupPostgres(url: string, file: string): Promise<string> {
  const tool = pgTool('pg_dump');
  const { dbname, env } = connection(url);
  const partial = partialFile(file);
  let ok = false;
  try {
    await run(tool, ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], env);
    ok = true;
  } finally {
    finishFile(file, ok);
  }
  return [
    `Backed up PostgreSQL ${describeUrl(url)} (DATABASE_URL) with ${tool} --format=custom`,
    `to ${file} (${formatBytes(statSync(file).size)}).`,
    `Restore: npm run restore -- ${file} (pg_restore --clean --if-exists)`,
  ].join('\n');
}

/** Tables the database at `url` holds outside PostgreSQL's own schemas. */
async function tableCount(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: string }[]>`
      select count(*) as n from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema')`;
    return Number(row?.n ?? 0);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * pg_restore of `file` into the database at `url`, in one transaction (all or nothing): into an
 * empty database, or with `force` over one that holds tables (--clean --if-exists drops what the
 * dump holds first). Migrations run after; returns what it did and a summary.
 */
export async function restorePostgres(url: string, file: string, force: boolean): Promise<string> {
  const tool = pgTool('pg_restore');
  const { dbname, env } = connection(url);
  // Reads the archive's table of contents: a damaged or foreign file changes nothing.
  await run(tool, ['--list', file], env).catch(() => {
    throw new BadInput(`${file} is not a readable pg_dump archive`);
  });
  const tables = await tableCount(url);
  if (tables > 0 && !force)
    throw new BadInput(
      `PostgreSQL ${describeUrl(url)} holds ${tables} tables: add --force to replace what the backup holds (pg_restore --clean)`,
    );
  await run(
    tool,
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
  const database = await openDatabase({ url });
  try {
    return [
      `Restored ${file} into PostgreSQL ${describeUrl(url)} (DATABASE_URL) with ${tool} --clean --if-exists --single-transaction${tables ? ` over ${tables} tables` : ' into an empty database'}.`,
      `Migrations ran; it holds ${await summary(database.db)}.`,
    ].join('\n');
  } finally {
    await database.close();
  }
}
