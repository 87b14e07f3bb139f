/** Demo ticket vouchers, so the voucher page of the demo accounts shows every state. */
import { TICKET_TYPE } from '../../lib/wallet/records.ts';
import type { Db } from '../db/index.ts';
import { vouchers } from '../db/schema.ts';
import { DEMO_ROOMS } from './people.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Gives the demo viewer and the noble viewer a few tickets: unused, used and expired. */
export async function seedVouchers(db: Db, ids: Map<string, number>, now: Date): Promise<void> {
  const viewer = ids.get('13900000001')!;
  const noble = ids.get('13900000002')!;
  const room = ids.get(DEMO_ROOMS[0]!.anchorMobile)!;
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  await db.insert(vouchers).values([
    { userId: viewer, type: TICKET_TYPE, source: 'welcome', createdAt: at(-3), expiresAt: at(27) },
    {
      userId: viewer,
      type: TICKET_TYPE,
      source: 'activity',
      anchorId: room,
      createdAt: at(-1),
      expiresAt: at(6),
    },
    {
      userId: viewer,
      type: TICKET_TYPE,
      source: 'activity',
      createdAt: at(-20),
      expiresAt: at(10),
      usedAt: at(-12),
    },
    {
      userId: viewer,
      type: TICKET_TYPE,
      source: 'welcome',
      createdAt: at(-60),
      expiresAt: at(-30),
    },
    { userId: noble, type: TICKET_TYPE, source: 'recharge', createdAt: at(-2), expiresAt: at(28) },
  ]);
}
