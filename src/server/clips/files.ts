/**
 * Where clips live: the objects `clips/<id>.mp4` and its thumbnail `clips/<id>.jpg` in the
 * site's store (the data folder, or the bucket), served under /clip-media/ (serve.ts) while the
 * clip is shown.
 */

/** Where the server serves clip files. */
export const CLIP_MEDIA_PATH = '/clip-media/';

/** The store key of a clip file name (`<id>.mp4`, `<id>.jpg`). */
export function clipKey(name: string): string {
  return `clips/${name}`;
}

/** The file names of clip `id`. */
export function clipFileNames(id: number): { video: string; thumb: string } {
  return { video: `${id}.mp4`, thumb: `${id}.jpg` };
}

/** The public URL of a clip file name ('' for none). */
export function clipMediaUrl(name: string): string {
  return name ? `${CLIP_MEDIA_PATH}${name}` : '';
}
