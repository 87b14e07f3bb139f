/**
 * A process applying transfers is killed with SIGKILL in the middle of a burst; after reopening
 * the database, every balance still equals its ledger (no half-applied operation survives).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.ts';
import { ledgerEntries, users, wallets } from '../../src/server/db/schema.ts';
import { applyMoves } from '../../src/server/wallet/ledger.ts';
import { formatReport, isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import { crashTarget } from './crash-target.ts';
import { DB_KINDS } from './helpers.ts';

describe.each(DB_KINDS)('ledger crash on %s', (kind) => {
  it('keeps every balance equal to its ledger after SIGKILL mid-burst', async () => {
    const { open, arg } = await crashTarget(kind);
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
