/**
 * Two server processes on one PostgreSQL database and one Redis, both asked to play the demo
 * match: one plays it, at its pace, and viewers of the match's live room on either process get
 * every line on their room socket; when that process stops, the match goes on. Needs Debian's
 * redis-server and TEST_DATABASE_URL (CI has both).
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_FRAME,
  SERVER_FRAME,
  type MatchLiveData,
} from '../../src/lib/realtime/protocol/index.ts';
import { spawnServer, type SpawnedServer } from '../../scripts/spawn-server.ts';
import { DEMO_MATCH_STEPS } from '../../src/server/seed/demo-match.ts';
import { connect, type TestClient } from './realtime-helpers.ts';
import { hasRedis, startRedis, type TestRedis } from './redis-helpers.ts';
import { until } from './wait.ts';

const ready = Boolean(process.env.TEST_DATABASE_URL) && hasRedis;
if (!ready)
  console.warn(
    'redis-server or TEST_DATABASE_URL missing: the demo match cluster suite does not run.',
  );

const PACE_MS = 300;
const WINDOW_MS = 3_000;

/** A guest of `device` in room 100003 (the demo match's room) on the server at `url`. */
async function viewer(url: string, device: string): Promise<TestClient> {
  const res = await fetch(`${url}/api/tencentIm/getUserSig`, {
    headers: { 'device-info': device },
  });
  const sig = ((await res.json()) as { data: { id: string; sig: string } }).data;
  const client = await connect(`${url.replace('http', 'ws')}/im`);
  client.send(CLIENT_FRAME.first, { groupId: '100003', channel: 'OFFICIAL', ...sig });
  await client.next(SERVER_FRAME.loginRep);
  return client;
}

/** The script steps of the text lines `client` received, in order. */
function stepsHeard(client: TestClient): number[] {
  return client
    .all(SERVER_FRAME.matchLive)
    .map((f) => f.data as MatchLiveData)
    .filter((d) => d.kind === 'text')
    .map((d) =>
      DEMO_MATCH_STEPS.findIndex((s) => s.en === (JSON.parse(d.payload) as { en: string }).en),
    );
}

/** True when each step follows the one before (a kick-off after full time starts again at 0). */
function consecutive(steps: number[]): boolean {
  return steps.every(
    (s, i) =>
      i === 0 ||
      s === steps[i - 1]! + 1 ||
      (s === 0 && steps[i - 1] === DEMO_MATCH_STEPS.length - 1),
  );
}

describe.runIf(ready)('the demo match on two processes', () => {
  let redis: TestRedis;
  let a: SpawnedServer | undefined;
  let b: SpawnedServer | undefined;
  let dropDb: () => Promise<void>;
  const open: TestClient[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const admin = postgres(process.env.TEST_DATABASE_URL as string, { max: 1, onnotice: () => {} });
    const name = `arena_demo_${randomBytes(5).toString('hex')}`;
    await admin.unsafe(`create database ${name}`);
    dropDb = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    const env = {
      DATABASE_URL: url.href,
      REDIS_URL: redis.url,
      SECRET: randomBytes(32).toString('hex'),
      DEMO_MATCH_PACE_MS: String(PACE_MS),
    };
    // One after the other: the first seeds the empty database.
    a = await spawnServer(env);
    b = await spawnServer(env);
  }, 240_000);
  afterAll(async () => {
    for (const client of open) client.close();
    await Promise.all([a?.stop(), b?.stop()]);
    redis?.stop();
    await dropDb?.();
  });

  it('is played once, at its pace, and reaches the room on both processes', async () => {
    const onA = await viewer(a!.url, 'demo-a');
    const onB = await viewer(b!.url, 'demo-b');
    open.push(onA, onB);
    await until('a line on B', () => stepsHeard(onB).length > 0, 60_000, 50);
    // Over a window: one player publishes a step per pace at most, two would publish twice as many.
    const before = stepsHeard(onB).length;
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const played = stepsHeard(onB).length - before;
    expect(played).toBeGreaterThanOrEqual(3);
    expect(played).toBeLessThanOrEqual(WINDOW_MS / PACE_MS + 1);
    // Each step once and in order.
    const heardB = stepsHeard(onB);
    expect(heardB.every((s) => s >= 0)).toBe(true);
    expect(consecutive(heardB)).toBe(true);
    // The viewer on A heard the same lines.
    await until('A to catch up', () => stepsHeard(onA).length >= heardB.length, 10_000, 50);
    const heardA = stepsHeard(onA);
    const first = heardA.indexOf(heardB[0]!);
    expect(heardA.slice(first, first + heardB.length)).toEqual(heardB);
  });

  it('goes on when one process stops', async () => {
    const onB = open[1]!;
    await a!.stop();
    a = undefined;
    const before = stepsHeard(onB).length;
    await until('three more lines on B', () => stepsHeard(onB).length >= before + 3, 60_000, 50);
    expect(consecutive(stepsHeard(onB))).toBe(true);
  });
});
