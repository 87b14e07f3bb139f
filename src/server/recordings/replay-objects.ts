/**
 * A replay's files as objects of the media store: `replays/<stem>/index.m3u8` and its segments,
 * all private (the site checks every request: hidden replays and running ticket lives). ffmpeg
 * writes a replay into a work folder on this machine's disk; the folder is then handed to the
 * store, segments first and the playlist last, so a reader never finds a playlist whose
 * segments are missing. With the local driver that is a rename into `<MEDIA_DIR>/replays/`.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { removeAll, typeOfKey, type ObjectStore } from '../storage/store.ts';
import { PLAYLIST } from './files.ts';

/** The folder (key prefix) of the replay made from recording `stem`. */
export function replayPrefix(stem: string): string {
  return `replays/${stem}/`;
}

/** The key of file `name` of the replay made from recording `stem`. */
export function replayKey(stem: string, name: string): string {
  return `${replayPrefix(stem)}${name}`;
}

/** A fresh, private work folder for ffmpeg's output, beside the recordings on this machine. */
export function workFolder(mediaDir: string, name: string): string {
  return path.join(mediaDir, 'work', name);
}

/**
 * Hands every file of `dir` to the store as replay `stem`'s (segments first, a playlist last),
 * then removes `dir`. Returns the names handed over.
 */
export async function publishReplayFiles(
  store: ObjectStore,
  stem: string,
  dir: string,
): Promise<string[]> {
  const names = (await readdir(dir)).sort();
  const playlists = names.filter((n) => n.endsWith('.m3u8'));
  const segments = names.filter((n) => !n.endsWith('.m3u8'));
  try {
    for (const name of [...segments, ...playlists]) {
      const key = replayKey(stem, name);
      await store.putFile(key, path.join(dir, name), {
        contentType: typeOfKey(key),
        visibility: 'private',
        move: true,
      });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return names;
}

/** The playlist of replay `stem`, or null when it has none. */
export async function readReplayPlaylist(store: ObjectStore, stem: string): Promise<string | null> {
  const bytes = await store.read(replayKey(stem, PLAYLIST));
  return bytes && Buffer.from(bytes).toString('utf8');
}

/** Writes the playlist of replay `stem` (one write: readers see the old one or the new one). */
export async function writeReplayPlaylist(
  store: ObjectStore,
  stem: string,
  text: string,
): Promise<void> {
  const key = replayKey(stem, PLAYLIST);
  await store.put(key, Buffer.from(text), { contentType: typeOfKey(key), visibility: 'private' });
}

/** Removes every file of replay `stem`. */
export function removeReplayFiles(store: ObjectStore, stem: string): Promise<void> {
  return removeAll(store, replayPrefix(stem));
}
