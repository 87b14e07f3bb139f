/**
 * `npm run backup -- [file]`: a consistent backup of the database. The embedded one
 * (DATA_DIR/pglite) becomes a gzipped tarball of its folder, asked of the running server when
 * one holds it (scripts/backup/pglite.ts); with DATABASE_URL, pg_dump --format=custom. Default
 * file: backups/arena-<UTC time>.tar.gz (.dump for PostgreSQL). Exit 2: refused, nothing written.
 */
import { commandEnv, defaultBackupFile, refuseExisting, runCli } from './backup/cli.ts';
import { backupPglite } from './backup/pglite.ts';
import { backupPostgres } from './backup/postgres.ts';

runCli('backup', 'npm run backup -- [file]', async ({ file }) => {
  const env = commandEnv();
  const target = file ?? defaultBackupFile(env.databaseUrl ? 'dump' : 'tar.gz');
  refuseExisting(target);
  return env.databaseUrl ? backupPostgres(env.databaseUrl, target) : backupPglite(env, target);
});
