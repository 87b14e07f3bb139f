/** Reading the renditions ffmpeg wrote and writing the master playlist that lists them. */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the master playlist says about one rendition. */
export interface RenditionInfo {
  /** Folder name and label, e.g. `720p`. */
  name: string;
  width: number;
  height: number;
  /** Peak bits per second over any one segment, audio included. */
  peak: number;
  /** Average bits per second over the whole clip. */
  average: number;
  /** RFC 6381 codecs, e.g. `avc1.4d401f,mp4a.40.2`. */
  codecs: string;
}

/** The `avc1.PPCCLL` name of the video track, read from the avcC box of the init segment. */
export function avcCodec(init: Buffer): string {
  const at = init.indexOf('avcC');
  if (at < 0) throw new Error('no avcC box in the init segment');
  const hex = (i: number) => init[at + 5 + i]!.toString(16).padStart(2, '0');
  return `avc1.${hex(0)}${hex(1)}${hex(2)}`;
}

/** Measures a rendition folder (index.m3u8, init.mp4, segments) written by ffmpeg. */
export function measureRendition(dir: string, width: number, height: number): RenditionInfo {
  const lines = readFileSync(path.join(dir, 'index.m3u8'), 'utf8').split('\n');
  const initSize = statSync(path.join(dir, 'init.mp4')).size;
  let peak = 0;
  let bytes = initSize;
  let seconds = 0;
  let duration = 0;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#')) {
      const size = statSync(path.join(dir, line)).size;
      bytes += size;
      seconds += duration;
      peak = Math.max(peak, (size * 8) / duration);
    }
  }
  return {
    name: path.basename(dir),
    width,
    height,
    peak: Math.ceil(peak / 1000) * 1000,
    average: Math.ceil((bytes * 8) / seconds / 1000) * 1000,
    codecs: `${avcCodec(readFileSync(path.join(dir, 'init.mp4')))},mp4a.40.2`,
  };
}

/** The master playlist: one EXT-X-STREAM-INF per rendition, in the order given. */
export function masterPlaylist(renditions: RenditionInfo[], fps: number): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.peak},AVERAGE-BANDWIDTH=${r.average},` +
        `RESOLUTION=${r.width}x${r.height},FRAME-RATE=${fps.toFixed(3)},CODECS="${r.codecs}"`,
      `${r.name}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}
