/**
 * Where the crash suites put a database a child process opens, kills and the suite reopens: a
 * PGlite folder on disk (an in-memory one would die with the child), or a fresh PostgreSQL
 * database from createPostgresDatabase. Both are removed after the suite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { OpenOptions } from '../../src/server/db/index.ts';
import { createPostgresDatabase, type DbKind } from './helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database of `kind` for a child process: how to open it here, and the argv it is given. */
export async function crashTarget(kind: DbKind): Promise<{ open: OpenOptions; arg: string }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'arena-crash-'));
    cleanups.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
    return { open: { dataDir: dir }, arg: dir };
  }
  const { url, drop } = await createPostgresDatabase();
  cleanups.push(drop);
  return { open: { url }, arg: url };
}
