/**
 * The built site served by the real server, for suites that check server-rendered pages: builds
 * first when dist/ is missing or older than the sources (npm test builds before vitest, so there
 * it never has to), then starts the server on a free port with a temporary DATA_DIR.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsStale } from '../../scripts/build-state.ts';
import { readEnv } from '../../src/server/env.ts';
import type { Locale } from '../../src/lib/i18n/index.ts';
import { startServer } from '../../src/server/main.ts';
import { createPostgresDatabase, type DbKind } from './helpers.ts';

/** A running site and how to ask it for pages. */
export interface PageServer {
  /** GETs `path` in `locale` (the `language` cookie) without following redirects. */
  get: (path: string, locale?: Locale) => Promise<Response>;
  /** GETs `path` and returns its HTML, failing unless the answer is 200. */
  html: (path: string, locale?: Locale) => Promise<string>;
  /** Origin of the server, e.g. http://127.0.0.1:41234. */
  url: string;
  stop: () => Promise<void>;
}

/**
 * Builds the site when stale (at most once per process) and starts a server on it, with `env`
 * added, on PGlite or on a fresh PostgreSQL database dropped when it stops.
 */
export async function startPageServer(
  env: NodeJS.ProcessEnv = {},
  kind: DbKind = 'pglite',
): Promise<PageServer> {
  if (buildIsStale()) {
    console.warn('dist/ is missing or stale: building the site for the page tests');
    // The build leaves out the variables vitest adds (NODE_ENV=test, DEV=1...) by itself.
    const built = spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-pages-'));
  const database = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const server = await startServer(
    readEnv({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_REQUESTS: '0',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    }),
  );
  const get = (p: string, locale: Locale = 'en-US') =>
    fetch(`${server.url}${p}`, { headers: { cookie: `language=${locale}` }, redirect: 'manual' });
  return {
    url: server.url,
    get,
    html: async (p, locale) => {
      const res = await get(p, locale);
      if (res.status !== 200) throw new Error(`${p} (${locale}): HTTP ${res.status}`);
      return res.text();
    },
    stop: async () => {
      await server.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
