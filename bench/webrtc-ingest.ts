/**
 * The WebRTC ingest alone in a process of its own, for the latency benchmark (which reads its CPU
 * from /proc): the settings `npm run media` reads (WEBRTC_PORT, WEBRTC_ICE_ADDRESSES, ...), the
 * site's hooks at BENCH_HOOK_BASE with BENCH_HOOK_TOKEN, streams forwarded to the RTMP ingest on
 * 127.0.0.1:BENCH_RTMP_PORT. Tells its parent `{ url }` once listening and stops on SIGTERM.
 */
import { startWebRtcIngest } from '../src/server/webrtc/server.ts';
import { readWebRtcSettings } from '../src/server/env-webrtc.ts';

const settings = readWebRtcSettings();
const ingest = await startWebRtcIngest({
  host: '127.0.0.1',
  port: settings.port,
  ice: settings.ice,
  hookBase: process.env.BENCH_HOOK_BASE ?? '',
  hookToken: process.env.BENCH_HOOK_TOKEN ?? '',
  rtmpPort: Number(process.env.BENCH_RTMP_PORT),
  keyframeMs: settings.keyframeMs,
  maxViewers: settings.maxViewers,
});
process.send?.({ url: ingest.url });
process.once('SIGTERM', () => {
  void ingest.stop().then(() => process.exit(0));
});
