/**
 * Match calls, mounted under /api/match: the spec's getSportMatchComp and getSportMatch (leagues
 * and matches a live can cover), booking and unbooking a match, and one's bookings. All need a
 * login, and book/unbook are limited per user (30 a minute) so a script cannot flood the table.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import {
  bookRequest,
  sportMatchCompRequest,
  sportMatchRequest,
} from '../../lib/validation/booking.ts';
import { unixSeconds } from '../../lib/time.ts';
import { leagueMatches, leaguesWithMatches } from '../studio/catalog.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import { bookMatch, listBookings, unbookMatch, type BookedMatch } from './bookings.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { bookingsApi } from '../../lib/bookings/api.ts';

/** Book and unbook calls a user may make per minute. */
export const BOOKING_RATE = { limit: 30, windowMs: 60_000 } as const;

/** A booked match as the API returns it (times in unix seconds, like the spec's other calls). */
function bookingJson(m: BookedMatch) {
  return {
    match_id: m.id,
    sport_id: m.sportId,
    league: m.league,
    start_time: unixSeconds(m.startTime),
    status: m.status,
    home: m.home,
    away: m.away,
    home_score: m.homeScore,
    away_score: m.awayScore,
    live_rooms: m.liveRooms,
    booked_at: unixSeconds(m.bookedAt),
  };
}

/** The prefix app.ts mounts matchRoutes under. */
export const MATCH_MOUNT = '/api/match';

/** The booking routes with their own rate limiter. */
export function matchRoutes() {
  const limiter = rateLimit('sports.bookings', BOOKING_RATE.limit, BOOKING_RATE.windowMs);
  const limit: MiddlewareHandler<ApiEnv> = async (c, next) => {
    if (!(await limiter.take(c.get('rt'), `u:${c.get('user')!.id}`))) {
      throw new ApiError('errors.tooMany', { httpStatus: 429 });
    }
    await next();
  };
  return (
    new Hono<ApiEnv>()
      // Per route, not use('*'): other routers may share the /api/match prefix.
      // Spec §7: the leagues of a sport with open matches, and one league's open matches.
      .post('/getSportMatchComp', requireUser, async (c) => {
        const { sport_id } = await input(c, sportMatchCompRequest);
        const comps = await leaguesWithMatches(c.get('rt').db, sport_id, c.get('locale'));
        return ok(c, { sport_live_match_comp: comps });
      })
      .post('/getSportMatch', requireUser, async (c) => {
        const { comp, sport_id } = await input(c, sportMatchRequest);
        const { db } = c.get('rt');
        const list = await leagueMatches(db, comp, c.get('locale'), new Date(), sport_id);
        return ok(c, { sport_live_match: list });
      })
      .on(...routeOf(MATCH_MOUNT, bookingsApi.book), requireUser, limit, async (c) => {
        const { match_id } = await input(c, bookRequest);
        await bookMatch(c.get('rt').db, c.get('user')!.id, match_id);
        return ok(c, { match_id, booked: true });
      })
      .on(...routeOf(MATCH_MOUNT, bookingsApi.unbook), requireUser, limit, async (c) => {
        const { match_id } = await input(c, bookRequest);
        await unbookMatch(c.get('rt').db, c.get('user')!.id, match_id);
        return ok(c, { match_id, booked: false });
      })
      .on(...routeOf(MATCH_MOUNT, bookingsApi.list), requireUser, async (c) => {
        const list = await listBookings(c.get('rt').db, c.get('user')!.id, c.get('locale'));
        c.header('cache-control', 'private, no-store');
        return ok(c, list.map(bookingJson));
      })
  );
}
