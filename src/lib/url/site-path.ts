/** Site paths and outside addresses a setting or a link may name, as browsers will read them. */

/** A made-up origin to resolve paths against: nothing resolves to it unless it stays on the site. */
const HERE = 'https://site.invalid';

/**
 * True for a path on this site (`/about/3`, `/news?id=1`): it starts with one `/`, holds no
 * backslash, space or control character, and a browser resolving it stays on the site. False for
 * `//evil.example/x` and `/\evil.example` (browsers read both as another host).
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // Browsers treat `\` as `/` in paths, and drop tabs and new lines before parsing.
  if (/[\\\s\p{Cc}]/u.test(value)) return false;
  try {
    return new URL(value, HERE).origin === HERE;
  } catch {
    return false;
  }
}

/** True for an absolute http(s) address with a host, and nothing a browser would read otherwise. */
export function isWebAddress(value: string): boolean {
  if (/[\\\s\p{Cc}]/u.test(value) || !/^https?:\/\/[^/]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
