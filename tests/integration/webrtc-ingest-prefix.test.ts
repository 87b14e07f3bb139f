/**
 * The WebRTC sessions of an ingest machine seen through the balancer: the process beside ingest
 * `a` (INGEST_NAME=a) gives a session's Location back under `/ingest/a`, where the browser's
 * DELETE reaches it again; on one machine the Location is the ingest's own. A real WebRTC ingest
 * asks the site's real check_publish, so the anchor's live must be started.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { mediaHookToken } from '../../src/server/ingest/hooks.ts';
import { createRequestListener } from '../../src/server/server.ts';
import { createSession } from '../../src/server/sessions.ts';
import { startWebRtcIngest, type WebRtcIngest } from '../../src/server/webrtc/server.ts';
import {
  callApi,
  LIVE_FORM,
  openTestRuntime,
  type TestRuntime,
  userIdByMobile,
} from './helpers.ts';
import { freePort } from './redis-helpers.ts';
import { LOOPBACK, publisher, send } from './webrtc-helpers.ts';

const SESSION = '[0-9a-f-]{36}';

describe('WebRTC sessions beside an ingest machine', () => {
  let t: TestRuntime;
  let webrtc: WebRtcIngest | undefined;
  let site: Server;
  let base: string;
  let anchor: number;
  let key: string;

  beforeAll(async () => {
    t = await openTestRuntime('pglite', {
      INGEST_NAME: 'a',
      INGESTS: 'a http://10.0.0.5:4321 rtmp://a.example.test/live',
    });
    const api = createApi(t.rt);
    anchor = await userIdByMobile(t.rt.db, '13900000012');
    const headers = { authorization: `Bearer ${await createSession(t.rt.db, anchor, 'test')}` };
    const info = await callApi<{ anchor_secret: string }>(
      api,
      'POST',
      '/webapi/live/getStreamInfo',
      {},
      headers,
    );
    key = info.data.anchor_secret;
    expect((await callApi(api, 'POST', '/webapi/live/startLive', LIVE_FORM, headers)).status).toBe(
      0,
    );
    // The site listens first: the ingest asks its hooks, the site passes /whip to the ingest.
    site = createServer();
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    webrtc = await startWebRtcIngest({
      host: '127.0.0.1',
      port: 0,
      ice: LOOPBACK,
      hookBase: base,
      hookToken: mediaHookToken(t.rt.env.secret),
      // Nothing listens: the forwarded stream goes nowhere, the session is answered all the same.
      rtmpPort: await freePort(),
    });
    site.on(
      'request',
      createRequestListener({
        rt: t.rt,
        api,
        hub: undefined as never,
        webrtcPort: Number(new URL(webrtc.url).port),
      }),
    );
  }, 60_000);
  afterAll(async () => {
    await webrtc?.stop();
    await new Promise((resolve) => site?.close(resolve));
    await t?.dispose();
  });

  /** Publishes through the site, checks the Location and ends the session where it says. */
  const session = async (expected: RegExp, strip: string) => {
    const pub = await publisher(`${base}/whip/${anchor}?key=${key}`);
    try {
      expect(pub.answer.status).toBe(201);
      const location = pub.answer.location!;
      expect(location).toMatch(expected);
      // The balancer takes the prefix off on the way to this machine.
      const ended = await send(`${base}${location.slice(strip.length)}`, 'DELETE', '', {
        authorization: `Bearer ${key}`,
      });
      expect(ended.status).toBe(200);
    } finally {
      await pub.pc.close();
    }
  };

  it('gives the Location under the ingest prefix with INGEST_NAME, as it is without', async () => {
    await session(new RegExp(`^/ingest/a/whip/${anchor}/${SESSION}$`), '/ingest/a');
    t.rt.env.ingestName = null;
    await session(new RegExp(`^/whip/${anchor}/${SESSION}$`), '');
  }, 60_000);
});
