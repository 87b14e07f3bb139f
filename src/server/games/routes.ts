/**
 * Game calls under /api/game: the player's state and the two rolls. Logged-in users only,
 * limited per user, refused while lottery_switch is off.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { monopolyRollRequest, sieveRollRequest } from '../../lib/validation/games.ts';
import { gamesOpen } from '../config/switches.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import { gameState, playMonopoly, playSieve } from './service.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { gamesApi } from '../../lib/games/api.ts';

/** Rolls per user and minute; plays are scarce anyway, this keeps scripts from hammering. */
export const GAME_RATE = { perMinute: 20 } as const;

/** Refuses while the games are switched off (lottery_switch other than 1). */
const open: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!(await gamesOpen(c.get('rt').db))) throw new ApiError('games.api.closed');
  await next();
};

/** The prefix app.ts mounts gameRoutes under. */
export const GAME_MOUNT = '/api/game';

/** The game routes; a new limiter per app, so tests and processes do not share counters. */
export function gameRoutes() {
  const limiter = rateLimit('games.calls', GAME_RATE.perMinute, 60_000);
  const limit: MiddlewareHandler<ApiEnv> = async (c, next) => {
    if (!(await limiter.take(c.get('rt'), `u:${c.get('user')!.id}`))) {
      throw new ApiError('errors.tooMany', { httpStatus: 429 });
    }
    await next();
  };
  return new Hono<ApiEnv>()
    .use('*', requireUser, open)
    .on(...routeOf(GAME_MOUNT, gamesApi.state), async (c) =>
      ok(c, await gameState(c.get('rt').db, c.get('user')!.id)),
    )
    .on(...routeOf(GAME_MOUNT, gamesApi.sieveRoll), limit, async (c) => {
      const bet = await input(c, sieveRollRequest);
      return ok(c, await playSieve(c.get('rt').db, c.get('user')!.id, bet));
    })
    .on(...routeOf(GAME_MOUNT, gamesApi.monopolyRoll), limit, async (c) => {
      await input(c, monopolyRollRequest);
      return ok(c, await playMonopoly(c.get('rt').db, c.get('user')!.id));
    });
}
