/**
 * Run once by `npm run cluster` before its app processes start: applies the migrations, seeds an
 * empty database with the demo data and writes the shared secret to DATA_DIR (unless SECRET is
 * set), so the apps, starting together, find everything ready and agree on the secret.
 */
import { openRuntime } from '../../src/server/boot.ts';
import { readEnv } from '../../src/server/env.ts';

const rt = await openRuntime(readEnv({ ...process.env, LOG_REQUESTS: '0' }));
await rt.bus.close();
await rt.shared.close();
await rt.database.close();
