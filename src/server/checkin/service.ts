/**
 * The daily check-in: one per user and Beijing day, a 7-day cycle of rewards read from
 * app_config (`checkin_rewards`). A missed day starts the cycle again at day one; after day
 * seven it starts again too. The unique (user, day) index is the guard: concurrent check-ins of
 * one user insert one row between them, and only the transaction that inserted it pays, with a
 * ledger key per user and day on top.
 */
import { and, count, desc, eq, lte } from 'drizzle-orm';
import { log } from '../log.ts';
import {
  checkinRewardsSchema,
  DEFAULT_CHECKIN_REWARDS,
  type CheckinRewards,
  type RewardSpec,
} from '../../lib/rewards/types.ts';
import { addDays, siteDay } from '../../lib/time.ts';
import type { Db } from '../db/index.ts';
import { appConfig, checkins } from '../db/schema.ts';
import { payRewards } from '../rewards/service.ts';

/** Length of the cycle (spec §9). */
export const CYCLE_DAYS = 7;

/** app_config key of the cycle's rewards. */
export const CHECKIN_REWARDS_KEY = 'checkin_rewards';

/** The configured cycle; the defaults when the row is missing or malformed (logged). */
export async function readCheckinRewards(db: Db): Promise<CheckinRewards> {
  const [row] = await db
    .select({ value: appConfig.value })
    .from(appConfig)
    .where(eq(appConfig.key, CHECKIN_REWARDS_KEY));
  if (!row) return DEFAULT_CHECKIN_REWARDS;
  const parsed = checkinRewardsSchema.safeParse(row.value);
  if (parsed.success) return parsed.data;
  log('warn', 'checkin_rewards_invalid', { issue: parsed.error.issues[0]?.message ?? '' });
  return DEFAULT_CHECKIN_REWARDS;
}

/** Where a user stands in the cycle on a day. */
export interface CheckinState {
  /** The Beijing day it is. */
  today: string;
  /** True when today's check-in is done. */
  checkedToday: boolean;
  /** Days of the cycle done (0-7): shown as checked. */
  doneInCycle: number;
  /** The cycle day today's check-in is (or was). */
  todayCycleDay: number;
  /** Consecutive days up to today (0 when the run is broken). */
  continuous: number;
}

/** The user's state on `now`'s Beijing day, from their latest check-in. */
export async function checkinState(db: Db, userId: number, now: Date): Promise<CheckinState> {
  const today = siteDay(now);
  const [last] = await db
    .select({ day: checkins.day, cycleDay: checkins.cycleDay, continuous: checkins.continuous })
    .from(checkins)
    .where(and(eq(checkins.userId, userId), lte(checkins.day, today)))
    .orderBy(desc(checkins.day))
    .limit(1);
  if (last?.day === today) {
    return {
      today,
      checkedToday: true,
      doneInCycle: last.cycleDay,
      todayCycleDay: last.cycleDay,
      continuous: last.continuous,
    };
  }
  if (last?.day === addDays(today, -1)) {
    const done = last.cycleDay % CYCLE_DAYS;
    return {
      today,
      checkedToday: false,
      doneInCycle: done,
      todayCycleDay: done + 1,
      continuous: last.continuous,
    };
  }
  return { today, checkedToday: false, doneInCycle: 0, todayCycleDay: 1, continuous: 0 };
}

/** What a check-in did. */
export type CheckinOutcome =
  | {
      done: true;
      day: string;
      cycleDay: number;
      continuous: number;
      exp: number;
      rewards: RewardSpec[];
    }
  | { done: false };

/** The ledger and backpack key of a user's check-in on a day. */
export function checkinKey(userId: number, day: string): string {
  return `checkin:${userId}:${day}`;
}

/**
 * Checks the user in for `now`'s Beijing day and pays that cycle day's rewards, all in one
 * transaction; `{ done: false }` when the day's check-in exists already (nothing is paid).
 */
export async function checkIn(db: Db, userId: number, now: Date): Promise<CheckinOutcome> {
  const cycle = await readCheckinRewards(db);
  return db.transaction(async (tx) => {
    const state = await checkinState(tx, userId, now);
    if (state.checkedToday) return { done: false };
    const day = cycle[state.todayCycleDay - 1]!;
    const continuous = state.continuous + 1;
    const [row] = await tx
      .insert(checkins)
      .values({
        userId,
        day: state.today,
        cycleDay: state.todayCycleDay,
        continuous,
        exp: day.exp,
        rewards: day.rewards,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: checkins.id });
    if (!row) return { done: false };
    await payRewards(
      tx,
      { userId, key: checkinKey(userId, state.today), kind: 'checkin' },
      day.rewards,
      day.exp,
    );
    return {
      done: true,
      day: state.today,
      cycleDay: state.todayCycleDay,
      continuous,
      exp: day.exp,
      rewards: day.rewards,
    };
  });
}

/** One check-in of the history. */
export interface CheckinRecord {
  day: string;
  cycleDay: number;
  continuous: number;
  exp: number;
  rewards: RewardSpec[];
  at: Date;
}

/** A page of the user's check-ins, newest first, and how many there are. */
export async function checkinHistory(
  db: Db,
  userId: number,
  page: number,
  size: number,
): Promise<{ records: CheckinRecord[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        day: checkins.day,
        cycleDay: checkins.cycleDay,
        continuous: checkins.continuous,
        exp: checkins.exp,
        rewards: checkins.rewards,
        at: checkins.createdAt,
      })
      .from(checkins)
      .where(eq(checkins.userId, userId))
      .orderBy(desc(checkins.day))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(checkins).where(eq(checkins.userId, userId)),
  ]);
  return { records: rows, total: total?.n ?? 0 };
}
