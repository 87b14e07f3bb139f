/**
 * Cutting one clip without re-encoding: the planned segments (with the fMP4 initialisation
 * segment first, when there is one) are joined byte for byte into a temporary file, which both
 * MPEG-TS and fragmented MP4 allow, and ffmpeg copies its streams into an MP4 with its index at
 * the front (`+faststart`, so it plays while it downloads), stopping at the asked end. Then
 * ffprobe reads its length and picture size and one frame becomes the JPEG thumbnail.
 */
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { FFMPEG_BIN, FFPROBE_BIN, grabThumbnail, run } from '../recordings/ffmpeg.ts';
import type { CutPlan } from './source.ts';

/** What a finished cut measured. */
export interface CutResult {
  durationMs: number;
  width: number;
  height: number;
}

/** Joins the plan's files into `out` (segments are a few megabytes each: read whole). */
async function join(plan: CutPlan, out: string): Promise<void> {
  const sink = await open(out, 'w', 0o600);
  try {
    for (const file of [...(plan.init ? [plan.init] : []), ...plan.segments.map((s) => s.file)]) {
      await sink.write(await plan.files.bytes(file));
    }
  } finally {
    await sink.close();
  }
}

/** Length (ms) and picture size of an MP4. */
export async function probeClip(file: string): Promise<CutResult> {
  const out = await run(
    FFPROBE_BIN,
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=width,height:format=duration',
      '-of',
      'json',
      file,
    ],
    30_000,
  );
  const json = JSON.parse(out) as {
    streams?: { width?: number; height?: number }[];
    format?: { duration?: string };
  };
  const seconds = Number(json.format?.duration);
  const stream = json.streams?.[0];
  if (!Number.isFinite(seconds) || seconds <= 0 || !stream?.width || !stream.height) {
    throw new Error('the cut has no video');
  }
  return { durationMs: Math.round(seconds * 1000), width: stream.width, height: stream.height };
}

/** Cuts `plan` into `video` with its thumbnail `thumb` (both in one folder); returns what it measured. */
export async function cutClip(plan: CutPlan, video: string, thumb: string): Promise<CutResult> {
  const dir = path.dirname(video);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const joined = `${video}.src`;
  const partial = `${video}.part.mp4`;
  try {
    await join(plan, joined);
    await run(
      FFMPEG_BIN,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-i',
        joined,
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-t',
        plan.length.toFixed(3),
        '-c',
        'copy',
        '-avoid_negative_ts',
        'make_zero',
        '-movflags',
        '+faststart',
        partial,
      ],
      60_000,
    );
    const result = await probeClip(partial);
    // A second into what was asked for, not the lead-in before the asked start.
    const at = Math.min(plan.askedStart - plan.start + 1, result.durationMs / 2000);
    await grabThumbnail(partial, Math.max(0, at), thumb);
    await rename(partial, video);
    return result;
  } catch (error) {
    await rm(thumb, { force: true });
    throw error;
  } finally {
    await rm(joined, { force: true });
    await rm(partial, { force: true });
  }
}
