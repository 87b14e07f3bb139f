/**
 * The RTMP ingest's callbacks (nginx-rtmp `on_publish` and `on_publish_done`, form-encoded
 * POSTs from the nginx worker on this machine). A 2xx answer lets the stream in, anything else
 * drops it. Only loopback callers are heard: the hooks decide who may broadcast.
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../http/api-env.ts';
import { log } from '../log.ts';
import { announceRoomStatus, authorizePublish, publishDone } from '../studio/stream.ts';

function fromLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}

async function form(c: { req: { parseBody: () => Promise<Record<string, unknown>> } }) {
  const body = await c.req.parseBody();
  const text = (key: string) => (typeof body[key] === 'string' ? body[key] : '');
  return { name: text('name'), key: text('key'), app: text('app') };
}

/** Ingest hooks, mounted under /api/media. */
export const mediaHookRoutes = new Hono<ApiEnv>()
  .post('/on_publish', async (c) => {
    if (!fromLoopback(c.get('ip'))) return c.text('forbidden', 403);
    const { db, bus } = c.get('rt');
    const { name, key, app } = await form(c);
    const decision = await authorizePublish(db, name, key);
    if (!decision.ok) {
      // The key itself is never logged.
      log('warn', 'publish_refused', { app, name: name.slice(0, 20), reason: decision.reason });
      return c.text('refused', 403);
    }
    log('info', 'publish_started', { anchorId: decision.anchorId });
    await announceRoomStatus(db, bus, decision.anchorId);
    return c.text('ok', 200);
  })
  .post('/on_publish_done', async (c) => {
    if (!fromLoopback(c.get('ip'))) return c.text('forbidden', 403);
    const { db, bus } = c.get('rt');
    const { name } = await form(c);
    const anchorId = await publishDone(db, name);
    if (anchorId !== null) {
      log('info', 'publish_ended', { anchorId });
      await announceRoomStatus(db, bus, anchorId);
    }
    return c.text('ok', 200);
  });
