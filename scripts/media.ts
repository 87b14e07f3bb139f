/**
 * `npm run media`: the RTMP ingest for real broadcasts, and the WebRTC ingest beside it. Writes the nginx configuration under
 * MEDIA_DIR (default DATA_DIR/media) and runs Debian's nginx with libnginx-mod-rtmp in the
 * foreground until Ctrl-C. Run it next to `npm start` (same DATA_DIR, PORT and MEDIA_DIR):
 * nginx calls the server on 127.0.0.1:PORT to check each stream's key, and the server plays the
 * HLS that nginx writes. See the README's "Going live" section for pointing OBS at it.
 */
import { readEnv } from '../src/server/env.ts';
import { mediaHookToken } from '../src/server/ingest/hooks.ts';
import { startIngest } from '../src/server/media/nginx.ts';
import { readLadderSettings } from '../src/server/media/ladder/plan.ts';
import { startLadder } from '../src/server/media/ladder/supervisor.ts';
import { startWebRtcIngest } from '../src/server/webrtc/server.ts';
import { readWebRtcSettings } from '../src/server/env-webrtc.ts';

const env = readEnv();
const ingest = await startIngest({
  mediaDir: env.mediaDir,
  rtmpHost: env.rtmpHost,
  rtmpPort: env.rtmpPort,
  controlPort: env.rtmpControlPort,
  hookBase: `http://127.0.0.1:${env.port}`,
  hookToken: mediaHookToken(env.secret),
  privateRoot: env.dataDir,
}).catch((error: unknown) => {
  console.error(String(error instanceof Error ? error.message : error));
  process.exit(1);
});
console.log(
  `RTMP ingest on ${env.rtmpHost}:${env.rtmpPort}; anchors push to ${env.rtmpPublicUrl} ` +
    `with the stream key from the start-live dialog. HLS in ${env.mediaDir}/hls; control on ` +
    `127.0.0.1:${env.rtmpControlPort} (the site drops encoders of ended lives). Ctrl-C stops.`,
);
// The quality ladder: lives transcoded into the renditions below their source (see its module).
const ladderSettings = readLadderSettings();
const ladder = startLadder({
  mediaDir: env.mediaDir,
  rtmpPort: env.rtmpPort,
  settings: ladderSettings,
});
console.log(
  `Quality ladder: up to ${ladderSettings.max} lives transcoded at once, x264 preset ` +
    `${ladderSettings.preset}; masters under /hls/<anchor id>/master.m3u8.`,
);
// The WebRTC ingest: WHIP publishers and WHEP viewers, forwarded into the RTMP ingest above.
const webrtcSettings = readWebRtcSettings();
const webrtc = await startWebRtcIngest({
  host: '127.0.0.1',
  port: webrtcSettings.port,
  ice: webrtcSettings.ice,
  hookBase: `http://127.0.0.1:${env.port}`,
  hookToken: mediaHookToken(env.secret),
  rtmpPort: env.rtmpPort,
  keyframeMs: webrtcSettings.keyframeMs,
  maxViewers: webrtcSettings.maxViewers,
  connectMs: webrtcSettings.connectMs,
});
console.log(
  `WebRTC ingest (WHIP and WHEP) on ${webrtc.url}; the site passes /whip and /whep to it. ` +
    `ICE on ${webrtcSettings.ice.addresses.join(', ') || 'every interface'}.`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void webrtc
      .stop()
      .then(() => ladder.stop())
      .then(() => ingest.stop())
      .then(() => process.exit(0));
  });
}
ingest.process.once('exit', (code) => {
  console.error(`nginx exited (${code ?? 'signal'})`);
  process.exit(1);
});
