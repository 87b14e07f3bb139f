/**
 * What the media journeys share: the RTMP ingest (Debian's nginx with the RTMP module) started
 * for the journey's own server, its hooks calling that server, and test patterns pushed to it.
 */
import { mediaHookToken } from '../../src/server/ingest/hooks.ts';
import { startIngest, type Ingest } from '../../src/server/media/nginx.ts';
import type { Runtime } from '../../src/server/runtime.ts';
import { pushPattern, type Pattern } from '../media-pattern.ts';

/** Starts the ingest on `rtmpPort` for the server of `rt` reached at `baseURL`. */
export function startJourneyIngest(
  rt: Runtime,
  baseURL: string,
  rtmpPort: number,
): Promise<Ingest> {
  return startIngest({
    mediaDir: rt.env.mediaDir,
    rtmpHost: '127.0.0.1',
    rtmpPort,
    controlPort: rt.env.rtmpControlPort,
    hookBase: baseURL,
    hookToken: mediaHookToken(rt.env.secret),
    privateRoot: rt.env.dataDir,
  });
}

/** Pushes `pattern` to the ingest on `rtmpPort` under `stream`; resolves with ffmpeg's exit code. */
export function pushToIngest(
  rtmpPort: number,
  stream: string,
  pattern: Pattern,
  signal?: AbortSignal,
): Promise<number> {
  return pushPattern(`rtmp://127.0.0.1:${rtmpPort}/live/${stream}`, pattern, signal);
}
