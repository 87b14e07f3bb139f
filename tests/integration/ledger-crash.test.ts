/**
 * A process applying transfers is killed with SIGKILL in the middle of a burst; after reopening
 * the database, every balance still equals its ledger (no half-applied operation survives).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenOptions } from '../../src/server/db/index.ts';
import { ledgerEntries, users, wallets } from '../../src/server/db/schema.ts';
import { applyMoves } from '../../src/server/wallet/ledger.ts';
import { formatReport, isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import { DB_KINDS } from './helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function target(kind: string): Promise<{ open: OpenOptions; arg: string }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'arena-crash-'));
    cleanups.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
    return { open: { dataDir: dir }, arg: dir };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `arena_crash_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { open: { url: url.href }, arg: url.href };
}

describe.each(DB_KINDS)('ledger crash on %s', (kind) => {
  it('keeps every balance equal to its ledger after SIGKILL mid-burst', async () => {
    const { open, arg } = await target(kind);
    const setup = await openDatabase(open);
    const rows = await setup.db
      .insert(users)
      .values(
        Array.from({ length: 21 }, (_, i) => ({
          mobile: `1360000${String(i).padStart(4, '0')}`,
          nickName: `Crash${i}`,
        })),
      )
      .returning({ id: users.id });
    await setup.db.insert(wallets).values(rows.map((r) => ({ userId: r.id })));
    for (const { id } of rows.slice(1)) {
      await applyMoves(setup.db, {
        key: `crash-grant:${id}`,
        kind: 'grant',
        moves: [{ userId: id, currency: 'gold', amount: 50_000, kind: 'grant' }],
      });
    }
    await setup.close();

    const child = spawn(process.execPath, ['tests/integration/ledger-burst.ts', arg], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let progress = 0;
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`burst exited early with ${code}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) {
          if (/^\d+$/.test(line)) progress = Number(line);
          if (progress >= 200) resolve();
        }
      });
    });
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const reopened = await openDatabase(open);
    try {
      const report = await verifyLedger(reopened.db);
      expect(isClean(report), formatReport(report, kind)).toBe(true);
      const entries = await reopened.db.select({ id: ledgerEntries.id }).from(ledgerEntries);
      expect(entries.length).toBeGreaterThan(20 + 2 * 150);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
