/**
 * Demo data: accounts, rooms, fixtures, settings and banners for a fresh database.
 * All demo accounts sign in with DEMO_PASSWORD.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/index.ts';
import * as schema from '../db/schema.ts';
import { users } from '../db/schema.ts';
import { seedCategories } from './categories.ts';
import { seedBanners, seedConfig, seedMaintenance } from './config.ts';
import { seedMatchCentre } from './match-centre.ts';
import { seedSports } from './matches.ts';
import { DEMO_PASSWORD, DEMO_ROOMS } from './people.ts';
import { seedLiveHistory } from './live-history.ts';
import { seedFans, seedRankings } from './rankings.ts';
import { seedLivePlans, seedReplays } from './replays.ts';
import { seedReplayChat } from './replay-chat.ts';
import { seedMessaging } from './messaging.ts';
import { seedQuizzes } from './quizzes.ts';
import { seedRooms } from './rooms.ts';
import { syncGiftCatalogue } from '../gifts/service.ts';
import { seedUsers } from './users.ts';
import { seedVouchers } from './vouchers.ts';
import { seedWorldCup } from './world-cup.ts';

/** Password of every demo account. */
export { DEMO_PASSWORD } from './people.ts';

/** Every table of the schema, quoted, for TRUNCATE. */
const TABLE_NAMES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => `"${getTableName(table)}"`);

/** Choices of a demo seed. */
export interface SeedOptions {
  /** A month of the first anchor's past lives with real gifts (default true; tests skip it). */
  liveHistory?: boolean;
  /** The demo replays' chat tracks (default true; tests that do not read them skip them). */
  replayChat?: boolean;
  /** DEMO_PASSWORD already hashed, when the caller has it (a test run hashes it once). */
  passwordHash?: string;
}

async function seedInto(
  db: Db,
  now: Date,
  passwordHash: string,
  options: SeedOptions,
): Promise<void> {
  await seedCategories(db);
  await syncGiftCatalogue(db);
  const matchIds = await seedSports(db, now);
  await seedWorldCup(db, now);
  await seedMatchCentre(db, matchIds, now);
  const userIds = await seedUsers(db, passwordHash, now);
  await seedVouchers(db, userIds, now);
  await seedRooms(db, userIds, matchIds, now);
  await seedReplays(db, userIds, now);
  await seedLivePlans(db, userIds, matchIds, now);
  await seedConfig(db, now);
  await seedBanners(db, userIds.get(DEMO_ROOMS[0]!.anchorMobile)!);
  await seedMaintenance(db, now);
  const fanIds = await seedFans(db, now, passwordHash);
  const everyone = new Map([...userIds, ...fanIds]);
  if (options.replayChat ?? true) await seedReplayChat(db, everyone);
  await seedRankings(db, everyone, now);
  await seedQuizzes(db, everyone, now);
  await seedMessaging(db, everyone, now);
  await seedLiveHistory(db, everyone, now, options.liveHistory ?? true);
}

/** Inserts all demo data into an empty database in one transaction. */
export async function seedDemo(db: Db, now = new Date(), options: SeedOptions = {}): Promise<void> {
  // Hash once outside the transaction: scrypt is slow and every account shares the password.
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  await db.transaction(async (tx) => {
    await seedInto(tx, now, passwordHash, options);
  });
}

/** True when no user exists yet, i.e. the database was never seeded or used. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

/** Deletes every row of every table, restarting ids, then seeds the demo data again. */
export async function resetDemoData(db: Db, now = new Date()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`TRUNCATE TABLE ${TABLE_NAMES.join(', ')} RESTART IDENTITY CASCADE`));
    await seedInto(tx, now, passwordHash, {});
  });
}
