/**
 * The board game (/monopoly): a ring of 20 tiles round a 6x6 grid. One die moves the token;
 * the landing tile gives points, passing or landing on the start gives a bonus, and a chance
 * tile gives a prize the server draws. Points are a free score, never money.
 */

/** Kinds of tile. */
export type TileKind = 'start' | 'points' | 'chance' | 'rest' | 'jackpot';

/** Pictures drawn on tiles. */
export type TileIcon =
  'flag' | 'football' | 'basketball' | 'tennis' | 'esports' | 'whistle' | 'trophy' | 'chance';

/** One tile of the ring. */
export interface Tile {
  kind: TileKind;
  /** Points for landing (points and jackpot tiles; 0 otherwise). */
  points: number;
  icon: TileIcon;
}

const p = (points: number, icon: TileIcon): Tile => ({ kind: 'points', points, icon });
const chance: Tile = { kind: 'chance', points: 0, icon: 'chance' };

/** The ring, clockwise from the start in the top-left corner; corners at 0, 5, 10 and 15. */
export const BOARD: readonly Tile[] = [
  { kind: 'start', points: 0, icon: 'flag' },
  p(5, 'football'),
  p(10, 'basketball'),
  chance,
  p(15, 'tennis'),
  { kind: 'rest', points: 0, icon: 'whistle' },
  p(10, 'esports'),
  p(20, 'football'),
  chance,
  p(5, 'basketball'),
  { kind: 'jackpot', points: 100, icon: 'trophy' },
  p(10, 'tennis'),
  p(15, 'esports'),
  chance,
  p(20, 'basketball'),
  { kind: 'rest', points: 0, icon: 'whistle' },
  p(25, 'football'),
  p(10, 'tennis'),
  chance,
  p(30, 'esports'),
];

/** Bonus for passing or landing on the start. */
export const START_BONUS = 20;

/** Prizes of a chance tile; the server draws one index uniformly. */
export const CHANCE_PRIZES: readonly number[] = [0, 5, 20, 50, 80];

/** Tiles per side of the square grid (the ring is 4 * (SIDE - 1) tiles). */
export const BOARD_SIDE = 6;

/** Where the token went and what it won. */
export interface MonopolyMove {
  from: number;
  /** Every tile stepped on, the last being where it stops. */
  path: number[];
  position: number;
  tile: Tile;
  /** True when the token passed or reached the start. */
  passedStart: boolean;
  /** The chance prize, when it stopped on a chance tile. */
  chancePoints: number | null;
  /** Everything won: tile points, chance prize and start bonus. */
  points: number;
}

/**
 * Moves the token `die` tiles on from `from`; `chanceIndex` picks the prize of a chance tile.
 * @example monopolyMove(18, 3, 0).passedStart // true (19, 0, 1)
 */
export function monopolyMove(from: number, die: number, chanceIndex: number): MonopolyMove {
  const size = BOARD.length;
  const start = ((Math.trunc(from) % size) + size) % size;
  const path = Array.from({ length: die }, (_, i) => (start + i + 1) % size);
  const position = path.at(-1) ?? start;
  const tile = BOARD[position]!;
  const passedStart = start + die >= size;
  const chancePoints = tile.kind === 'chance' ? (CHANCE_PRIZES[chanceIndex] ?? 0) : null;
  const points = tile.points + (chancePoints ?? 0) + (passedStart ? START_BONUS : 0);
  return { from: start, path, position, tile, passedStart, chancePoints, points };
}

/**
 * Grid cell (row and column, 0-based) of a tile: the top row left to right, down the right
 * side, the bottom row right to left, up the left side.
 */
export function tileCell(index: number): { row: number; col: number } {
  const last = BOARD_SIDE - 1;
  const i = ((index % BOARD.length) + BOARD.length) % BOARD.length;
  if (i <= last) return { row: 0, col: i };
  if (i <= 2 * last) return { row: i - last, col: last };
  if (i <= 3 * last) return { row: last, col: 3 * last - i };
  return { row: 4 * last - i, col: 0 };
}
