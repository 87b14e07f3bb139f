/**
 * Test runtimes on real databases: in-memory PGlite by default, or a fresh PostgreSQL database
 * (created and dropped per suite) under TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { openDatabase, type Db } from '../../src/server/db/index.ts';
import { users, wallets } from '../../src/server/db/schema.ts';
import { createSession } from '../../src/server/sessions.ts';
import { seedDemo, type SeedOptions } from '../../src/server/seed/index.ts';
import { readEnv } from '../../src/server/env.ts';
import { createLocalBus } from '../../src/server/shared/bus.ts';
import { createMemoryState } from '../../src/server/shared/state.ts';
import { openMediaStore, openStore } from '../../src/server/storage/index.ts';
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

/**
 * Creates a PostgreSQL database on TEST_DATABASE_URL's server: its URL and its drop. Empty, or
 * with `migrated` a copy of the run's migrated template (global-setup.ts) when there is one.
 */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `arena_test_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const source = options.migrated ? provided('postgresTemplate') : '';
  await admin.unsafe(`create database ${name}${source ? ` template ${source}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

let template: Blob | undefined;

/**
 * What the run's global setup provided under `key`, or '' where there is none: the page tests'
 * project has no global setup, and benchmarks open test runtimes outside vitest.
 */
function provided(key: 'pgliteTemplate' | 'postgresTemplate' | 'demoPasswordHash'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/** The run's migrated PGlite template (global-setup.ts), read once per process; none outside it. */
function pgliteTemplate(): Blob | undefined {
  const file = provided('pgliteTemplate');
  if (!file) return undefined;
  template ??= new Blob([readFileSync(file)]);
  return template;
}

/** Opens a migrated, seeded database of `kind` with a test Env (temp DATA_DIR, no request logs). */
export async function openTestRuntime(
  kind: DbKind,
  envOverrides: NodeJS.ProcessEnv = {},
  seed: SeedOptions = {},
): Promise<TestRuntime> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-test-'));
  let databaseUrl: string | undefined;
  let dropDb = async () => {};
  if (kind === 'postgres') {
    ({ url: databaseUrl, drop: dropDb } = await createPostgresDatabase({ migrated: true }));
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
    from: databaseUrl ? undefined : pgliteTemplate(),
  });
  // The month of demo lives and the replays' chat tracks are left out unless asked for: suites
  // make the figures they check themselves, and the seed is most of a suite's start-up.
  await seedDemo(database.db, new Date(), {
    liveHistory: false,
    replayChat: false,
    passwordHash: provided('demoPasswordHash') || undefined,
    ...seed,
  });
  const sms: SmsMessage[] = [];
  return {
    sms,
    rt: {
      env,
      database,
      db: database.db,
      sms: consoleSms((line) => sms.push(JSON.parse(line) as SmsMessage)),
      bus: createLocalBus(),
      shared: createMemoryState(),
      storage: openStore(env.storage, env.dataDir),
      mediaStore: openMediaStore(env.storage, env.mediaDir),
    },
    dispose: async () => {
      await database.close();
      await dropDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What callApi needs of an app: Hono's in-process `request`. */
export interface RequestApp {
  request: (input: string, init?: RequestInit) => Response | Promise<Response>;
}

/** A describe block's runtime and the API app of the test that runs. */
export interface ApiSuite {
  /** Open from the block's beforeAll to its afterAll. */
  t: TestRuntime;
  /** A fresh createApi and fresh limits per test, so no test's limits reach the next. */
  api: RequestApp;
}

/** Registers the hooks of a suite that needs a fresh API app per test; call inside describe. */
export function apiSuite(
  kind: DbKind,
  envOverrides: NodeJS.ProcessEnv = {},
  seed: SeedOptions = {},
): ApiSuite {
  // Both objects exist before the hooks run, so the block can destructure them when collected;
  // beforeAll fills the runtime in and `api` forwards to the app of the running test.
  const t = {} as TestRuntime;
  let app: RequestApp | undefined;
  beforeAll(async () => {
    Object.assign(t, await openTestRuntime(kind, envOverrides, seed));
  });
  beforeEach(() => {
    // Limits start afresh for each test, as they would on a restarted process.
    t.rt.shared = createMemoryState();
    app = createApi(t.rt);
  });
  afterAll(async () => t.dispose?.());
  return { t, api: { request: (input, init) => app!.request(input, init) } };
}

/** Calls the API app in process and returns the parsed envelope. */
export async function callApi<T = unknown>(
  app: RequestApp,
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

/**
 * Uploads a small PNG made by sharp through POST /api/user/file as the caller of `headers`;
 * returns the stored image's path (fails the test when the upload is refused).
 */
export async function uploadTestImage(
  app: RequestApp,
  headers: Record<string, string>,
  use = 'image',
  size = { width: 320, height: 240 },
): Promise<string> {
  const { default: sharp } = await import('sharp');
  const png = await sharp({ create: { ...size, channels: 3, background: '#1e90ff' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new File([new Uint8Array(png)], 'picture.png'));
  form.append('use', use);
  const res = await app.request('/api/user/file', { method: 'POST', body: form, headers });
  const body = (await res.json()) as { status: number; msg: string; data: { url: string } };
  if (body.status !== 0) throw new Error(`upload refused: ${body.msg}`);
  return body.data.url;
}

/** A valid startLive form: an esports live (Dota 2) with a built-in vertical cover. */
export const LIVE_FORM = {
  title: 'Dota 2 ranked grind, come say hi',
  category: 1,
  cateid: 103,
  match_id: 0,
  thumb: '',
  thumb_y: '/demo/covers-v/dota2-1.webp',
  ticket: 0,
  enable_webrtc: 0,
};

/** Creates `count` users with empty wallets, mobiles `${prefix}0000` on; returns their ids. */
export async function usersWithWallets(db: Db, prefix: string, count: number): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        mobile: `${prefix}${String(i).padStart(4, '0')}`,
        nickName: `Tester${i}`,
      })),
    )
    .returning({ id: users.id });
  const ids = rows.map((r) => r.id);
  await db.insert(wallets).values(ids.map((userId) => ({ userId })));
  return ids;
}

/** The id of the (demo) user with this mobile; fails the test when there is none. */
export async function userIdByMobile(db: Db, mobile: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
  if (!row) throw new Error(`no user with mobile ${mobile}`);
  return row.id;
}

/** A fresh session of the (demo) user with this mobile: the id, the token and its header. */
export async function sessionOf(db: Db, mobile: string, device = 'test') {
  const id = await userIdByMobile(db, mobile);
  const token = await createSession(db, id, device);
  return { id, token, headers: { authorization: `Bearer ${token}` } };
}
