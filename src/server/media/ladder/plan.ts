/**
 * The quality ladder's plan: which renditions a live gets from its source's size (1080p, 720p and
 * 480p at or below it, never upscaled), the ffmpeg command that makes them from the ingest, and
 * the master playlist that lists them beside the source. Pure functions; the supervisor
 * (supervisor.ts) runs them.
 */
import path from 'node:path';

/** The heights of the ladder, highest first (spec §1: 1080p, 720p, 480p). */
export const LADDER_HEIGHTS = [1080, 720, 480] as const;

/** Video bit rate (kbit/s) of each transcoded height. */
export const LADDER_KBPS: Record<number, number> = { 1080: 5000, 720: 2800, 480: 1200 };

/** x264 presets the transcoder may use (MEDIA_PRESET). */
export const PRESETS = ['ultrafast', 'superfast', 'veryfast'] as const;

/** One x264 preset. */
export type Preset = (typeof PRESETS)[number];

/** Default preset: see docs/benchmarks.md ("Quality ladder"). */
export const DEFAULT_PRESET: Preset = 'veryfast';

/** Default cap on lives transcoded at once: see docs/benchmarks.md ("Quality ladder"). */
export const DEFAULT_TRANSCODE_MAX = 2;

/** What the ingest's source stream is. */
export interface SourceInfo {
  width: number;
  height: number;
  /** Frames per second, 0 when unknown. */
  fps: number;
  /** Bits per second of the whole stream, measured from its segments. */
  bitrate: number;
  /** Whether it carries audio. */
  audio: boolean;
}

/** The transcoder's settings (MEDIA_TRANSCODE_MAX, MEDIA_PRESET). */
export interface LadderSettings {
  /** Lives transcoded at once; beyond it a live is served as its source only. 0 turns it off. */
  max: number;
  preset: Preset;
}

/** Reads MEDIA_TRANSCODE_MAX and MEDIA_PRESET; throws on bad values. */
export function readLadderSettings(source: NodeJS.ProcessEnv = process.env): LadderSettings {
  const max = Number(source.MEDIA_TRANSCODE_MAX ?? DEFAULT_TRANSCODE_MAX);
  if (!Number.isInteger(max) || max < 0) {
    throw new Error(`Bad MEDIA_TRANSCODE_MAX: ${source.MEDIA_TRANSCODE_MAX} (a whole number)`);
  }
  const preset = source.MEDIA_PRESET ?? DEFAULT_PRESET;
  if (!(PRESETS as readonly string[]).includes(preset)) {
    throw new Error(`Bad MEDIA_PRESET: ${preset} (${PRESETS.join(', ')})`);
  }
  return { max, preset: preset as Preset };
}

/** The heights to transcode for a source `height` tall: those of the ladder below it. */
export function ladderFor(height: number): number[] {
  return LADDER_HEIGHTS.filter((h) => h < height);
}

/** An even width for `height` keeping the source's shape. */
export function widthFor(source: Pick<SourceInfo, 'width' | 'height'>, height: number): number {
  return Math.round((source.width * height) / source.height / 2) * 2;
}

/**
 * nginx-rtmp's HLS adds this much (0.7 s) to every timestamp (NGX_RTMP_HLS_DELAY); the
 * transcoder adds the same so that its renditions and the source share one timeline.
 */
export const NGINX_HLS_DELAY_S = 0.7;

/** What transcodeArgs needs. */
export interface TranscodeJob {
  /** The live's RTMP address on the ingest (loopback). */
  input: string;
  /** Folder its playlists and segments go to. */
  outDir: string;
  /** Heights to make, from ladderFor. */
  heights: readonly number[];
  preset: Preset;
  source: Pick<SourceInfo, 'width' | 'height'>;
}

/**
 * ffmpeg's arguments: the live decoded once, each height scaled and encoded with x264 into its
 * own HLS playlist `<height>.m3u8` (segments `<height>-<n>.ts`), audio copied. Keyframes fall
 * exactly where the source's do (`-force_key_frames source`, no scene cuts, no keyframes of
 * x264's own) and timestamps are the source's, so every rendition cuts its fragments at the same
 * instants as nginx's source playlist and hls.js switches between them cleanly.
 */
export function transcodeArgs(job: TranscodeJob): string[] {
  // nginx keeps a player waiting when the publisher goes: end 3 s after the last data instead.
  const quiet = ['-rw_timeout', '3000000'];
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    ...quiet,
    '-copyts',
    '-i',
    job.input,
  ];
  for (const height of job.heights) {
    const kbps = LADDER_KBPS[height] ?? 1200;
    args.push(
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-vf',
      `scale=${widthFor(job.source, height)}:${height}`,
      '-c:v',
      'libx264',
      '-preset',
      job.preset,
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-force_key_frames',
      'source',
      '-sc_threshold',
      '0',
      '-g',
      '600',
      '-b:v',
      `${kbps}k`,
      '-maxrate',
      `${Math.round(kbps * 1.2)}k`,
      '-bufsize',
      `${kbps * 2}k`,
      '-c:a',
      'copy',
      '-muxdelay',
      '0',
      '-muxpreload',
      '0',
      '-output_ts_offset',
      String(NGINX_HLS_DELAY_S),
      '-f',
      'hls',
      '-hls_time',
      '1',
      '-hls_list_size',
      '6',
      '-hls_flags',
      'delete_segments+independent_segments+temp_file+discont_start',
      // A restarted transcoder numbers on from the wall clock: its playlist never goes back to
      // sequence 0 under a player that already holds later numbers, and no segment name is reused.
      '-hls_start_number_source',
      'epoch',
      '-hls_segment_filename',
      path.join(job.outDir, `${height}-%d.ts`),
      path.join(job.outDir, `${height}.m3u8`),
    );
  }
  return args;
}

/** The name of the master playlist in a live's ladder folder. */
export const MASTER_NAME = 'master.m3u8';

/**
 * The master playlist: the source first (nginx's own playlist `../<anchorId>.m3u8`, untouched,
 * so it keeps playing whatever happens to the transcoder), then each transcoded height.
 */
export function ladderMaster(anchorId: number, source: SourceInfo, heights: readonly number[]) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const fps = source.fps > 0 ? `,FRAME-RATE=${source.fps.toFixed(3)}` : '';
  const audio = source.audio ? 128_000 : 0;
  lines.push(
    `#EXT-X-STREAM-INF:BANDWIDTH=${Math.max(source.bitrate, 1)},RESOLUTION=${source.width}x${source.height}${fps}`,
    `../${anchorId}.m3u8`,
  );
  for (const height of heights) {
    const bandwidth = Math.round((LADDER_KBPS[height] ?? 1200) * 1.2 * 1000) + audio;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${widthFor(source, height)}x${height}${fps}`,
      `${height}.m3u8`,
    );
  }
  return lines.join('\n') + '\n';
}
