/** Demo accounts with their wallets and backpacks; every starting balance is backed by a ledger grant. */
import type { Db } from '../db/index.ts';
import { applyMoves } from '../wallet/ledger.ts';
import { backpackItems, backpackLedger, users, wallets } from '../db/schema.ts';
import { avatarPath, DEMO_ACCOUNTS, DEMO_BACKPACK } from './people.ts';
import { nicknameKey } from '../users/nickname-key.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Ledger kind and reference of the starting balances. */
export const DEMO_GRANT = { kind: 'grant', reference: 'demo-seed' } as const;

/** Inserts every demo account, wallet and grant; returns user ids by mobile. */
export async function seedUsers(
  db: Db,
  passwordHash: string,
  now: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .insert(users)
    .values(
      DEMO_ACCOUNTS.map((account, index) => ({
        mobile: account.mobile,
        passwordHash,
        nickName: account.nickName,
        nickKey: nicknameKey(account.nickName),
        avatar: avatarPath(account),
        exp: account.exp,
        vipLevel: account.vipLevel,
        vipExpiresAt: account.vipDays ? new Date(now.getTime() + account.vipDays * DAY) : null,
        role: account.role,
        // Older accounts first, so "newest members" lists look natural.
        createdAt: new Date(now.getTime() - (120 - index * 5) * DAY),
      })),
    )
    .returning({ id: users.id, mobile: users.mobile });
  const ids = new Map(rows.map((row) => [row.mobile, row.id]));

  await db
    .insert(wallets)
    .values(DEMO_ACCOUNTS.map((account) => ({ userId: ids.get(account.mobile)! })));
  for (const account of DEMO_ACCOUNTS) {
    const userId = ids.get(account.mobile)!;
    const moves = (['gold', 'diamond', 'income'] as const)
      .filter((currency) => account[currency] !== 0)
      .map((currency) => ({ userId, currency, amount: account[currency], kind: DEMO_GRANT.kind }));
    if (moves.length === 0) continue;
    await applyMoves(db, { key: `${DEMO_GRANT.reference}:${userId}`, ...DEMO_GRANT, moves });
  }

  const items = DEMO_BACKPACK.map((item) => ({
    userId: ids.get(item.mobile)!,
    itemType: item.type,
    propsId: item.propsId,
  }));
  await db
    .insert(backpackItems)
    .values(items.map((item, i) => ({ ...item, quantity: DEMO_BACKPACK[i]!.quantity })));
  await db.insert(backpackLedger).values(
    items.map((item, i) => ({
      ...item,
      delta: DEMO_BACKPACK[i]!.quantity,
      ...DEMO_GRANT,
    })),
  );
  return ids;
}
