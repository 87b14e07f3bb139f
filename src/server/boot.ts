/** Opening the runtime: configuration, database, migrations and the demo seed on an empty database. */
import path from 'node:path';
import { secureDataDir } from './data-dir.ts';
import { openDatabase } from './db/index.ts';
import { isDatabaseEmpty, seedDemo } from './seed/index.ts';
import { readEnv, type Env } from './env.ts';
import { syncGiftCatalogue } from './gifts/service.ts';
import { log } from './log.ts';
import { openBus } from './shared/bus.ts';
import type { Runtime } from './runtime.ts';
import { openSharedState } from './shared/state.ts';
import { openMediaStore, openStore } from './storage/index.ts';
import { createSmsProvider } from './sms/index.ts';
import { fillNicknameKeys } from './profile/profile.ts';

/** Opens the database of `env` (PGlite under DATA_DIR/pglite unless DATABASE_URL is set). */
export async function openRuntime(env: Env = readEnv()): Promise<Runtime> {
  const started = Date.now();
  // Before anything is written: the database and uploads are the owner's alone.
  secureDataDir(env.dataDir, env.mediaDir);
  const database = await openDatabase({
    url: env.databaseUrl,
    dataDir: path.join(env.dataDir, 'pglite'),
  });
  if (env.seedDemo && (await isDatabaseEmpty(database.db))) {
    await seedDemo(database.db);
    log('info', 'seeded', { what: 'demo data' });
  }
  await syncGiftCatalogue(database.db);
  const keyed = await fillNicknameKeys(database.db);
  if (keyed > 0) log('info', 'nickname_keys', { filled: keyed });
  secureDataDir(env.dataDir, env.mediaDir);
  log('info', 'database_ready', { kind: database.kind, ms: Date.now() - started });
  return {
    env,
    database,
    db: database.db,
    sms: createSmsProvider(env.smsProvider),
    bus: await openBus(env.redisUrl),
    shared: await openSharedState(env.redisUrl),
    storage: openStore(env.storage, env.dataDir),
    mediaStore: openMediaStore(env.storage, env.mediaDir),
  };
}
