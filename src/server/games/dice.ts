/** Server-side randomness of the games: crypto RNG, injectable for tests. */
import { randomInt } from 'node:crypto';
import { DIE_FACES } from '../../lib/games/dice.ts';

/** Returns an integer in [0, max). */
export type Rng = (max: number) => number;

/** Uniform integers from node:crypto; what the API uses. */
export const cryptoRng: Rng = (max) => randomInt(0, max);

/** Rolls `count` dice, each 1-6. */
export function rollDice(rng: Rng, count: number): number[] {
  return Array.from({ length: count }, () => rng(DIE_FACES) + 1);
}
