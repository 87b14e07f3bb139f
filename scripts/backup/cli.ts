/**
 * What `npm run backup` and `npm run restore` share: arguments, exit codes (0 done, 2 refused
 * with nothing changed, 1 failed), file names, private files and the restored database's summary.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/index.ts';
import { ledgerOperations, users, wallets } from '../../src/server/db/schema.ts';
import { readEnv, type Env } from '../../src/server/env.ts';

/** Bad input or a refusal: one line on stderr, exit code 2, nothing changed. */
export class BadInput extends Error {}

/** The command line of both commands. */
export interface Args {
  /** The one positional argument: the backup file. */
  file?: string;
  /** --force: replace a database that holds data. */
  force: boolean;
}

/** Parses `argv` (after the script); BadInput on an unknown option or a second file. */
export function parseArgs(argv: string[], usage: string): Args & { help: boolean } {
  const args = { force: false, help: false, file: undefined as string | undefined };
  for (const arg of argv) {
    if (arg === '--force') args.force = true;
    else if (arg === '--help' || arg === '-h') args.help = true;
    else if (arg.startsWith('-')) throw new BadInput(`unknown option ${arg} (usage: ${usage})`);
    else if (args.file !== undefined) throw new BadInput(`one file only (usage: ${usage})`);
    else args.file = arg;
  }
  return args;
}

/**
 * The environment the commands read: readEnv() with SECRET left aside, so that reading it
 * creates nothing in DATA_DIR (see readSecret).
 */
export function commandEnv(): Env {
  return readEnv({ ...process.env, SECRET: process.env.SECRET || 'not read here' });
}

/** SECRET, or the secret the server keeps in DATA_DIR; undefined when there is none. */
export function readSecret(dataDir: string): string | undefined {
  if (process.env.SECRET) return process.env.SECRET;
  try {
    return readFileSync(path.join(dataDir, 'secret'), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** A UTC timestamp for file and folder names: 20260131T235959Z. */
export function stamp(now = new Date()): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** backups/arena-<UTC timestamp>.<ext>, relative to the working folder. */
export function defaultBackupFile(ext: string, now = new Date()): string {
  return path.join('backups', `arena-${stamp(now)}.${ext}`);
}

/** Refuses a backup file that exists already (a backup never overwrites another). */
export function refuseExisting(file: string): void {
  if (existsSync(file)) throw new BadInput(`${file} exists already: name another file`);
}

/** Creates the folder of `file` (0700 when new) and returns `file.partial` to write first. */
export function partialFile(file: string): string {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  return `${file}.partial`;
}

/** Moves a finished `file.partial` into place; removes it instead when `ok` is false. */
export function finishFile(file: string, ok: boolean): void {
  if (ok) renameSync(`${file}.partial`, file);
  else rmSync(`${file}.partial`, { force: true });
}

/** Writes `data` to `file` (0600) through a .partial file, so no half file is left behind. */
export function writePrivateFile(file: string, data: Uint8Array): void {
  const partial = partialFile(file);
  try {
    writeFileSync(partial, data, { mode: 0o600 });
    finishFile(file, true);
  } catch (err) {
    finishFile(file, false);
    throw err;
  }
}

/** One line on the restored database: users, wallets, ledger operations and gold held. */
export async function summary(db: Db): Promise<string> {
  const [u] = await db.select({ n: count() }).from(users);
  const [w] = await db
    .select({ n: count(), gold: sql<string>`coalesce(sum(${wallets.gold}), 0)` })
    .from(wallets);
  const [ops] = await db.select({ n: count() }).from(ledgerOperations);
  return `${u?.n ?? 0} users, ${w?.n ?? 0} wallets (${Number(w?.gold ?? 0)} gold in all), ${ops?.n ?? 0} ledger operations`;
}

/**
 * Runs a command: prints what `main` returns and exits 0; exits 2 with one line on BadInput,
 * 1 on any other failure.
 */
export function runCli(name: string, usage: string, main: (args: Args) => Promise<string>): void {
  // Backups hold password hashes: whatever is created here is the owner's alone.
  process.umask(0o077);
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2), usage);
  } catch (err) {
    console.error(`${name}: ${(err as Error).message}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(`usage: ${usage}`);
    process.exit(0);
  }
  main(args).then(
    (message) => {
      console.log(message);
      process.exit(0);
    },
    (err: unknown) => {
      if (err instanceof BadInput) {
        console.error(`${name}: ${err.message}`);
        process.exit(2);
      }
      console.error(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
