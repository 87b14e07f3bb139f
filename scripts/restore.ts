/**
 * `npm run restore -- <file> [--force]`: restores a backup of `npm run backup`. A PGlite tarball
 * goes into DATA_DIR/pglite (refused while a server holds it; a folder holding data is moved
 * aside, with --force only); with DATABASE_URL, a pg_dump archive goes in with pg_restore
 * --clean --if-exists. Migrations run after, and a summary is printed. Exit 2: refused, nothing
 * changed.
 */
import { accessSync, closeSync, constants, openSync, readSync, statSync } from 'node:fs';
import { kindOf } from './backup/archive.ts';
import { BadInput, commandEnv, runCli } from './backup/cli.ts';
import { restorePglite } from './backup/pglite.ts';
import { restorePostgres } from './backup/postgres.ts';

/** The first bytes of `file`; BadInput when it is missing, not a file or unreadable. */
function head(file: string): Uint8Array {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new BadInput(`${file}: no such file`);
  if (!stat.isFile()) throw new BadInput(`${file} is not a file`);
  try {
    accessSync(file, constants.R_OK);
    const fd = openSync(file, 'r');
    const bytes = new Uint8Array(8);
    readSync(fd, bytes, 0, 8, 0);
    closeSync(fd);
    return bytes;
  } catch {
    throw new BadInput(`${file} cannot be read`);
  }
}

runCli('restore', 'npm run restore -- <file> [--force]', async ({ file, force }) => {
  if (!file)
    throw new BadInput('name the backup file (usage: npm run restore -- <file> [--force])');
  const kind = kindOf(head(file));
  const env = commandEnv();
  if (!env.databaseUrl) return restorePglite(env, file, force);
  if (kind === 'pglite')
    throw new BadInput(
      `${file} is a PGlite tarball: unset DATABASE_URL to restore it into DATA_DIR/pglite`,
    );
  if (kind !== 'pg_dump')
    throw new BadInput(`${file} is not a backup (neither a PGlite tarball nor a pg_dump archive)`);
  return restorePostgres(env.databaseUrl, file, force);
});
