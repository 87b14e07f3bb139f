/** The persistent device fingerprint sent as `device-info` (local storage `device_no`). */

const KEY = 'device_no';

function hash(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

/**
 * The device id: made once from browser traits plus randomness, then kept in local storage,
 * so it survives reloads and differs between devices that look alike.
 */
export function deviceId(): string {
  if (typeof localStorage === 'undefined') return '';
  let id = localStorage.getItem(KEY);
  if (!id || !/^[a-f0-9]{16}-[a-f0-9]{16}$/.test(id)) {
    const traits = [
      navigator.userAgent,
      navigator.language,
      screen.width,
      screen.height,
      screen.colorDepth,
      Intl.DateTimeFormat().resolvedOptions().timeZone,
      navigator.hardwareConcurrency,
    ].join('|');
    const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
    id = `${hash(traits)}-${random}`;
    localStorage.setItem(KEY, id);
  }
  return id;
}
