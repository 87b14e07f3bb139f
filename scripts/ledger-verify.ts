/**
 * `npm run ledger:verify`: checks that every wallet equals the sum of its ledger rows per
 * currency and that nothing is negative; exits 1 on any drift. Uses DATABASE_URL when set, else
 * the PGlite data under `${DATA_DIR ?? '.data'}/pglite` (stop the server first: PGlite allows
 * one process at a time).
 */
import path from 'node:path';
import { openDatabase } from '../src/server/db/index.ts';
import { formatReport, isClean, verifyLedger } from '../src/server/wallet/verify.ts';

const url = process.env.DATABASE_URL || undefined;
const dataDir = path.join(process.env.DATA_DIR ?? '.data', 'pglite');
const database = await openDatabase({ url, dataDir });
let clean = false;
try {
  const report = await verifyLedger(database.db);
  console.log(formatReport(report, url ? `PostgreSQL ${new URL(url).host}` : dataDir));
  clean = isClean(report);
} finally {
  await database.close();
}
process.exit(clean ? 0 : 1);
