/**
 * GET /api/studio/stream_health: the health of the calling anchor's incoming stream
 * (src/server/media/health.ts) for the anchor centre and the anchor's own live room, which
 * ask every 5 s while live. Anchors only, on their own room: `anchor_id`, when sent, must be
 * the caller's. A live pinned to another ingest machine is asked of that machine.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { input } from '../http/validate.ts';
import { readLiveHealth } from '../media/health.ts';
import { rateLimit } from '../shared/limits.ts';
import { requireOwnRoom } from './live.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { studioApi } from '../../lib/studio/api.ts';

/** Two screens polling every 5 s fit well under 60 a minute. */
const reads = rateLimit('studio.health', 60, 60_000);

const healthRequest = z.object({
  anchor_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
});

/** The prefix app.ts mounts healthRoutes under. */
export const HEALTH_MOUNT = '/api/studio';

/** Stream health route, mounted under /api/studio. */
export const healthRoutes = new Hono<ApiEnv>().on(
  ...routeOf(HEALTH_MOUNT, studioApi.streamHealth),
  requireUser,
  async (c) => {
    const { anchor_id } = await input(c, healthRequest);
    const rt = c.get('rt');
    const user = c.get('user')!;
    if (anchor_id !== undefined && anchor_id !== user.id) {
      throw new ApiError('studio.health.errors.notOwner');
    }
    await reads.enforce(rt, String(user.id));
    const room = await requireOwnRoom(rt.db, user.id);
    const health = await readLiveHealth(rt.env, user.id, {
      sessionOpen: room.sessionOpen,
      streamUrl: room.streamUrl,
    });
    return ok(c, health);
  },
);
