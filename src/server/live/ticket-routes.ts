/**
 * Ticket-paid rooms: POST /api/live/ticket_room {anchor_id} tells the viewer whether they may
 * enter (and only then gives the stream, with a pass to a ticket live's video, src/server/media/pass.ts,
 * so asking again before the pass runs out renews it); POST /api/live/enter_ticket_room {anchor_id} pays the
 * room's tickets once per live, idempotently. Rules in tickets.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import { playbackUrl } from './rooms.ts';
import { isIngestUrl } from '../media/stream.ts';
import { issuePass, withPass } from '../media/pass.ts';
import { buyEntry, entryDetails, type EntryDetails, type EntryState } from './tickets.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { ticketsApi } from '../../lib/tickets/api.ts';

const roomRequest = z.object({
  anchor_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/**
 * The state as the client sees it: the stream the player loads (the demo clip with MEDIA=demo),
 * with a pass to the live's video in its query when the video is behind a ticket.
 */
function withPlayback(
  env: { media: 'demo' | 'live'; mediaDir: string; secret: string },
  { state, passFor }: EntryDetails,
  viewerId: number | undefined,
): EntryState {
  let url = state.stream_url && playbackUrl(env.media, state.stream_url, env.mediaDir);
  if (url && passFor && viewerId !== undefined && isIngestUrl(url)) {
    url = withPass(url, issuePass(env.secret, state.anchor_id, passFor, viewerId));
  }
  return { ...state, stream_url: url };
}

/** The prefix app.ts mounts ticketRoutes under. */
export const TICKET_MOUNT = '/api/live';

/** Ticket routes, mounted under /api/live; each app has its own payment limiter. */
export function ticketRoutes() {
  /** Entry payments per user per minute: a person pays a few times an evening, a script more. */
  const payments = rateLimit('tickets.payments', 10, 60_000);
  return new Hono<ApiEnv>()
    .on(...routeOf(TICKET_MOUNT, ticketsApi.room), async (c) => {
      const { anchor_id } = await input(c, roomRequest);
      const user = c.get('user');
      const details = await entryDetails(c.get('rt').db, anchor_id, user);
      if (!details) throw new ApiError('errors.notFound', { httpStatus: 404 });
      return ok(c, withPlayback(c.get('rt').env, details, user?.id));
    })
    .on(...routeOf(TICKET_MOUNT, ticketsApi.enter), requireUser, async (c) => {
      const { anchor_id } = await input(c, roomRequest);
      const user = c.get('user')!;
      if (!(await payments.take(c.get('rt'), String(user.id))))
        throw new ApiError('errors.tooMany', { httpStatus: 429 });
      const result = await buyEntry(c.get('rt').db, anchor_id, user);
      if (!result.ok) {
        if (result.reason === 'noRoom') throw new ApiError('errors.notFound', { httpStatus: 404 });
        throw new ApiError('liveRoom.ticket.notEnough');
      }
      const state = withPlayback(c.get('rt').env, result.details, user.id);
      return ok(c, { ...state, charged: result.charged ? 1 : 0 });
    });
}
