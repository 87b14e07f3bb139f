/**
 * `npm run ledger:verify`: checks that every wallet equals the sum of its ledger rows per
 * currency and that nothing is negative; exits 1 on any drift. The result is stored (source
 * "command line") so the operations console shows it as the last verification. Uses
 * DATABASE_URL when set, else the PGlite data under `${DATA_DIR ?? '.data'}/pglite` (stop the
 * server first: PGlite allows one process at a time).
 */
import path from 'node:path';
import { recordVerification } from '../src/server/admin/ledger.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { formatReport } from '../src/server/wallet/verify.ts';

const url = process.env.DATABASE_URL || undefined;
const dataDir = path.join(process.env.DATA_DIR ?? '.data', 'pglite');
const database = await openDatabase({ url, dataDir });
let clean = false;
try {
  const result = await recordVerification(database.db, 'command line');
  console.log(formatReport(result.report, url ? `PostgreSQL ${new URL(url).host}` : dataDir));
  clean = result.clean;
} finally {
  await database.close();
}
process.exit(clean ? 0 : 1);
