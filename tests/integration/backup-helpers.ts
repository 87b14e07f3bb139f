/**
 * Helpers of backup.test.ts: the repository's scripts run as an operator runs them, databases
 * opened for one step, money moved through the ledger, and a folder's fingerprint.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { openDatabase, type Db, type OpenOptions } from '../../src/server/db/index.ts';
import { applyMoves, giftSplit, readBalances } from '../../src/server/wallet/ledger.ts';
import { usersWithWallets } from './helpers.ts';

/** The repository: scripts run from here. */
export const ROOT = path.resolve('.');
const temps: string[] = [];
/** Child processes the suite started, killed after it if still running. */
export const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});
/** A temporary folder, removed after the suite. */
export function temp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-backup-'));
  temps.push(dir);
  return dir;
}

/** How a script ended and what it printed. */
export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a script of the repository with `env` over a clean environment (no DATABASE_URL). */
export function run(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = ROOT,
): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, script), ...args], {
      cwd,
      env: { ...process.env, DATABASE_URL: '', SECRET: '', LOG_REQUESTS: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Opens a database, runs `fn` on it and closes it. */
export async function withDb<T>(open: OpenOptions, fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(open);
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

let keys = 0;
/** A gift of `price` gold from `from` to `to`'s income. */
export function gift(db: Db, from: number, to: number, price: number) {
  return applyMoves(db, {
    key: `backup-test:${keys++}`,
    kind: 'gift',
    moves: [
      { userId: from, currency: 'gold', amount: -price, kind: 'gift_send' },
      { userId: to, currency: 'income', amount: giftSplit(price), kind: 'gift_income' },
    ],
  });
}

/** A recharge of `amount` gold for `userId`. */
export function recharge(db: Db, userId: number, amount: number) {
  return applyMoves(db, {
    key: `backup-test:${keys++}`,
    kind: 'recharge',
    moves: [{ userId, currency: 'gold', amount, kind: 'recharge' }],
  });
}

/** Two users with money moved between them; their ids. */
export async function seedMoney(open: OpenOptions, prefix: string): Promise<[number, number]> {
  return withDb(open, async (db) => {
    const [a, b] = (await usersWithWallets(db, prefix, 2)) as [number, number];
    await recharge(db, a, 10_000);
    await gift(db, a, b, 700);
    await gift(db, a, b, 1_300);
    return [a, b];
  });
}

/** Both users' balances. */
export function balances(open: OpenOptions, ids: number[]) {
  return withDb(open, (db) => Promise.all(ids.map((id) => readBalances(db, id))));
}

/** Every path under `dir` with its size and modification time: changes show. */
export function fingerprint(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const stat = statSync(p);
    out.push(`${path.relative(dir, p)} ${stat.size} ${stat.mtimeMs}`);
    if (stat.isDirectory()) for (const name of readdirSync(p).sort()) walk(path.join(p, name));
  };
  walk(dir);
  return out;
}
