/**
 * nginx-rtmp's statistics (`rtmp_stat all`, at /stat on the ingest's loopback control port, see
 * src/server/media/nginx.ts): per stream the bytes and bandwidth in, the encoder's announced
 * video (size, frame rate, codec) and the publisher's dropped frames and clock. The document is
 * small, flat and written by nginx itself, so it is read with patterns, not an XML library.
 */
import { CONTROL_TIMEOUT_MS, INGEST_APP } from './control.ts';

/** The path of the statistics on the control port. */
export const STAT_PATH = '/stat';

/** One published stream as nginx-rtmp reports it. */
export interface IngestStream {
  /** Stream name: the anchor's id. */
  name: string;
  /** Milliseconds since the stream started. */
  timeMs: number;
  bytesIn: number;
  /** Bandwidth in over nginx's last 10 s window, bits/s (0 during the first window). */
  bwIn: number;
  bwVideo: number;
  width: number | null;
  height: number | null;
  frameRate: number | null;
  codec: string | null;
  /** The publishing client's figures, when one is connected. */
  publisher: { timeMs: number; timestampMs: number; dropped: number } | null;
}

function tag(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return match ? match[1]! : null;
}

function num(xml: string, name: string): number | null {
  const text = tag(xml, name);
  if (text === null || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function block(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return match ? match[1]! : null;
}

/** The streams of application `app` in a /stat document. */
export function parseStat(xml: string, app = INGEST_APP): IngestStream[] {
  const applications = xml.split('<application>').slice(1);
  const mine = applications.find((a) => tag(a, 'name') === app);
  if (!mine) return [];
  const streams: IngestStream[] = [];
  for (const part of mine.split('<stream>').slice(1)) {
    const body = part.split('</stream>')[0]!;
    const name = tag(body, 'name');
    if (!name) continue;
    const video = block(body, 'video') ?? '';
    const publisher = body
      .split('<client>')
      .slice(1)
      .map((c) => c.split('</client>')[0]!)
      .find((c) => c.includes('<publishing/>'));
    streams.push({
      name,
      timeMs: num(body, 'time') ?? 0,
      bytesIn: num(body, 'bytes_in') ?? 0,
      bwIn: num(body, 'bw_in') ?? 0,
      bwVideo: num(body, 'bw_video') ?? 0,
      width: num(video, 'width'),
      height: num(video, 'height'),
      frameRate: num(video, 'frame_rate'),
      codec: tag(video, 'codec'),
      publisher: publisher
        ? {
            timeMs: num(publisher, 'time') ?? 0,
            timestampMs: num(publisher, 'timestamp') ?? 0,
            dropped: num(publisher, 'dropped') ?? 0,
          }
        : null,
    });
  }
  return streams;
}

/**
 * The ingest's streams, asked on 127.0.0.1:`controlPort`; null when the ingest cannot be asked
 * (not running here, or too slow).
 */
export async function readIngestStat(
  controlPort: number,
  timeoutMs = CONTROL_TIMEOUT_MS,
): Promise<IngestStream[] | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${controlPort}${STAT_PATH}`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return null;
    return parseStat(await res.text());
  } catch {
    return null;
  }
}
