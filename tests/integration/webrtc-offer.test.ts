/**
 * When anchors are offered the WebRTC push address (getStreamInfo's web_rtc_push_url): while a
 * real WebRTC ingest answers on the configured loopback port, `<PUBLIC_URL>/whip/<id>?key=<key>`;
 * with nothing listening there, empty (the dialog then keeps its high-speed switch off);
 * WEBRTC_PUSH_URL, when given, whatever runs. A rotated key is in the new address at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { startWebRtcIngest, type WebRtcIngest } from '../../src/server/webrtc/server.ts';
import { callApi, openTestRuntime, type TestRuntime, userIdByMobile } from './helpers.ts';
import { freePort } from './redis-helpers.ts';

const ANCHOR = '13900000012';

describe('the WebRTC push address offered to anchors', () => {
  let t: TestRuntime;
  let app: ReturnType<typeof createApi>;
  let ingest: WebRtcIngest;
  let headers: Record<string, string>;
  let id: number;
  let silentPort: number;
  beforeAll(async () => {
    const port = await freePort();
    silentPort = await freePort();
    ingest = await startWebRtcIngest({
      host: '127.0.0.1',
      port,
      ice: { addresses: ['127.0.0.1'] },
      hookBase: 'http://127.0.0.1:9',
      hookToken: 'unused',
      rtmpPort: 9,
    });
    t = await openTestRuntime('pglite', {
      WEBRTC_PORT: String(port),
      PUBLIC_URL: 'https://live.example.test',
    });
    app = createApi(t.rt);
    id = await userIdByMobile(t.rt.db, ANCHOR);
    headers = { authorization: `Bearer ${await createSession(t.rt.db, id, 'test')}` };
  }, 60_000);
  afterAll(async () => {
    await ingest?.stop();
    await t?.dispose();
  });

  const info = async (path = '/webapi/live/getStreamInfo') => {
    const res = await callApi<Record<string, string>>(app, 'POST', path, {}, headers);
    expect(res.status).toBe(0);
    return res.data;
  };

  it('names the site’s /whip with the stream and key while the ingest answers', async () => {
    const data = await info();
    expect(data.web_rtc_push_url).toBe(
      `https://live.example.test/whip/${id}?key=${data.anchor_secret}`,
    );
    const rotated = await info('/webapi/live/resetStreamKey');
    expect(rotated.anchor_secret).not.toBe(data.anchor_secret);
    expect(rotated.web_rtc_push_url).toBe(
      `https://live.example.test/whip/${id}?key=${rotated.anchor_secret}`,
    );
  });

  it('offers nothing while no ingest listens, and the configured address when one is given', async () => {
    t.rt.env.webRtcPort = silentPort;
    expect((await info()).web_rtc_push_url).toBe('');
    t.rt.env.webRtcPushUrl = 'https://rtc.example.test/whip/';
    const data = await info();
    expect(data.web_rtc_push_url).toBe(
      `https://rtc.example.test/whip/${id}?key=${data.anchor_secret}`,
    );
  });
});
