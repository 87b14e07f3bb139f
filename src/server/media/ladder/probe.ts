/**
 * What a live's source is: its newest segment in nginx's HLS folder, read with ffprobe (size,
 * frame rate, audio) and measured (bytes over its listed duration for the bit rate).
 */
import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SourceInfo } from './plan.ts';

/** Debian's ffprobe. */
export const FFPROBE_BIN = '/usr/bin/ffprobe';

/** The newest segment of a media playlist and its duration (s), or null when it lists none. */
export function newestSegment(playlist: string): { uri: string; seconds: number } | null {
  const lines = playlist.split(/\r?\n/).map((l) => l.trim());
  for (let i = lines.length - 1; i >= 0; i--) {
    const uri = lines[i]!;
    if (!uri || uri.startsWith('#')) continue;
    const inf = lines
      .slice(0, i)
      .reverse()
      .find((l) => l.startsWith('#EXTINF:'));
    return { uri, seconds: Number(inf?.slice(8).split(',')[0]) || 0 };
  }
  return null;
}

/** Frames per second from ffprobe's `30000/1001` form. */
export function parseRate(rate: string | undefined): number {
  const [num, den] = (rate ?? '').split('/').map(Number);
  if (!num || !den) return 0;
  return Math.round((num / den) * 1000) / 1000;
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
}

/** The source of `anchorId`'s live, or null while it has no segment (or ffprobe failed). */
export async function probeSource(
  hlsDir: string,
  anchorId: number,
  ffprobe = FFPROBE_BIN,
): Promise<SourceInfo | null> {
  const playlist = await readFile(path.join(hlsDir, `${anchorId}.m3u8`), 'utf8').catch(() => '');
  const segment = newestSegment(playlist);
  if (!segment || path.basename(segment.uri) !== segment.uri) return null;
  const file = path.join(hlsDir, segment.uri);
  const size = (await stat(file).catch(() => null))?.size ?? 0;
  const out = await new Promise<string>((resolve) => {
    execFile(
      ffprobe,
      [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_type,width,height,avg_frame_rate,r_frame_rate',
        '-of',
        'json',
        file,
      ],
      { timeout: 5_000 },
      (error, stdout) => resolve(error ? '' : stdout),
    );
  });
  let streams: ProbeStream[] = [];
  try {
    streams = (JSON.parse(out) as { streams?: ProbeStream[] }).streams ?? [];
  } catch {
    return null;
  }
  const video = streams.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video) return null;
  return {
    width: video.width!,
    height: video.height!,
    fps: parseRate(video.avg_frame_rate) || parseRate(video.r_frame_rate),
    bitrate: segment.seconds > 0 ? Math.round((size * 8) / segment.seconds) : 0,
    audio: streams.some((s) => s.codec_type === 'audio'),
  };
}

/**
 * The first fragment of the newest publish a source playlist shows: nginx-rtmp marks it with
 * `#EXT-X-DISCONTINUITY` (its timestamps start over). Null once the window has moved past it.
 */
export function publishEpoch(playlist: string): string | null {
  const lines = playlist.split(/\r?\n/).map((l) => l.trim());
  const mark = lines.lastIndexOf('#EXT-X-DISCONTINUITY');
  if (mark === -1) return null;
  return lines.slice(mark + 1).find((l) => l && !l.startsWith('#')) ?? null;
}
