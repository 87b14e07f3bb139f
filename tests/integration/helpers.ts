/**
 * Test runtimes on real databases: in-memory PGlite by default, or a fresh PostgreSQL database
 * (created and dropped per suite) under TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../../src/server/db/index.ts';
import { seedDemo } from '../../src/server/db/seed/index.ts';
import { readEnv } from '../../src/server/env.ts';
import { createLocalBus } from '../../src/server/realtime/bus.ts';
import type { Runtime } from '../../src/server/runtime.ts';
import { consoleSms, type SmsMessage } from '../../src/server/sms/index.ts';

/** Database kinds a suite can run on. */
export type DbKind = 'pglite' | 'postgres';

/** The kinds available here: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

if (!process.env.TEST_DATABASE_URL) {
  console.warn('TEST_DATABASE_URL is not set: integration suites run on PGlite only.');
}

/** A runtime for tests and how to dispose of it. */
export interface TestRuntime {
  rt: Runtime;
  /** SMS messages the console provider printed, newest last. */
  sms: SmsMessage[];
  dispose: () => Promise<void>;
}

/** Opens a migrated, seeded database of `kind` with a test Env (temp DATA_DIR, no request logs). */
export async function openTestRuntime(
  kind: DbKind,
  envOverrides: NodeJS.ProcessEnv = {},
): Promise<TestRuntime> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-test-'));
  let databaseUrl: string | undefined;
  let dropDb = async () => {};
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const name = `arena_test_${randomBytes(5).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    dropDb = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const env = readEnv({
    DATA_DIR: dataDir,
    LOG_REQUESTS: '0',
    SEED_DEMO: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...envOverrides,
  });
  const database = await openDatabase({
    url: databaseUrl,
    dataDir: databaseUrl ? undefined : 'memory://',
  });
  // The month of demo lives is left out: suites make the figures they check themselves.
  await seedDemo(database.db, new Date(), { liveHistory: false });
  const sms: SmsMessage[] = [];
  return {
    sms,
    rt: {
      env,
      database,
      db: database.db,
      sms: consoleSms((line) => sms.push(JSON.parse(line) as SmsMessage)),
      bus: createLocalBus(),
    },
    dispose: async () => {
      await database.close();
      await dropDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls the API app in process and returns the parsed envelope. */
export async function callApi<T = unknown>(
  app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ http: number; status: number; msg: string; data: T }> {
  const res = await app.request(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; msg: string; data: T };
  return { http: res.status, ...json };
}
