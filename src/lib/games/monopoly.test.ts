import { describe, expect, it } from 'vitest';
import {
  BOARD,
  BOARD_SIDE,
  CHANCE_PRIZES,
  monopolyMove,
  START_BONUS,
  tileCell,
} from './monopoly.ts';

describe('monopoly board', () => {
  it('is a ring of 20 tiles with the start, rests and jackpot on the corners', () => {
    expect(BOARD).toHaveLength(4 * (BOARD_SIDE - 1));
    expect(BOARD[0]!.kind).toBe('start');
    expect(BOARD[5]!.kind).toBe('rest');
    expect(BOARD[10]!.kind).toBe('jackpot');
    expect(BOARD[15]!.kind).toBe('rest');
  });

  it('places every tile on a distinct cell of the grid border, neighbours side by side', () => {
    const cells = BOARD.map((_, i) => tileCell(i));
    expect(new Set(cells.map((c) => `${c.row},${c.col}`)).size).toBe(BOARD.length);
    for (const c of cells) {
      const onBorder = [0, BOARD_SIDE - 1].includes(c.row) || [0, BOARD_SIDE - 1].includes(c.col);
      expect(onBorder).toBe(true);
    }
    cells.forEach((c, i) => {
      const next = cells[(i + 1) % cells.length]!;
      expect(Math.abs(c.row - next.row) + Math.abs(c.col - next.col)).toBe(1);
    });
    expect(tileCell(0)).toEqual({ row: 0, col: 0 });
    expect(tileCell(10)).toEqual({ row: 5, col: 5 });
  });

  it('moves the token tile by tile and scores the landing tile', () => {
    const move = monopolyMove(0, 4, 0);
    expect(move).toMatchObject({ from: 0, path: [1, 2, 3, 4], position: 4, passedStart: false });
    expect(move.points).toBe(BOARD[4]!.points);
    expect(move.chancePoints).toBeNull();
  });

  it('adds the start bonus when passing or landing on the start', () => {
    const passing = monopolyMove(17, 5, 0);
    expect(passing).toMatchObject({ path: [18, 19, 0, 1, 2], position: 2, passedStart: true });
    expect(passing.points).toBe(BOARD[2]!.points + START_BONUS);
    const landing = monopolyMove(14, 6, 0);
    expect(landing).toMatchObject({ position: 0, passedStart: true, points: START_BONUS });
  });

  it('gives a chance tile the drawn prize', () => {
    const chanceTile = BOARD.findIndex((t) => t.kind === 'chance');
    CHANCE_PRIZES.forEach((prize, index) => {
      const move = monopolyMove(chanceTile - 1, 1, index);
      expect(move).toMatchObject({ chancePoints: prize, points: prize });
    });
  });

  it('wraps positions outside the ring', () => {
    expect(monopolyMove(21, 1, 0).from).toBe(1);
    expect(monopolyMove(-1, 1, 0).position).toBe(0);
  });
});
