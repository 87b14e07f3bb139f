/**
 * The shape of the code (docs/architecture.md): no import circle anywhere in `src` (static,
 * type-only and dynamic imports alike), and in `src/server` imports run from a higher layer to a
 * lower one, or within a layer, except the few listed here with their reasons. Imports are read
 * from the sources as text: every relative specifier of an import, export-from or import() call.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve('src');
const SERVER = path.join(ROOT, 'server');

/**
 * Layers of `src/server`, lowest first; the longest matching prefix of a file's path (relative to
 * src/server) places it. A domain may use another domain (one layer), never a transport or the
 * top.
 */
const LAYERS: [layer: number, prefixes: string[]][] = [
  // Ground: configuration, logging, metrics, the database, errors, limiters, provider signing.
  [
    1,
    [
      'env.ts',
      'env-webrtc.ts',
      // The ingest machines' registry is read with the environment.
      'media/ingests.ts',
      'log.ts',
      'metrics.ts',
      'version.ts',
      'data-dir.ts',
      'file-limit.ts',
      'db/',
      'sms/',
      'storage/',
      'api-error.ts',
    ],
  ],
  // State shared across processes (limits, presence, the bus) and login sessions.
  [2, ['shared/', 'sessions.ts', 'staff/']],
  // The running process's handles.
  [3, ['runtime.ts']],
  // HTTP helpers the routes use: request environment, middleware, validation, headers, limits.
  [4, ['http/', 'staff/guard.ts']],
  // Domains.
  [
    5,
    [
      'admin/',
      'ads/',
      'anchors/',
      'auth/',
      'backpack/',
      'checkin/',
      'clips/',
      'config/',
      'content/',
      'feedback/',
      'follows/',
      'games/',
      'gifts/',
      'live/',
      'lottery/',
      'maintenance/',
      'mall/',
      'matchdesk/',
      'media/',
      'messaging/',
      'pages/',
      'profile/',
      'quiz/',
      'rankings/',
      'recharge/',
      'recordings/',
      'replays/',
      'rewards/',
      'search/',
      'sports/',
      'studio/',
      'uploads/',
      'users/',
      'wallet/',
      'webrtc/',
    ],
  ],
  // Transports: the realtime hub and its frame handlers, the media ingest's hooks, the API.
  [6, ['realtime/', 'ingest/', 'app.ts']],
  // Top: what assembles and starts the process, and the demo data.
  [7, ['server.ts', 'boot.ts', 'main.ts', 'dev/', 'seed/']],
];

/**
 * Imports that run from a lower layer to a higher one, each with its reason (at most 10).
 * "from -> to", paths relative to src/server.
 */
const UPWARD: Record<string, string> = {};

/** Every source file under `dir` (tests excluded unless asked for). */
function sources(dir: string, { tests = false } = {}): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full, { tests });
    if (!/\.(ts|tsx|astro)$/.test(name) || name.endsWith('.d.ts')) return [];
    return tests || !name.endsWith('.test.ts') ? [full] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The files each source file imports (relative specifiers that name a file). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(ROOT)) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const [, spec] of text.matchAll(SPECIFIER)) {
      const target = path.resolve(path.dirname(file), spec!);
      if (target.startsWith(ROOT) && statSync(target, { throwIfNoEntry: false })?.isFile()) {
        targets.add(target);
      }
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** An import or re-export that loads its module at once (not `import type`, not `import()`). */
const EAGER = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\bfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm;

/** `entry` and every file it loads at once, directly or through others. */
function loadedWith(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(EAGER)) {
      const target = path.resolve(path.dirname(file), spec!);
      if (statSync(target, { throwIfNoEntry: false })?.isFile()) visit(target);
    }
  };
  visit(entry);
  return seen;
}

/** The circles of `graph` (strongly connected groups of more than one file), as relative paths. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(path.relative(ROOT, w));
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The layer of a file of src/server. */
function layerOf(file: string): number {
  const rel = path.relative(SERVER, file).split(path.sep).join('/');
  let best: [number, number] | undefined;
  for (const [layer, prefixes] of LAYERS) {
    for (const prefix of prefixes) {
      if ((rel === prefix || rel.startsWith(prefix)) && (!best || prefix.length > best[1])) {
        best = [layer, prefix.length];
      }
    }
  }
  if (!best) throw new Error(`src/server/${rel} is in no layer: add it to LAYERS`);
  return best[0];
}

describe('the shape of the code', () => {
  const graph = importGraph();

  it('has no import circle in src', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('imports downwards in src/server, but for the listed exceptions', () => {
    const upward: string[] = [];
    for (const [from, targets] of graph) {
      if (!from.startsWith(SERVER + path.sep)) continue;
      for (const to of targets) {
        if (!to.startsWith(SERVER + path.sep)) continue;
        if (layerOf(to) > layerOf(from)) {
          upward.push(`${path.relative(SERVER, from)} -> ${path.relative(SERVER, to)}`);
        }
      }
    }
    expect(upward.sort()).toEqual(Object.keys(UPWARD).sort());
    expect(upward.length).toBeLessThanOrEqual(10);
  });

  it('keeps the browser code and the server apart: src/lib imports neither, the server no island', () => {
    const crossing: string[] = [];
    const within = (file: string, dir: string) => file.startsWith(path.join(ROOT, dir) + path.sep);
    for (const [from, targets] of graph) {
      for (const to of targets) {
        const bad =
          (within(from, 'lib') &&
            ['islands', 'server', 'components', 'pages'].some((d) => within(to, d))) ||
          (within(from, 'server') &&
            ['islands', 'components', 'pages'].some((d) => within(to, d))) ||
          (within(from, 'islands') && within(to, 'server'));
        if (bad) crossing.push(`${path.relative(ROOT, from)} -> ${path.relative(ROOT, to)}`);
      }
    }
    expect(crossing).toEqual([]);
  });
});

describe('what every page loads', () => {
  it("the page shell's code loads no dictionary: its few strings come with the page", () => {
    const loaded = [...loadedWith(path.join(ROOT, 'islands/shell/index.ts'))].map((file) =>
      path.relative(ROOT, file).split(path.sep).join('/'),
    );
    // Sanity: the walk follows the shell into its stores and helpers.
    expect(loaded).toContain('islands/shell/inbox.ts');
    expect(loaded).toContain('lib/stores/inbox.ts');
    expect(loaded.filter((f) => f === 'lib/i18n/index.ts' || f.includes('/locales/'))).toEqual([]);
  });
});

/** A quoted string that starts with an API path. */
const API_PATH_STRING = /['"`]\/(?:api|webapi)\//;

describe('calls are named by endpoint descriptors', () => {
  it('no API path is spelled in src/islands or src/lib/stores, their tests included', () => {
    const spelled = [path.join(ROOT, 'islands'), path.join(ROOT, 'lib', 'stores')]
      .flatMap((dir) => sources(dir, { tests: true }))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(ROOT, file)}:${i + 1}` }))
          .filter(({ line }) => API_PATH_STRING.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line))
          .map(({ at, line }) => `${at} ${line.trim()}`),
      );
    expect(spelled).toEqual([]);
  });
});
