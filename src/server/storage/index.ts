/** Opens the store the settings name: the data folder on disk, or an S3-compatible bucket. */
import { localStore } from './local.ts';
import { s3Store } from './s3.ts';
import type { StorageSettings } from './settings.ts';
import type { ObjectStore } from './store.ts';

export type { ObjectStore } from './store.ts';

/** The store for `settings`; local objects live under `dataDir`. */
export function openStore(settings: StorageSettings, dataDir: string): ObjectStore {
  return settings.driver === 's3' ? s3Store(settings) : localStore(dataDir);
}

/**
 * The store for media made from lives (replays): the same bucket with a bucket, else the media
 * folder, where replays have always been (`<MEDIA_DIR>/replays/...`), so nothing moves on disk.
 */
export function openMediaStore(settings: StorageSettings, mediaDir: string): ObjectStore {
  return openStore(settings, mediaDir);
}
