/**
 * Resets the database to the demo data: `node src/server/seed/cli.ts`.
 * Uses DATABASE_URL when set, else PGlite under `${DATA_DIR ?? '.data'}/pglite`, like the server.
 */
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { openDatabase } from '../db/index.ts';
import { liveRooms, matches, users } from '../db/schema.ts';
import { DEMO_PASSWORD, resetDemoData } from './index.ts';

const url = process.env.DATABASE_URL || undefined;
const dataDir = path.join(process.env.DATA_DIR ?? '.data', 'pglite');
const database = await openDatabase({ url, dataDir });
try {
  await resetDemoData(database.db);
  const { db } = database;
  const [people] = await db.select({ n: count() }).from(users);
  const [rooms] = await db.select({ n: count() }).from(liveRooms);
  const [live] = await db.select({ n: count() }).from(liveRooms).where(eq(liveRooms.isLive, true));
  const [fixtures] = await db.select({ n: count() }).from(matches);
  const where = url ? 'PostgreSQL' : dataDir;
  console.log(
    `Demo data reset in ${where}: ${people?.n} users, ${rooms?.n} rooms (${live?.n} live), ` +
      `${fixtures?.n} matches; password ${DEMO_PASSWORD}.`,
  );
} finally {
  await database.close();
}
