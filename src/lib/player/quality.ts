/**
 * Renditions and the quality menu: options from the levels of a master playlist (as hls.js
 * reports them or as parsed here for native HLS), and which level an option selects.
 */

/** One variant stream of the master playlist. */
export interface Rendition {
  /** Picture height in lines; 0 when the playlist does not say. */
  height: number;
  /** Peak bits per second (BANDWIDTH). */
  bitrate: number;
  /** Absolute URL of the media playlist (native HLS only). */
  uri?: string;
}

/** What the viewer picked: automatic switching, or a fixed height. */
export type QualityChoice = 'auto' | number;

/** One entry of the quality menu. */
export interface QualityOption {
  value: QualityChoice;
  /** `1080p`; the Auto entry's label is translated by the view. */
  label: string;
}

/** The label of a height, e.g. `720p`. */
export function heightLabel(height: number): string {
  return `${height}p`;
}

/** Menu entries: each distinct height, highest first, then Auto. */
export function qualityOptions(renditions: readonly Rendition[]): QualityOption[] {
  const heights = [...new Set(renditions.map((r) => r.height).filter((h) => h > 0))].sort(
    (a, b) => b - a,
  );
  return [
    ...heights.map((h) => ({ value: h, label: heightLabel(h) })),
    { value: 'auto', label: '' },
  ];
}

/** The level index for a choice: -1 for Auto, else the best-bitrate level of that height. */
export function levelFor(renditions: readonly Rendition[], choice: QualityChoice): number {
  if (choice === 'auto') return -1;
  let best = -1;
  renditions.forEach((r, i) => {
    if (r.height === choice && (best === -1 || r.bitrate > renditions[best]!.bitrate)) best = i;
  });
  return best;
}

/**
 * The level to start on for a player `pixels` device pixels tall: the smallest rendition at
 * least that tall (what capping auto to the player's size would settle on), else the tallest;
 * -1 (the engine's own choice) while the player has no size or the heights are unknown.
 */
export function startLevelFor(renditions: readonly Rendition[], pixels: number): number {
  if (!(pixels > 0)) return -1;
  let fits = -1;
  let tallest = -1;
  renditions.forEach((r, i) => {
    if (r.height <= 0) return;
    if (r.height >= pixels && (fits === -1 || r.height < renditions[fits]!.height)) fits = i;
    if (tallest === -1 || r.height > renditions[tallest]!.height) tallest = i;
  });
  return fits === -1 ? tallest : fits;
}

/** The rendition height closest to a decoded picture height (native HLS reports only that). */
export function nearestHeight(renditions: readonly Rendition[], height: number): number | null {
  if (height <= 0 || renditions.length === 0) return null;
  return renditions.reduce((a, b) =>
    Math.abs(b.height - height) < Math.abs(a.height - height) ? b : a,
  ).height;
}

/** Reads one attribute of an EXT-X-STREAM-INF line. */
function attribute(line: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|[:,])${name}=("[^"]*"|[^,]*)`).exec(line);
  return match?.[1]?.replace(/^"|"$/g, '');
}

/** The variants of a master playlist, URIs resolved against `baseUrl`; empty for a media playlist. */
export function parseMasterPlaylist(text: string, baseUrl: string): Rendition[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const renditions: Rendition[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const uri = lines.slice(i + 1).find((l) => l && !l.startsWith('#'));
    if (!uri) continue;
    const resolution = attribute(line, 'RESOLUTION')?.split('x');
    renditions.push({
      height: Number(resolution?.[1] ?? 0) || 0,
      bitrate: Number(attribute(line, 'BANDWIDTH') ?? 0) || 0,
      uri: new URL(uri, baseUrl).href,
    });
  }
  return renditions;
}
