/**
 * The games in the browser: the player's plays and points, the roll in progress and the last
 * results. Rolls happen on the server; this store only asks and remembers the answers.
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { gamesApi } from '../games/api.ts';
import type { GameState, MonopolyRoll, PlayTotals, SieveRoll } from '../games/api-types.ts';
import type { GameId } from '../games/catalog.ts';
import type { SieveBet } from '../games/sieve.ts';
import { $loggedIn } from './session.ts';

/** How many of the player's own rolls the dice game lists. */
export const HISTORY_SIZE = 6;

/** The player's plays and points; null for guests and until loaded. */
export const $gameState = atom<GameState | null>(null);
/** The game whose roll is on its way to the server, or null. */
export const $rolling = atom<GameId | null>(null);
/** The last refusal or failure, as a message to show. */
export const $gameError = atom<string | null>(null);
/** The player's dice rolls on this page, newest first. */
export const $sieveHistory = atom<(SieveRoll & { bet: SieveBet })[]>([]);
/** The last board move, for the result line. */
export const $lastMove = atom<MonopolyRoll | null>(null);

/** The state after a roll: that game's plays, points and position, and the total. */
export function applyRoll(
  state: GameState | null,
  game: GameId,
  roll: PlayTotals & { position?: number },
): GameState | null {
  if (!state) return state;
  const before = state.games[game];
  return {
    ...state,
    total_points: roll.total_points,
    games: {
      ...state.games,
      [game]: {
        plays_left: roll.plays_left,
        points: roll.game_points,
        position: roll.position ?? before.position,
      },
    },
  };
}

/** Loads the player's state (nothing for guests). */
export async function loadGameState(): Promise<void> {
  if (!$loggedIn.get()) {
    $gameState.set(null);
    return;
  }
  try {
    $gameState.set(await send(gamesApi.state));
    $gameError.set(null);
  } catch (err) {
    $gameError.set((err as Error).message);
  }
}

async function roll<T extends PlayTotals>(
  game: GameId,
  sendRoll: () => Promise<T>,
): Promise<T | null> {
  if ($rolling.get()) return null;
  $rolling.set(game);
  $gameError.set(null);
  try {
    const result = await sendRoll();
    $gameState.set(applyRoll($gameState.get(), game, result));
    return result;
  } catch (err) {
    $gameError.set((err as Error).message);
    return null;
  } finally {
    $rolling.set(null);
  }
}

/** Rolls the three dice for a guess; resolves with the result, or null when refused. */
export async function rollSieve(bet: SieveBet): Promise<SieveRoll | null> {
  const body =
    bet.kind === 'total' ? { bet: 'total' as const, total: bet.total } : { bet: bet.kind };
  const result = await roll<SieveRoll>('sieve', () => send(gamesApi.sieveRoll, body));
  if (result)
    $sieveHistory.set([{ ...result, bet }, ...$sieveHistory.get()].slice(0, HISTORY_SIZE));
  return result;
}

/** Rolls the die of the board game; resolves with the move, or null when refused. */
export async function rollMonopoly(): Promise<MonopolyRoll | null> {
  const result = await roll<MonopolyRoll>('monopoly', () => send(gamesApi.monopolyRoll));
  if (result) $lastMove.set(result);
  return result;
}
