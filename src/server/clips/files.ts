/**
 * Where clips live: `<dataDir>/clips/<id>.mp4` and its thumbnail `<id>.jpg`, served under
 * /clip-media/ (serve.ts) while the clip is shown.
 */
import path from 'node:path';

/** Where the server serves clip files. */
export const CLIP_MEDIA_PATH = '/clip-media/';

/** The folder holding every clip's MP4 and thumbnail. */
export function clipsDir(dataDir: string): string {
  return path.join(dataDir, 'clips');
}

/** The file names of clip `id`. */
export function clipFileNames(id: number): { video: string; thumb: string } {
  return { video: `${id}.mp4`, thumb: `${id}.jpg` };
}

/** The public URL of a clip file name ('' for none). */
export function clipMediaUrl(name: string): string {
  return name ? `${CLIP_MEDIA_PATH}${name}` : '';
}
