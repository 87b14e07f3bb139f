/**
 * Who has a PGlite folder open: a small JSON file beside it (`pglite.holder` next to `pglite/`)
 * naming the process (its pid and host name) and, for a server, the address it listens on.
 * PGlite's own postmaster.pid cannot tell: it always says -42 and outlives a crash. PGlite allows
 * one process per folder, so `npm run backup` asks the holder's server for the dump and
 * `npm run restore` refuses while a holder lives.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** What the holder file says. */
export interface Holder {
  pid: number;
  /** os.hostname() of the process: a pid means nothing on another host or container. */
  host: string;
  /** When it opened the folder (ISO time). */
  since: string;
  /** The HTTP server's listening address and port, once a server listens. */
  address?: string;
  port?: number;
}

/** The holder file of the PGlite folder `dir`. */
export function holderFile(dir: string): string {
  return `${dir}.holder`;
}

/** The holder file's content, or undefined when there is none (or it cannot be read). */
export function readHolder(dir: string): Holder | undefined {
  try {
    const value = JSON.parse(readFileSync(holderFile(dir), 'utf8')) as Partial<Holder>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string') return undefined;
    return value as Holder;
  } catch {
    return undefined;
  }
}

/**
 * True unless the holder is known to have ended: a process of this host that no longer exists.
 * On another host (or container) nothing can be checked, so it counts as running.
 */
export function holderAlive(holder: Holder): boolean {
  if (holder.host !== hostname() || holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder of `dir` when one is running, else undefined (none, or one that ended). */
export function liveHolder(dir: string): Holder | undefined {
  const holder = readHolder(dir);
  return holder && holderAlive(holder) ? holder : undefined;
}

function writeHolder(dir: string, holder: Holder): void {
  const file = holderFile(dir);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(holder), { mode: 0o600 });
  renameSync(temp, file);
}

function isMine(holder: Holder | undefined): boolean {
  return holder?.pid === process.pid && holder.host === hostname();
}

/**
 * Records this process as the holder of `dir`; the returned function gives the folder back
 * (puts back a holder that was recorded before and still runs, else removes the file).
 */
export function claimFolder(dir: string): () => void {
  const before = liveHolder(dir);
  writeHolder(dir, { pid: process.pid, host: hostname(), since: new Date().toISOString() });
  return () => {
    if (!isMine(readHolder(dir))) return;
    if (before && holderAlive(before)) writeHolder(dir, before);
    else rmSync(holderFile(dir), { force: true });
  };
}

/** Adds the server's listening address to the holder file when it names this process. */
export function noteListening(dir: string, address: string, port: number): void {
  const holder = readHolder(dir);
  if (isMine(holder)) writeHolder(dir, { ...holder!, address, port });
}
