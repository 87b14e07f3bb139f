/**
 * The services of this process (configuration, database), shared by the API, the realtime hub
 * and the server-rendered pages. Kept on globalThis so the page bundle and the server entry,
 * which are separate module graphs, see the same one.
 */
import type { ObjectStore } from './storage/store.ts';
import type { Database, Db } from './db/index.ts';
import type { Env } from './env.ts';
import type { Bus } from './shared/bus.ts';
import type { SharedState } from './shared/state.ts';
import type { SmsProvider } from './sms/index.ts';

/** What every part of the server needs. */
export interface Runtime {
  /** Configuration from the environment. */
  env: Env;
  /** The open database and its driver. */
  database: Database;
  /** Shortcut for database.db. */
  db: Db;
  /** Where SMS codes go. */
  sms: SmsProvider;
  /** Fan-out between hub processes (in memory, or Redis with REDIS_URL). */
  bus: Bus;
  /** Limits and chat-rule memory every process sees (in memory, or Redis with REDIS_URL). */
  shared: SharedState;
  /** Uploads and clips (the data folder, or a bucket with STORAGE_S3_BUCKET). */
  storage: ObjectStore;
  /** Replays (the media folder, or the same bucket: keys never collide with `storage`'s). */
  mediaStore: ObjectStore;
}

const KEY = Symbol.for('arena-live.runtime');
type Holder = { [KEY]?: Runtime };

/** Makes `rt` the runtime of this process. */
export function setRuntime(rt: Runtime | undefined): void {
  (globalThis as Holder)[KEY] = rt;
}

/** The runtime of this process; throws when the server has not set it up. */
export function getRuntime(): Runtime {
  const rt = (globalThis as Holder)[KEY];
  if (!rt)
    throw new Error('Runtime not initialised: start the server with npm start or npm run dev');
  return rt;
}

/** The runtime when present, for code that also runs without a server (builds). */
export function peekRuntime(): Runtime | undefined {
  return (globalThis as Holder)[KEY];
}
