/** The game calls (endpoint descriptors): the player's state and the two rolls. */
import { get, post } from '../api/endpoint.ts';
import type { GameState, MonopolyRoll, SieveRoll } from './api-types.ts';

/** What the dice game's roll sends: a size or parity guess, or a total. */
export type SieveRollParams = { bet: 'total'; total: number } | { bet: string };

export const gamesApi = {
  /** The caller's free plays, points and board position. */
  state: get<GameState>('/api/game/state'),
  /** Rolls the three dice for a guess. */
  sieveRoll: post<SieveRoll, SieveRollParams>('/api/game/sieve/roll'),
  /** Rolls the board game's die. */
  monopolyRoll: post<MonopolyRoll>('/api/game/monopoly/roll'),
};
