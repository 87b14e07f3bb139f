/** What the game calls answer, shared by the server and the browser store. */
import type { GameId } from './catalog.ts';
import type { SieveResult } from './sieve.ts';

/** One game's numbers for a user. */
export interface GameStanding {
  /** Free plays left today. */
  plays_left: number;
  /** Points won in this game so far. */
  points: number;
  /** Monopoly token tile (0 for the dice game). */
  position: number;
}

/** GET /api/game/state: the free plays a day, points over all games and each game's standing. */
export interface GameState {
  free_plays: number;
  total_points: number;
  games: Record<GameId, GameStanding>;
}

/** What every roll answers besides the game's own result. */
export interface PlayTotals {
  /** Points this roll won. */
  points: number;
  /** Points of this game after the roll. */
  game_points: number;
  /** Points over all games after the roll. */
  total_points: number;
  plays_left: number;
}

/** POST /api/game/sieve/roll. */
export interface SieveRoll extends PlayTotals {
  dice: number[];
  total: number;
  result: SieveResult;
  win: boolean;
}

/** POST /api/game/monopoly/roll. */
export interface MonopolyRoll extends PlayTotals {
  die: number;
  from: number;
  path: number[];
  position: number;
  passed_start: boolean;
  chance_points: number | null;
}
