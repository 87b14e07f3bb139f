/**
 * The RTMP ingest's callbacks (nginx-rtmp `on_publish`, `on_publish_done` and `on_record_done`, form-encoded
 * POSTs from the nginx worker on this machine), and the WebRTC ingest's `check_publish`. A 2xx answer lets the stream in, anything else
 * drops it. A caller must be on loopback and present the hook token written into the nginx
 * config (a proxy on the same machine makes outside requests look local, so loopback alone is
 * not enough): the hooks decide who may broadcast and can take rooms offline.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { ApiEnv } from '../http/api-env.ts';
import { log } from '../log.ts';
import { alertFollowers } from '../messaging/system.ts';
import { parseRecordingName } from '../recordings/files.ts';
import { recordingWorker } from '../recordings/worker.ts';
import {
  announceRoomStatus,
  authorizePublish,
  checkPublish,
  publishDone,
} from '../media/stream.ts';

/** The token nginx sends with each hook call, derived from the server's secret. */
export function mediaHookToken(secret: string): string {
  return createHmac('sha256', secret).update('media-hooks').digest('hex').slice(0, 32);
}

function fromLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}

/** True when the call comes from this machine with the right hook token. */
function trusted(ip: string, token: string | undefined, secret: string): boolean {
  const want = Buffer.from(mediaHookToken(secret));
  const got = Buffer.from(token ?? '');
  return fromLoopback(ip) && got.length === want.length && timingSafeEqual(got, want);
}

async function form(c: { req: { parseBody: () => Promise<Record<string, unknown>> } }) {
  const body = await c.req.parseBody();
  const text = (key: string) => (typeof body[key] === 'string' ? body[key] : '');
  return { name: text('name'), key: text('key'), app: text('app') };
}

/** The prefix app.ts mounts mediaHookRoutes under. */
export const MEDIA_HOOK_MOUNT = '/api/media';

/** Ingest hooks, mounted under /api/media. */
export const mediaHookRoutes = new Hono<ApiEnv>()
  .post('/on_publish', async (c) => {
    if (!trusted(c.get('ip'), c.req.query('token'), c.get('rt').env.secret)) {
      return c.text('forbidden', 403);
    }
    const { db, bus, env } = c.get('rt');
    const { name, key, app } = await form(c);
    // The live is pinned to this machine's ingest (its prefix in the stream URL).
    const decision = await authorizePublish(db, name, key, env.ingestName);
    if (!decision.ok) {
      // The key itself is never logged.
      log('warn', 'publish_refused', { app, name: name.slice(0, 20), reason: decision.reason });
      return c.text('refused', 403);
    }
    log('info', 'publish_started', { anchorId: decision.anchorId });
    await announceRoomStatus(db, bus, decision.anchorId);
    // Followers hear of it after the answer: the ingest does not wait for ten thousand rows.
    void alertFollowers(db, bus, decision.anchorId).catch((error: unknown) =>
      log('error', 'go_live_alert_failed', { anchorId: decision.anchorId, error: String(error) }),
    );
    return c.text('ok', 200);
  })
  // The WebRTC ingest asks before it answers a publisher; the stream it then forwards to the
  // RTMP ingest goes through on_publish like any other.
  .post('/check_publish', async (c) => {
    if (!trusted(c.get('ip'), c.req.query('token'), c.get('rt').env.secret)) {
      return c.text('forbidden', 403);
    }
    const { name, key, app } = await form(c);
    const decision = await checkPublish(c.get('rt').db, name, key);
    if (decision.ok) return c.text('ok', 200);
    log('warn', 'publish_refused', { app, name: name.slice(0, 20), reason: decision.reason });
    return c.text('refused', 403);
  })
  .post('/on_publish_done', async (c) => {
    if (!trusted(c.get('ip'), c.req.query('token'), c.get('rt').env.secret)) {
      return c.text('forbidden', 403);
    }
    const { db, bus } = c.get('rt');
    const { name } = await form(c);
    const anchorId = await publishDone(db, name);
    if (anchorId !== null) {
      log('info', 'publish_ended', { anchorId });
      await announceRoomStatus(db, bus, anchorId);
    }
    return c.text('ok', 200);
  })
  .post('/on_record_done', async (c) => {
    const rt = c.get('rt');
    if (!trusted(c.get('ip'), c.req.query('token'), rt.env.secret)) {
      return c.text('forbidden', 403);
    }
    // A finished recording: queued for the recording worker, never waited for here.
    const body = await c.req.parseBody();
    const rec = typeof body.path === 'string' ? parseRecordingName(body.path) : null;
    if (rec) void recordingWorker(rt).enqueue(rec.file);
    return c.text('ok', 200);
  });
