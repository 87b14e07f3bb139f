/**
 * The platform's own ledger accounts for quizzes. Stakes are held by the quiz escrow account
 * from the bet to the draw; the platform account receives fees and rounding remainders and
 * covers winnings a cancellation after the draw cannot take back. Both are user rows with role 0
 * (system): no password, and a mobile that is not a phone number, so nobody can log in as them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';

/** Holds every stake of a quiz until it is paid out or refunded. */
export const QUIZ_ESCROW_ID = 1;
/** Receives fees and remainders; covers what a reversed winner had already spent. */
export const PLATFORM_ID = 2;
/** Role of system accounts. */
export const SYSTEM_ROLE = 0;

/** Creates the two accounts and their wallets when missing; safe to call any number of times. */
export async function ensureSystemAccounts(db: Db): Promise<void> {
  await db.execute(sql`
    insert into users (id, mobile, nick_name, role)
    values (${QUIZ_ESCROW_ID}, 'system:quiz-escrow', 'Quiz pool', ${SYSTEM_ROLE}),
      (${PLATFORM_ID}, 'system:platform', 'Platform', ${SYSTEM_ROLE})
    on conflict do nothing`);
  await db.execute(sql`
    insert into wallets (user_id) values (${QUIZ_ESCROW_ID}), (${PLATFORM_ID})
    on conflict do nothing`);
}
