/** The ledger under concurrency: no negative balance, exact totals, idempotency, savepoints. */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/lib/random.ts';
import { ledgerEntries, ledgerOperations, users, wallets } from '../../src/server/db/schema.ts';
import {
  applyMoves,
  giftSplit,
  InsufficientBalanceError,
  readBalances,
} from '../../src/server/wallet/ledger.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import {
  DB_KINDS,
  openTestRuntime,
  usersWithWallets,
  type TestRuntime,
  userIdByMobile,
} from './helpers.ts';

describe.each(DB_KINDS)('ledger on %s', (kind) => {
  let t: TestRuntime;
  let anchorId: number;

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    anchorId = await userIdByMobile(t.rt.db, '13900000003');
  });
  afterAll(async () => t?.dispose());

  const newUsers = (prefix: string, count: number) => usersWithWallets(t.rt.db, prefix, count);

  it('1,000 concurrent gifts from 20 users never overdraw and total exactly', async () => {
    const rand = seededRandom(kind === 'pglite' ? 7 : 11);
    const random = (max: number) => Math.floor(rand() * max);
    const price = 700;
    const senders = await newUsers('1380000', 20);
    const start = new Map<number, number>();
    for (const userId of senders) {
      const amount = 100 + random(40) * 350; // 1 to 40 gifts' worth, often not a multiple
      start.set(userId, amount);
      await applyMoves(t.rt.db, {
        key: `test-grant:${userId}`,
        kind: 'grant',
        moves: [{ userId, currency: 'gold', amount, kind: 'grant' }],
      });
    }
    const before = await readBalances(t.rt.db, anchorId);
    const attempts = new Map<number, number>();
    const results = await Promise.all(
      Array.from({ length: 1000 }, async (_, i) => {
        const sender = senders[random(senders.length)]!;
        attempts.set(sender, (attempts.get(sender) ?? 0) + 1);
        try {
          await applyMoves(t.rt.db, {
            key: `test-gift:${sender}:${i}`,
            kind: 'gift',
            reference: String(i),
            moves: [
              { userId: sender, currency: 'gold', amount: -price, kind: 'gift_send' },
              {
                userId: anchorId,
                currency: 'income',
                amount: giftSplit(price),
                kind: 'gift_income',
              },
            ],
          });
          return { sender, ok: true };
        } catch (err) {
          expect(err).toBeInstanceOf(InsufficientBalanceError);
          return { sender, ok: false };
        }
      }),
    );
    const successes = results.filter((r) => r.ok).length;
    expect(successes).toBeGreaterThan(0);
    expect(successes).toBeLessThan(1000);

    const rows = await t.rt.db
      .select({ userId: wallets.userId, gold: wallets.gold })
      .from(wallets)
      .where(inArray(wallets.userId, senders));
    let debited = 0;
    for (const row of rows) {
      const initial = start.get(row.userId)!;
      const won = results.filter((r) => r.ok && r.sender === row.userId).length;
      expect(row.gold).toBeGreaterThanOrEqual(0);
      // Every sender got exactly as many gifts through as its balance allowed.
      expect(won).toBe(Math.min(attempts.get(row.userId) ?? 0, Math.floor(initial / price)));
      expect(row.gold).toBe(initial - won * price);
      debited += initial - row.gold;
    }
    expect(debited).toBe(successes * price);
    const after = await readBalances(t.rt.db, anchorId);
    expect(after.income - before.income).toBe(successes * giftSplit(price));

    const [gifts] = await t.rt.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'gift_send'));
    expect(gifts?.n).toBe(successes);
    const report = await verifyLedger(t.rt.db);
    expect(report.drift).toEqual([]);
    expect(isClean(report)).toBe(true);
  });

  it('charges a repeated idempotency key once, also when the repeats race', async () => {
    const [user] = await newUsers('1381000', 1);
    await applyMoves(t.rt.db, {
      key: `test-grant:${user}`,
      kind: 'grant',
      moves: [{ userId: user!, currency: 'gold', amount: 10_000, kind: 'grant' }],
    });
    const op = {
      key: `test-dup:${user}`,
      kind: 'gift',
      moves: [{ userId: user!, currency: 'gold' as const, amount: -2_500, kind: 'gift_send' }],
    };
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => applyMoves(t.rt.db, op)));
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    for (const outcome of outcomes) {
      expect(outcome.moves).toEqual([{ ...op.moves[0], balanceAfter: 7_500 }]);
    }
    const again = await applyMoves(t.rt.db, op);
    expect(again).toMatchObject({ replayed: true, operationId: outcomes[0]!.operationId });
    expect((await readBalances(t.rt.db, user!)).gold).toBe(7_500);
  });

  it('a refusal moves nothing, and inside a caller transaction leaves its work alone', async () => {
    const [a, b] = await newUsers('1382000', 2);
    await applyMoves(t.rt.db, {
      key: `test-grant:${a}`,
      kind: 'grant',
      moves: [{ userId: a!, currency: 'gold', amount: 1_000, kind: 'grant' }],
    });
    const transfer = (amount: number, key: string) => ({
      key,
      kind: 'gift',
      moves: [
        { userId: a!, currency: 'gold' as const, amount: -amount, kind: 'gift_send' },
        { userId: b!, currency: 'income' as const, amount, kind: 'gift_income' },
      ],
    });
    // b's credit sorts after a's debit, but a larger debit must also undo nothing else.
    await expect(applyMoves(t.rt.db, transfer(1_001, 'test-refuse'))).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    expect(await readBalances(t.rt.db, a!)).toEqual({ gold: 1_000, diamond: 0, income: 0 });
    expect(await readBalances(t.rt.db, b!)).toEqual({ gold: 0, diamond: 0, income: 0 });
    const [refused] = await t.rt.db
      .select()
      .from(ledgerOperations)
      .where(eq(ledgerOperations.idempotencyKey, 'test-refuse'));
    expect(refused).toBeUndefined();

    // Inside a caller's transaction: the refusal is caught, the caller's own write still commits,
    // and a later transfer in the same transaction goes through.
    await t.rt.db.transaction(async (tx) => {
      await tx.update(users).set({ nickName: 'Saver' }).where(eq(users.id, a!));
      await expect(applyMoves(tx, transfer(5_000, 'test-refuse-2'))).rejects.toThrow(
        InsufficientBalanceError,
      );
      await applyMoves(tx, transfer(400, 'test-ok'));
    });
    const [renamed] = await t.rt.db.select().from(users).where(eq(users.id, a!));
    expect(renamed?.nickName).toBe('Saver');
    expect((await readBalances(t.rt.db, a!)).gold).toBe(600);
    expect((await readBalances(t.rt.db, b!)).income).toBe(400);

    // A caller's rollback takes the moves with it.
    await expect(
      t.rt.db.transaction(async (tx) => {
        await applyMoves(tx, transfer(100, 'test-rolled-back'));
        throw new Error('gift failed later');
      }),
    ).rejects.toThrow('gift failed later');
    expect((await readBalances(t.rt.db, a!)).gold).toBe(600);
    expect(isClean(await verifyLedger(t.rt.db))).toBe(true);
  });

  it('names the refused move, and refuses a credit to a user without a wallet', async () => {
    const [a] = await newUsers('1382100', 1);
    await applyMoves(t.rt.db, {
      key: `test-grant:${a}`,
      kind: 'grant',
      moves: [{ userId: a!, currency: 'gold', amount: 1_000, kind: 'grant' }],
    });
    // The gold debit could be paid; the diamond one cannot, and it is the one named.
    const refusal = await applyMoves(t.rt.db, {
      key: 'test-two-debits',
      kind: 'purchase',
      moves: [
        { userId: a!, currency: 'gold', amount: -500, kind: 'purchase' },
        { userId: a!, currency: 'diamond', amount: -1, kind: 'purchase' },
      ],
    }).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(InsufficientBalanceError);
    expect(refusal).toMatchObject({ userId: a, currency: 'diamond' });
    // No wallet behind the credit (no such user): an error, and nothing moved.
    await expect(
      applyMoves(t.rt.db, {
        key: 'test-no-wallet',
        kind: 'gift',
        moves: [
          { userId: a!, currency: 'gold', amount: -100, kind: 'gift_send' },
          { userId: 2_000_000_000, currency: 'income', amount: 100, kind: 'gift_income' },
        ],
      }),
    ).rejects.toThrow(/has no wallet/);
    expect(await readBalances(t.rt.db, a!)).toEqual({ gold: 1_000, diamond: 0, income: 0 });
    const keys = await t.rt.db
      .select()
      .from(ledgerOperations)
      .where(inArray(ledgerOperations.idempotencyKey, ['test-two-debits', 'test-no-wallet']));
    expect(keys).toEqual([]);
  });

  it('verification reports a balance changed behind the ledger', async () => {
    const [user] = await newUsers('1383000', 1);
    await applyMoves(t.rt.db, {
      key: `test-grant:${user}`,
      kind: 'grant',
      moves: [{ userId: user!, currency: 'diamond', amount: 300, kind: 'grant' }],
    });
    await t.rt.db.update(wallets).set({ diamond: 301 }).where(eq(wallets.userId, user!));
    const report = await verifyLedger(t.rt.db);
    expect(isClean(report)).toBe(false);
    expect(report.drift).toEqual([
      { userId: user, currency: 'diamond', balance: 301, ledger: 300, lastBalanceAfter: 300 },
    ]);
    await t.rt.db.update(wallets).set({ diamond: 300 }).where(eq(wallets.userId, user!));
    expect(isClean(await verifyLedger(t.rt.db))).toBe(true);
  });
});
