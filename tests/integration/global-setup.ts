/**
 * Once per test run: migrated, empty databases that every suite's database starts from
 * (openTestRuntime), instead of running PostgreSQL's initdb and the migrations again in each
 * test file's process; and the demo password's hash, which every suite's seed would compute. A PGlite data folder dumped to a file, and under TEST_DATABASE_URL a
 * template database. Made fresh each run, so they follow the migrations of the tree under test.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { hashPassword } from '../../src/server/auth/password.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite template's file. */
    pgliteTemplate: string;
    /** The migrated PostgreSQL template database's name ('' without TEST_DATABASE_URL). */
    postgresTemplate: string;
    /** The demo password hashed once for the run's seeds (scrypt takes about a second). */
    demoPasswordHash: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-template-'));
  const file = path.join(dir, 'pglite.tar.gz');
  const pglite = await openDatabase({ dataDir: 'memory://' });
  try {
    writeFileSync(file, Buffer.from(await (await pglite.dump!()).arrayBuffer()));
  } finally {
    await pglite.close();
  }
  project.provide('pgliteTemplate', file);
  project.provide('demoPasswordHash', await hashPassword(DEMO_PASSWORD));

  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `arena_template_${randomBytes(5).toString('hex')}`;
  const admin = adminUrl ? postgres(adminUrl, { max: 1, onnotice: () => {} }) : undefined;
  if (admin && adminUrl) {
    await admin.unsafe(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Migrated, then closed: a template database is copied only while nobody is connected.
    await (await openDatabase({ url: url.href })).close();
  }
  project.provide('postgresTemplate', admin ? name : '');
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (admin) {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  };
}
