/**
 * The site built as a developer builds it, with NODE_ENV=development in the environment (the
 * operations guide lists it as NODE_ENV's default): the build must still be a release build. Served by a server
 * that itself runs in development mode, every module script and preload of the live room is
 * JavaScript (a development build names `/src/...` sources, which a built server answers with a
 * redirect to a page, so the player never starts), and no chunk carries React's development
 * build.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../../scripts/spawn-server.ts';

let root: string;
let server: SpawnedServer;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'arena-devenv-build-'));
  // The server bundle imports its packages from the project's node_modules.
  symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
  const built = spawnSync(
    process.execPath,
    ['scripts/build.ts', '--out', path.join(root, 'dist')],
    { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'development' } },
  );
  expect(built.status).toBe(0);
  server = await spawnServer({ NODE_ENV: 'development' }, undefined, root);
}, 480_000);

afterAll(async () => {
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The `src` of every module script and the `href` of every module preload in `html`. */
function moduleUrls(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*>/g)].flatMap((m) => {
    const src = /\bsrc="([^"]+)"/.exec(m[0]);
    return src ? [src[1]!] : [];
  });
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].flatMap((m) => {
    const href = /\bhref="([^"]+)"/.exec(m[0]);
    return href ? [href[1]!] : [];
  });
  // Islands name their component and renderer in attributes of <astro-island>.
  const islands = [...html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return [...new Set([...scripts, ...preloads, ...islands])];
}

it('serves every module of the live room as JavaScript from a release build', async () => {
  const page = await fetch(`${server.url}/liveMatchesTwo/100003`, {
    headers: { cookie: 'language=en-US' },
  });
  expect(page.status).toBe(200);
  const urls = moduleUrls(await page.text());
  // The player's boot module, its preloads and the room's islands at least.
  expect(urls.length).toBeGreaterThan(3);
  const sources: string[] = [];
  for (const url of urls) {
    expect(url, url).toMatch(/^\/_astro\//);
    const res = await fetch(new URL(url, server.url), { redirect: 'manual' });
    expect(res.status, url).toBe(200);
    expect(res.headers.get('content-type'), url).toMatch(/javascript/);
    sources.push(await res.text());
  }
  // React's development JSX runtime and warnings are absent from what the room loads.
  for (const [i, text] of sources.entries()) expect(text, urls[i]).not.toMatch(/\bjsxDEV\b/);
}, 60_000);
