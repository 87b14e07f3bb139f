/**
 * The one interface both storage drivers give (local.ts, s3.ts): the code above it names
 * objects by key (`uploads/2026/11/<hex>.webp`) and never knows which driver is in use.
 */
import type { Readable } from 'node:stream';

/** Public objects may be read by anyone at their address; private ones only through the site. */
export type Visibility = 'public' | 'private';

export interface PutOptions {
  contentType: string;
  visibility: Visibility;
}

export interface PutFileOptions extends PutOptions {
  /** The file is not needed afterwards: a driver on the same disk may move it, not copy it. */
  move?: boolean;
}

export interface ObjectInfo {
  size: number;
  contentType: string;
}

/** Bytes `start` to `end` of an object, both included (as an HTTP Range says them). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectStore {
  readonly driver: 'local' | 's3';
  /** Writes `body` as `key`, replacing what was there. */
  put(key: string, body: Uint8Array, options: PutOptions): Promise<void>;
  /** Writes the file at `file` as `key`, streamed (the file stays unless `options.move`). */
  putFile(key: string, file: string, options: PutFileOptions): Promise<void>;
  /** The whole object, or null when there is none. */
  read(key: string): Promise<Uint8Array | null>;
  /**
   * The object (or the `range` of it) as a stream with the whole object's size and type, or
   * null when there is none.
   */
  open(key: string, range?: ByteRange): Promise<{ info: ObjectInfo; body: Readable } | null>;
  /** Size and type, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object (nothing happens when there is none). */
  remove(key: string): Promise<void>;
  /** Every key that starts with `prefix` (a folder: ends with `/`), in no set order. */
  list(prefix: string): Promise<string[]>;
  /** Where a browser reads a public object; null: the site serves it itself. */
  publicUrl(key: string): string | null;
  /** A URL that reads a private object for `seconds`; null: the site serves it itself. */
  signedUrl(key: string, seconds: number): Promise<string | null>;
}

/**
 * Keys are relative paths of plain segments: letters, digits, `_`, `-` and `.` (no segment of
 * dots only), at most 512 characters. Anything else is a programming error, so it throws.
 */
export function checkKey(key: string): string {
  const segments = key.split('/');
  const fine =
    key.length > 0 &&
    key.length <= 512 &&
    segments.every((s) => /^[A-Za-z0-9_.-]+$/.test(s) && !/^\.+$/.test(s));
  if (!fine) throw new Error(`Bad object key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  ts: 'video/mp2t',
  json: 'application/json',
};

/** The content type a key's extension stands for (the local driver stores no types). */
export function typeOfKey(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** `YYYY/MM` of `now` in UTC: stored files are grouped by month. */
export function monthFolder(now: Date): string {
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Removes every object under `prefix` (a folder: ends with `/`). */
export async function removeAll(store: ObjectStore, prefix: string): Promise<void> {
  const keys = await store.list(prefix);
  for (const key of keys) await store.remove(key);
}

/** Checks a folder prefix: a key's shape followed by `/`. */
export function checkPrefix(prefix: string): string {
  if (!prefix.endsWith('/'))
    throw new Error(`Bad object prefix: ${JSON.stringify(prefix.slice(0, 80))}`);
  checkKey(prefix.slice(0, -1));
  return prefix;
}

/**
 * The object `key` when it has fewer than `limit` bytes: null when there is none, `too big`
 * when it has more (read no further than the limit, whatever its size says).
 */
export async function readUnder(
  store: ObjectStore,
  key: string,
  limit: number,
): Promise<Uint8Array | null | 'too big'> {
  const opened = await store.open(key);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of opened.body) {
    size += (chunk as Buffer).length;
    if (size >= limit) {
      opened.body.destroy();
      return 'too big';
    }
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
