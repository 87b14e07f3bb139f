/**
 * Passes to ticket lives' video (`?pass=<anchor>.<start>.<viewer>.<expiry>.<signature>`, issued
 * by the server for 20 minutes): the newest the page holds for each anchor. The room asks the API
 * for a new pass well before the last runs out (`PASS_RENEW_MS`) and keeps it here; the hls.js
 * engine puts the newest pass into every playlist and segment request of a URL that carries one,
 * so a paying viewer's playlists, reloaded from the same URLs for the whole live, never go stale.
 */

/** How often a page playing a ticket live renews its pass: a quarter of its life. */
export const PASS_RENEW_MS = 5 * 60_000;

const newest = new Map<string, string>();

/** The pass in a URL's query, or null. */
function passIn(url: string): string | null {
  const q = url.indexOf('?');
  return q === -1 ? null : new URLSearchParams(url.slice(q + 1)).get('pass');
}

/** True when `url` carries a pass. */
export function hasPass(url: string): boolean {
  return passIn(url) !== null;
}

/** Keeps the pass `url` carries as its anchor's newest. */
export function keepPass(url: string): void {
  const pass = passIn(url);
  if (pass) newest.set(pass.split('.')[0]!, pass);
}

/** `url` with its anchor's newest pass in place of the one it carries. */
export function freshPass(url: string): string {
  const pass = passIn(url);
  const fresh = pass && newest.get(pass.split('.')[0]!);
  if (!pass || !fresh || fresh === pass) return url;
  return url.replace(`pass=${pass}`, `pass=${fresh}`);
}
