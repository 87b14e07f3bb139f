/**
 * Importing football-data.org v4 match lists (saved responses in tests/fixtures/football-data):
 * leagues and teams matched or created, matches created and brought up to date through
 * publishMatchLive, a second import changing nothing, malformed matches skipped; the scheduled
 * pull against a local HTTP server standing in for the provider's address; and the command
 * line's import of a saved file.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leagues, matches, MATCH_STATUS, teams } from '../../src/server/db/schema.ts';
import type { FootballDataConfig } from '../../src/server/env.ts';
import { importMatches } from '../../src/server/sports/feed/import.ts';
import { FeedFormatError } from '../../src/server/sports/feed/provider.ts';
import { startFeedPull } from '../../src/server/sports/feed/pull.ts';
import { onMatchLive, type MatchLiveMessage } from '../../src/server/sports/match-live.ts';
import { createRedisState, type SharedState } from '../../src/server/shared/state.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import { hasRedis, startRedis, type TestRedis } from './redis-helpers.ts';
import { until } from './wait.ts';

const FIXTURES = new URL('../fixtures/football-data/', import.meta.url);
const saved = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as unknown;

describe.each(DB_KINDS)('importing football-data.org matches on %s', (kind) => {
  let t: TestRuntime;
  const heard: MatchLiveMessage[] = [];
  let stop: () => void;

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    // A team an editor entered before the feed: matched by name, never created again.
    await t.rt.db
      .insert(teams)
      .values({ sportId: 1, nameEn: 'Brentford', nameZh: '布伦特福德', color: '#e30613' });
    stop = onMatchLive((m) => heard.push(m));
  });
  afterAll(async () => {
    stop?.();
    await t?.dispose();
  });

  const byRef = async (ref: string) =>
    (await t.rt.db.select().from(matches).where(eq(matches.externalRef, ref)))[0]!;
  const snapshot = async () => ({
    leagues: await t.rt.db.select().from(leagues).orderBy(asc(leagues.id)),
    teams: await t.rt.db.select().from(teams).orderBy(asc(teams.id)),
    matches: await t.rt.db.select().from(matches).orderBy(asc(matches.id)),
  });

  it('creates the matches and matches the leagues and teams that exist', async () => {
    const before = await snapshot();
    const report = await importMatches(t.rt.db, saved('matches.json'));
    expect(report).toEqual({
      // Premier League, Primera Division (La Liga), Serie A and the Champions League exist.
      leagues: { created: 1, matched: 4 },
      // Everton, Bayern, Atlético, PSV and Ajax are new; the other 13 exist.
      teams: { created: 5, matched: 13 },
      matches: { created: 9, updated: 0, unchanged: 0 },
      published: 0,
      skipped: [],
    });
    expect(heard).toEqual([]);
    const after = await snapshot();
    expect(after.leagues).toHaveLength(before.leagues.length + 1);
    expect(after.teams).toHaveLength(before.teams.length + 5);

    // The seeded Arsenal and the editor's Brentford got the provider's ids, nothing else.
    const arsenal = after.teams.filter((row) => /arsenal/i.test(row.nameEn));
    expect(arsenal).toMatchObject([{ nameEn: 'Arsenal', nameZh: '阿森纳', externalRef: 'fd:57' }]);
    const brentford = after.teams.filter((row) => /brentford/i.test(row.nameEn));
    expect(brentford).toMatchObject([{ nameZh: '布伦特福德', externalRef: 'fd:402' }]);
    const laLiga = after.leagues.find((row) => row.nameEn === 'La Liga');
    expect(laLiga?.externalRef).toBe('fd:2014');
    // New ones: the English name in both languages, a colour, no crest.
    const everton = after.teams.find((row) => row.externalRef === 'fd:62');
    expect(everton).toMatchObject({ nameEn: 'Everton FC', nameZh: 'Everton FC', crest: null });
    expect(everton?.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(after.leagues.find((row) => row.externalRef === 'fd:2003')).toMatchObject({
      nameEn: 'Eredivisie',
      nameZh: 'Eredivisie',
      shortName: 'DED',
    });

    const won = await byRef('fd:538201');
    expect(won).toMatchObject({ status: MATCH_STATUS.finished, homeScore: 2, awayScore: 1 });
    expect(won.homeTeamId).toBe(arsenal[0]!.id);
    expect(won.startTime.toISOString()).toBe('2026-11-28T12:30:00.000Z');
    expect(await byRef('fd:538202')).toMatchObject({ status: 1, phase: '1h', homeScore: 1 });
    expect(await byRef('fd:538203')).toMatchObject({ status: 1, phase: 'ht', homeScore: 0 });
    expect(await byRef('fd:538204')).toMatchObject({ status: 0, phase: null, homeScore: null });
    expect(await byRef('fd:544101')).toMatchObject({ status: MATCH_STATUS.postponed });
    expect(await byRef('fd:547301')).toMatchObject({ status: MATCH_STATUS.cancelled });
  });

  it('writes and publishes nothing when the same response comes again', async () => {
    const before = await snapshot();
    const report = await importMatches(t.rt.db, saved('matches.json'));
    expect(report.leagues).toEqual({ created: 0, matched: 5 });
    expect(report.teams).toEqual({ created: 0, matched: 18 });
    expect(report.matches).toEqual({ created: 0, updated: 0, unchanged: 9 });
    expect(report.published).toBe(0);
    expect(await snapshot()).toEqual(before);
    expect(heard).toEqual([]);
  });

  it('brings changed matches up to date and sends one score update for each', async () => {
    const report = await importMatches(t.rt.db, saved('matches-later.json'));
    expect(report.matches).toEqual({ created: 0, updated: 3, unchanged: 6 });
    expect(report.published).toBe(2);
    const city = await byRef('fd:538202');
    const villa = await byRef('fd:538203');
    expect(city).toMatchObject({ status: MATCH_STATUS.finished, phase: null, homeScore: 2 });
    expect(villa).toMatchObject({ status: 1, phase: '2h', homeScore: 1, awayScore: 0 });
    expect(heard.map((m) => [m.matchId, m.kind, JSON.parse(m.payload) as unknown])).toEqual([
      [city.id, 'score', { home: 2, away: 1, status: 2, phase: null }],
      [villa.id, 'score', { home: 1, away: 0, status: 1, phase: '2h' }],
    ]);
    // A new kick-off time is written as it is: no score frame for it.
    expect((await byRef('fd:538204')).startTime.toISOString()).toBe('2026-11-28T18:00:00.000Z');

    heard.length = 0;
    const again = await importMatches(t.rt.db, saved('matches-later.json'));
    expect(again.matches).toEqual({ created: 0, updated: 0, unchanged: 9 });
    expect(heard).toEqual([]);
  });

  it('skips a malformed match and imports the rest', async () => {
    const report = await importMatches(t.rt.db, saved('matches-malformed.json'));
    expect(report.matches).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(report.skipped).toEqual([
      { index: 1, id: 538207, reason: expect.stringMatching(/^homeTeam/) as unknown },
      { index: 2, id: 538208, reason: expect.stringMatching(/^status/) as unknown },
    ]);
    expect(await byRef('fd:538206')).toMatchObject({ status: 0 });
    const skipped = await t.rt.db
      .select()
      .from(matches)
      .where(like(matches.externalRef, 'fd:53820_'));
    expect(skipped.map((row) => row.externalRef).sort()).not.toContain('fd:538207');
  });

  it('refuses a response that is not a match list and writes nothing', async () => {
    const before = await snapshot();
    await expect(importMatches(t.rt.db, { errorCode: 403, message: 'denied' })).rejects.toThrow(
      FeedFormatError,
    );
    await expect(importMatches(t.rt.db, { matches: 'none' })).rejects.toThrow(FeedFormatError);
    expect(await snapshot()).toEqual(before);
  });
});

/** A local stand-in for the provider's address that answers with a saved response. */
async function provider(body: string, key: string) {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.headers['x-auth-token'] !== key) {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end('{"message":"The resource you are looking for is restricted.","errorCode":403}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(DB_KINDS)('the scheduled pull on %s', (kind) => {
  const KEY = 'k3y-for-the-test-0123456789';
  let t: TestRuntime;
  let api: Awaited<ReturnType<typeof provider>>;
  const config = (key: string): FootballDataConfig => ({
    key,
    baseUrl: api.url,
    intervalMs: 60_000,
    competitions: ['PL', 'CL'],
  });

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    api = await provider(readFileSync(new URL('matches.json', FIXTURES), 'utf8'), KEY);
  });
  afterAll(async () => {
    await api?.close();
    await t?.dispose();
  });

  it('asks nothing without a key', async () => {
    const pull = startFeedPull(t.rt, config(''));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await pull.stop();
    expect(api.seen).toEqual([]);
  });

  it('logs a refusal without the key and imports nothing', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const pull = startFeedPull(t.rt, config('wrong-key-0123456789'));
      await until('the refusal', () => lines.some((l) => l.includes('feed_pull_failed')));
      await pull.stop();
    } finally {
      spy.mockRestore();
    }
    expect(lines.find((l) => l.includes('feed_pull_failed'))).toContain('HTTP 403');
    expect(lines.join('')).not.toContain('wrong-key-0123456789');
    const imported = await t.rt.db.select().from(matches).where(like(matches.externalRef, 'fd:%'));
    expect(imported).toEqual([]);
  });

  it('pulls the competitions with the key in X-Auth-Token and imports the answer', async () => {
    api.seen.length = 0;
    const pull = startFeedPull(t.rt, config(KEY));
    const imported = await until('the import', async () => {
      const rows = await t.rt.db.select().from(matches).where(like(matches.externalRef, 'fd:%'));
      return rows.length === 9 && rows;
    });
    await pull.stop();
    expect(imported).toHaveLength(9);
    // One call: the next waits for the interval.
    expect(api.seen).toHaveLength(1);
    const [call] = api.seen;
    expect(call!.headers['x-auth-token']).toBe(KEY);
    const url = new URL(call!.url, api.url);
    expect(url.pathname).toBe('/v4/matches');
    expect(url.searchParams.get('competitions')).toBe('PL,CL');
    expect(url.searchParams.get('dateFrom')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(url.searchParams.get('dateTo')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe.runIf(hasRedis)('the scheduled pull on two processes sharing Redis', () => {
  const KEY = 'k3y-for-the-cluster-0123456789';
  let t: TestRuntime;
  let redis: TestRedis;
  let states: SharedState[] = [];
  let api: Awaited<ReturnType<typeof provider>>;

  beforeAll(async () => {
    t = await openTestRuntime('pglite');
    redis = await startRedis();
    states = await Promise.all([createRedisState(redis.url), createRedisState(redis.url)]);
    api = await provider(readFileSync(new URL('matches.json', FIXTURES), 'utf8'), KEY);
  });
  afterAll(async () => {
    await api?.close();
    await Promise.all(states.map((s) => s.close()));
    redis?.stop();
    await t?.dispose();
  });

  it('pulls from one of them only', async () => {
    const config = { key: KEY, baseUrl: api.url, intervalMs: 60_000, competitions: ['PL'] };
    // Two processes of one deployment: the same database, each its own connection to Redis.
    const pulls = states.map((shared) => startFeedPull({ ...t.rt, shared }, config));
    await until('the import', async () => {
      const rows = await t.rt.db.select().from(matches).where(like(matches.externalRef, 'fd:%'));
      return rows.length === 9;
    });
    // Give the other process time to ask, should it (wrongly) think it may.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all(pulls.map((p) => p.stop()));
    expect(api.seen).toHaveLength(1);
  });
});

describe('npm run matches:import', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-matches-import-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Runs the real script on a PGlite folder of its own (no DATABASE_URL, no Redis). */
  function run(
    ...args: string[]
  ): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['scripts/matches-import.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SEED_DEMO: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.once('exit', (code) => resolve({ code, stdout, stderr }));
    });
  }
  const fixture = (name: string) => fileURLToPath(new URL(name, FIXTURES));

  it('says what is wrong with the file and opens no database', async () => {
    const missing = await run(path.join(dataDir, 'nothing.json'));
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toMatch(/^No such file: .*nothing\.json\n$/);
    const notJson = path.join(dataDir, 'cut.json');
    writeFileSync(notJson, '{"matches": [');
    expect(await run(notJson)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/is not JSON/) as unknown,
    });
    const notList = await run(fileURLToPath(new URL('../../package.json', import.meta.url)));
    expect(notList.code).toBe(2);
    expect(notList.stderr).toContain('is not a football-data.org match list');
    expect((await run()).stderr).toContain('Usage: npm run matches:import -- FILE');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('imports a saved response and prints the counts, then finds nothing to change', async () => {
    const first = await run(fixture('matches.json'));
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('matches  9 created, 0 updated, 0 unchanged');
    expect(first.stdout).toContain('skipped  0');
    const second = await run(fixture('matches.json'));
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('leagues  0 created, 5 matched');
    expect(second.stdout).toContain('matches  0 created, 0 updated, 9 unchanged');
  });
});
