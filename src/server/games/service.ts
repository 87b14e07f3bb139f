/**
 * Game plays: a play is taken from today's free plays with one conditional upsert (so parallel
 * requests cannot exceed the limit), rolled here with crypto randomness, scored with the shared
 * rules and stored with the points, all in one transaction. Games never touch gold or diamond.
 */
import { and, eq, sql } from 'drizzle-orm';
import type {
  GameStanding,
  GameState,
  MonopolyRoll,
  PlayTotals,
  SieveRoll,
} from '../../lib/games/api-types.ts';
import { DAILY_FREE_PLAYS, GAME_IDS, type GameId } from '../../lib/games/catalog.ts';
import { CHANCE_PRIZES, monopolyMove } from '../../lib/games/monopoly.ts';
import { betLabel, sieveOutcome, type SieveBet } from '../../lib/games/sieve.ts';
import { siteDay } from '../../lib/time.ts';
import type { Db } from '../db/index.ts';
import { gamePlayers, gamePlays } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { cryptoRng, rollDice, type Rng } from './dice.ts';

/** Each game's standing and the total, as of `now`'s Beijing day. */
export async function gameState(db: Db, userId: number, now = new Date()): Promise<GameState> {
  const day = siteDay(now);
  const rows = await db.select().from(gamePlayers).where(eq(gamePlayers.userId, userId));
  const games = Object.fromEntries(
    GAME_IDS.map((game) => {
      const row = rows.find((r) => r.game === game);
      const used = row && row.playsDay === day ? row.playsToday : 0;
      return [
        game,
        {
          plays_left: Math.max(0, DAILY_FREE_PLAYS - used),
          points: row?.points ?? 0,
          position: row?.position ?? 0,
        },
      ];
    }),
  ) as Record<GameId, GameStanding>;
  const total_points = rows.reduce((sum, r) => sum + r.points, 0);
  return { free_plays: DAILY_FREE_PLAYS, total_points, games };
}

/**
 * Takes one of today's free plays: the counter starts again on a new Beijing day, and the
 * update only happens below the limit. Returns the row as it was before the play, or throws.
 */
async function takePlay(tx: Db, userId: number, game: GameId, day: string) {
  const [row] = await tx
    .insert(gamePlayers)
    .values({ userId, game, playsDay: day, playsToday: 1 })
    .onConflictDoUpdate({
      target: [gamePlayers.userId, gamePlayers.game],
      set: {
        playsToday: sql`case when ${gamePlayers.playsDay} = excluded.plays_day then ${gamePlayers.playsToday} + 1 else 1 end`,
        playsDay: sql`excluded.plays_day`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${gamePlayers.playsDay} <> excluded.plays_day or ${gamePlayers.playsToday} < ${DAILY_FREE_PLAYS}`,
    })
    .returning({
      playsToday: gamePlayers.playsToday,
      points: gamePlayers.points,
      position: gamePlayers.position,
    });
  if (!row) throw new ApiError('games.api.noPlaysLeft', { params: { count: DAILY_FREE_PLAYS } });
  return row;
}

/** Adds the won points (and the new position), records the play and totals everything up. */
async function finishPlay(
  tx: Db,
  play: {
    userId: number;
    game: GameId;
    day: string;
    bet: string;
    dice: number[];
    outcome: Record<string, unknown>;
    points: number;
    position: number;
    playsToday: number;
  },
): Promise<PlayTotals> {
  const [updated] = await tx
    .update(gamePlayers)
    .set({ points: sql`${gamePlayers.points} + ${play.points}`, position: play.position })
    .where(and(eq(gamePlayers.userId, play.userId), eq(gamePlayers.game, play.game)))
    .returning({ points: gamePlayers.points });
  await tx.insert(gamePlays).values({
    userId: play.userId,
    game: play.game,
    day: play.day,
    bet: play.bet,
    dice: play.dice,
    outcome: play.outcome,
    points: play.points,
  });
  const [sum] = await tx
    .select({ total: sql<number>`coalesce(sum(${gamePlayers.points}), 0)::bigint`.mapWith(Number) })
    .from(gamePlayers)
    .where(eq(gamePlayers.userId, play.userId));
  return {
    points: play.points,
    game_points: updated?.points ?? play.points,
    total_points: sum?.total ?? 0,
    plays_left: Math.max(0, DAILY_FREE_PLAYS - play.playsToday),
  };
}

/** One roll of the dice game for a bet. */
export async function playSieve(
  db: Db,
  userId: number,
  bet: SieveBet,
  { now = new Date(), rng = cryptoRng }: { now?: Date; rng?: Rng } = {},
): Promise<SieveRoll> {
  const day = siteDay(now);
  return db.transaction(async (tx) => {
    const taken = await takePlay(tx, userId, 'sieve', day);
    const dice = rollDice(rng, 3);
    const outcome = sieveOutcome(dice, bet);
    const totals = await finishPlay(tx, {
      userId,
      game: 'sieve',
      day,
      bet: betLabel(bet),
      dice,
      outcome: { total: outcome.total, result: outcome.result },
      points: outcome.points,
      position: 0,
      playsToday: taken.playsToday,
    });
    return { dice, ...outcome, ...totals };
  });
}

/** One roll of the board game: one die from the token's tile. */
export async function playMonopoly(
  db: Db,
  userId: number,
  { now = new Date(), rng = cryptoRng }: { now?: Date; rng?: Rng } = {},
): Promise<MonopolyRoll> {
  const day = siteDay(now);
  return db.transaction(async (tx) => {
    const taken = await takePlay(tx, userId, 'monopoly', day);
    const [die] = rollDice(rng, 1) as [number];
    const move = monopolyMove(taken.position, die, rng(CHANCE_PRIZES.length));
    const totals = await finishPlay(tx, {
      userId,
      game: 'monopoly',
      day,
      bet: 'roll',
      dice: [die],
      outcome: {
        from: move.from,
        position: move.position,
        tile: move.tile.kind,
        passed_start: move.passedStart,
        chance_points: move.chancePoints,
      },
      points: move.points,
      position: move.position,
      playsToday: taken.playsToday,
    });
    return {
      die,
      from: move.from,
      path: move.path,
      position: move.position,
      passed_start: move.passedStart,
      chance_points: move.chancePoints,
      ...totals,
    };
  });
}
