// @vitest-environment happy-dom
/** The games store: loading the state, rolling, refusals, history and one roll at a time. */
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as client from '../api/client.ts';
import type { GameState, MonopolyRoll, SieveRoll } from '../games/api-types.ts';
import * as games from './games.ts';
import { $token } from './session.ts';
import { gamesApi } from '../games/api.ts';

const api = vi.hoisted(() => ({
  answers: new Map<string, () => Promise<unknown>>(),
  calls: [] as { method: string; path: string; body?: Record<string, unknown> }[],
}));

vi.mock('../api/client.ts', async (importOriginal) => {
  const real = await importOriginal<typeof client>();
  return {
    ...real,
    send: (endpoint: { method: string; path: string }, body?: Record<string, unknown>) => {
      api.calls.push({ method: endpoint.method, path: endpoint.path, body });
      const answer = api.answers.get(endpoint.path);
      return answer
        ? answer()
        : Promise.reject(new real.ApiCallError(`no route ${endpoint.path}`, -1));
    },
  };
});

const STATE: GameState = {
  free_plays: 5,
  total_points: 40,
  games: {
    sieve: { plays_left: 5, points: 30, position: 0 },
    monopoly: { plays_left: 4, points: 10, position: 3 },
  },
};

const SIEVE: SieveRoll = {
  dice: [6, 5, 1],
  total: 12,
  result: 'big',
  win: true,
  points: 10,
  game_points: 40,
  total_points: 50,
  plays_left: 4,
};

const MOVE: MonopolyRoll = {
  die: 2,
  from: 3,
  path: [4, 5],
  position: 5,
  passed_start: false,
  chance_points: null,
  points: 0,
  game_points: 10,
  total_points: 50,
  plays_left: 3,
};

beforeEach(() => {
  api.answers.clear();
  api.calls.length = 0;
  $token.set('t'.repeat(43));
});

afterEach(() => {
  cleanStores(
    games.$gameState,
    games.$rolling,
    games.$gameError,
    games.$sieveHistory,
    games.$lastMove,
  );
  if ($token.get()) $token.set(undefined);
});

describe('games store', () => {
  it('loads nothing for guests', async () => {
    $token.set(undefined);
    await games.loadGameState();
    expect(games.$gameState.get()).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('loads the state of a logged-in player', async () => {
    api.answers.set(gamesApi.state.path, () => Promise.resolve(STATE));
    await games.loadGameState();
    expect(games.$gameState.get()).toEqual(STATE);
  });

  it('rolls the dice, updates plays and points and keeps a short history', async () => {
    games.$gameState.set(STATE);
    api.answers.set(gamesApi.sieveRoll.path, () => Promise.resolve(SIEVE));
    const result = await games.rollSieve({ kind: 'total', total: 12 });
    expect(result).toEqual(SIEVE);
    expect(api.calls.at(-1)).toMatchObject({ method: 'post', body: { bet: 'total', total: 12 } });
    expect(games.$gameState.get()).toMatchObject({
      total_points: 50,
      games: { sieve: { plays_left: 4, points: 40 }, monopoly: STATE.games.monopoly },
    });
    for (let i = 0; i < games.HISTORY_SIZE + 2; i += 1) await games.rollSieve({ kind: 'big' });
    expect(games.$sieveHistory.get()).toHaveLength(games.HISTORY_SIZE);
    expect(games.$sieveHistory.get()[0]!.bet).toEqual({ kind: 'big' });
  });

  it('moves the token and remembers the last move', async () => {
    games.$gameState.set(STATE);
    api.answers.set(gamesApi.monopolyRoll.path, () => Promise.resolve(MOVE));
    await games.rollMonopoly();
    expect(games.$lastMove.get()).toEqual(MOVE);
    expect(games.$gameState.get()?.games.monopoly).toEqual({
      plays_left: 3,
      points: 10,
      position: 5,
    });
  });

  it('shows a refusal and changes nothing', async () => {
    games.$gameState.set(STATE);
    const { ApiCallError } = await import('../api/client.ts');
    api.answers.set(gamesApi.sieveRoll.path, () =>
      Promise.reject(new ApiCallError('No free plays left today', 1)),
    );
    expect(await games.rollSieve({ kind: 'small' })).toBeNull();
    expect(games.$gameError.get()).toBe('No free plays left today');
    expect(games.$gameState.get()).toEqual(STATE);
    expect(games.$rolling.get()).toBeNull();
  });

  it('sends one roll at a time', async () => {
    let release: (v: unknown) => void = () => {};
    api.answers.set(gamesApi.sieveRoll.path, () => new Promise((resolve) => (release = resolve)));
    const first = games.rollSieve({ kind: 'big' });
    expect(games.$rolling.get()).toBe('sieve');
    expect(await games.rollSieve({ kind: 'big' })).toBeNull();
    release(SIEVE);
    expect(await first).toEqual(SIEVE);
    expect(api.calls).toHaveLength(1);
    expect(games.$rolling.get()).toBeNull();
  });

  it('applyRoll leaves a missing state alone', () => {
    expect(games.applyRoll(null, 'sieve', SIEVE)).toBeNull();
  });
});
