/**
 * Backups of the embedded database (DATA_DIR/pglite). PGlite allows one process per folder, so:
 * when a process holds the folder (its holder file names a running process, see
 * pglite-holder.ts) the dump is asked of that process's server on loopback, which takes it
 * between transactions; when none does, this process opens the folder and dumps it itself. A
 * restore refuses while any process holds the folder, loads the tarball into a new folder beside
 * it, and only then moves the old one aside (pglite.before-restore-<time>) and the new one in.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { secureTree } from '../../src/server/data-dir.ts';
import { dumpPglite, openDatabase } from '../../src/server/db/index.ts';
import { claimFolder, liveHolder, type Holder } from '../../src/server/db/pglite-holder.ts';
import type { Env } from '../../src/server/env.ts';
import { BACKUP_PATH, BACKUP_PID_HEADER, backupToken } from '../../src/server/http/backup.ts';
import { isLoopback } from '../../src/server/http/connection-limits.ts';
import { formatBytes, inspectPgliteArchive, kindOf } from './archive.ts';
import { BadInput, readSecret, stamp, summary, writePrivateFile } from './cli.ts';

/** The PGlite folder of `env`. */
export function pgliteDir(env: Env): string {
  return path.join(env.dataDir, 'pglite');
}

/** Who holds the folder, for messages. */
function describeHolder(holder: Holder): string {
  return `process ${holder.pid}${holder.port ? ` (a server on port ${holder.port})` : ''}`;
}

/** The loopback URL of the holder's server: its recorded address, else HOST and PORT. */
function serverUrl(holder: Holder, env: Env): string {
  const address = holder.address ?? env.host;
  const port = holder.port ?? env.port;
  const unspecified = ['0.0.0.0', '::', ''].includes(address);
  if (!unspecified && !isLoopback(address) && address !== 'localhost')
    throw new Error(
      `the server holding the database listens on ${address}, not on loopback: the backup call is answered to loopback only`,
    );
  const host = unspecified ? '127.0.0.1' : address;
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

/** Asks the server of the process holding the folder for a dump. */
async function dumpFromServer(holder: Holder, env: Env): Promise<Uint8Array> {
  const secret = readSecret(env.dataDir);
  if (!secret) throw new Error(`no SECRET and no ${path.join(env.dataDir, 'secret')}`);
  const url = serverUrl(holder, env);
  let res: Response;
  try {
    res = await fetch(`${url}${BACKUP_PATH}`, {
      method: 'POST',
      // A caller on this machine, naming itself as a load balancer would: a server that trusts
      // loopback as its balancer (TRUST_PROXY) takes a call naming no client for a remote one.
      headers: { authorization: `Bearer ${backupToken(secret)}`, 'x-real-ip': '127.0.0.1' },
      signal: AbortSignal.timeout(30 * 60_000),
    });
  } catch {
    throw new Error(
      `${pgliteDir(env)} is open in ${describeHolder(holder)} but no server answers on ${url}: stop that process, or set PORT to its server's port`,
    );
  }
  if (res.status === 403)
    throw new Error(`the server on ${url} refused the backup call: it runs with another SECRET`);
  if (res.status !== 200)
    throw new Error(`the server on ${url} answered ${res.status}: ${await res.text()}`);
  if (res.headers.get(BACKUP_PID_HEADER) !== String(holder.pid))
    throw new Error(
      `the server on ${url} is not the process holding ${pgliteDir(env)} (${describeHolder(holder)})`,
    );
  return new Uint8Array(await res.arrayBuffer());
}

/** Opens the folder in this process (no server holds it) and dumps it. */
async function dumpHere(dir: string): Promise<Uint8Array> {
  const release = claimFolder(dir);
  try {
    const client = await PGlite.create(dir);
    try {
      return new Uint8Array(await (await dumpPglite(client)).arrayBuffer());
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** Writes a consistent dump of DATA_DIR/pglite to `file`; returns what it did. */
export async function backupPglite(env: Env, file: string): Promise<string> {
  const dir = pgliteDir(env);
  if (!existsSync(path.join(dir, 'PG_VERSION')))
    throw new BadInput(
      `no embedded database in ${dir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`,
    );
  const holder = liveHolder(dir);
  const data = holder ? await dumpFromServer(holder, env) : await dumpHere(dir);
  const how = holder
    ? `from the running server (pid ${holder.pid}), taken between transactions`
    : 'with no server running (opened here)';
  // What is written must restore: the server's answer is read whole before it is kept.
  const archive = await inspectPgliteArchive(data, 'the dump').catch((err: Error) => {
    throw new Error(err.message);
  });
  writePrivateFile(file, data);
  return [
    `Backed up the embedded database ${dir} (PGlite, PostgreSQL ${archive.pgVersion}) ${how}`,
    `to ${file} (${formatBytes(data.length)}, ${archive.files} files).`,
    `Restore: npm run restore -- ${file}`,
  ].join('\n');
}

/** True when `dir` exists and holds anything. */
function nonEmpty(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/** Refuses while a process holds the folder. */
function refuseHeld(dir: string): void {
  const holder = liveHolder(dir);
  if (holder)
    throw new BadInput(`${dir} is open in ${describeHolder(holder)}: stop the server first`);
}

/**
 * Restores the PGlite tarball `file` into DATA_DIR/pglite: refused while a process holds it,
 * and over a folder that holds data without `force` (which moves that folder aside, never
 * deleting it). Migrations run after; returns what it did and a summary.
 */
export async function restorePglite(env: Env, file: string, force: boolean): Promise<string> {
  const dir = pgliteDir(env);
  const data = readFileSync(file);
  const kind = kindOf(data);
  if (kind === 'pg_dump')
    throw new BadInput(
      `${file} is a PostgreSQL dump (pg_dump): set DATABASE_URL to restore it into PostgreSQL`,
    );
  if (kind !== 'pglite')
    throw new BadInput(`${file} is not a backup (neither a PGlite tarball nor a pg_dump archive)`);
  const archive = await inspectPgliteArchive(data, file);
  refuseHeld(dir);
  const occupied = nonEmpty(dir);
  if (occupied && !force)
    throw new BadInput(
      `${dir} holds a database: add --force to move it aside to pglite.before-restore-<time> and restore`,
    );

  const time = stamp();
  mkdirSync(env.dataDir, { recursive: true, mode: 0o700 });
  const staging = `${dir}.restoring-${time}-${process.pid}`;
  try {
    const client = await PGlite.create(staging, { loadDataDir: new Blob([data]) });
    await client.query('select 1');
    await client.close();
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw new BadInput(`${file} does not open as a database: ${(err as Error).message}`);
  }
  // Checked again: a server may have started while the tarball was loading.
  try {
    refuseHeld(dir);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  const aside = `${dir}.before-restore-${time}`;
  if (occupied) renameSync(dir, aside);
  else rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  secureTree(dir);

  const database = await openDatabase({ dataDir: dir });
  try {
    return [
      `Restored ${file} (PGlite, PostgreSQL ${archive.pgVersion}, ${archive.files} files) into ${dir}.`,
      occupied ? `The database it replaced is kept in ${aside}.` : 'The folder was empty.',
      `Migrations ran; it holds ${await summary(database.db)}.`,
    ].join('\n');
  } finally {
    await database.close();
  }
}
