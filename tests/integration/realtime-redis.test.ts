/**
 * Two server processes on one PostgreSQL database share a live room through Redis pub/sub:
 * a message said on one reaches a viewer on the other, and a logout on one kicks the socket on
 * the other. Needs Debian's redis-server and TEST_DATABASE_URL (CI has both).
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_FRAME, SERVER_FRAME, type SayData } from '../../src/lib/realtime/protocol/index.ts';
import { spawnServer, type SpawnedServer } from '../../scripts/spawn-server.ts';
import { connect, type TestClient } from './realtime-helpers.ts';
import { hasRedis, startRedis, type TestRedis } from './redis-helpers.ts';

const ready = Boolean(process.env.TEST_DATABASE_URL) && hasRedis;
if (!ready)
  console.warn('redis-server or TEST_DATABASE_URL missing: the Redis fan-out suite does not run.');

async function api<T>(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'device-info': 'redis-suite', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; data: T };
}

/** Logs in with a password on `url`; answers the token and the getUserSig signature. */
async function loginOn(url: string, mobile: string) {
  const login = await api<{ token: string }>(url, '/api/user/login', {
    account: mobile,
    pwd: 'demo1234',
    login_type: 1,
    platform: 0,
    source_id: 10001,
    website: 'test',
  });
  expect(login.status).toBe(0);
  const res = await fetch(`${url}/api/tencentIm/getUserSig`, {
    headers: { authorization: `Bearer ${login.data.token}`, 'device-info': 'redis-suite' },
  });
  const sig = ((await res.json()) as { data: { id: string; sig: string } }).data;
  return { token: login.data.token, sig };
}

/** Logs in on `url` and joins room 100003 as that user on `other`. */
async function joinVia(
  url: string,
  other: string,
  mobile: string,
): Promise<TestClient & { token: string }> {
  const { token, sig } = await loginOn(url, mobile);
  const client = await connect(`${other.replace('http', 'ws')}/im`);
  client.send(CLIENT_FRAME.login, { groupId: '100003', channel: 'OFFICIAL', ...sig });
  await client.next(SERVER_FRAME.loginRep);
  return Object.assign(client, { token });
}

/** Opens `mobile`'s inbox on process `on` (logged in on `url`); resolves after inboxRep. */
async function inboxVia(url: string, on: string, mobile: string) {
  const { token, sig } = await loginOn(url, mobile);
  const client = await connect(`${on.replace('http', 'ws')}/im`);
  client.send(CLIENT_FRAME.inbox, sig);
  await client.next(SERVER_FRAME.inboxRep);
  return Object.assign(client, { token });
}

describe.runIf(ready)('rooms across processes through Redis', () => {
  let redis: TestRedis;
  let a: SpawnedServer;
  let b: SpawnedServer;
  let dropDb: () => Promise<void>;

  beforeAll(async () => {
    redis = await startRedis();
    const admin = postgres(process.env.TEST_DATABASE_URL as string, { max: 1, onnotice: () => {} });
    const name = `arena_redis_${randomBytes(5).toString('hex')}`;
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
    };
    // One after the other: the first seeds the empty database.
    a = await spawnServer(env);
    b = await spawnServer(env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    redis?.stop();
    await dropDb?.();
  });

  it('delivers a message said on one process to a viewer on the other', async () => {
    const speaker = await joinVia(a.url, a.url, '13900000001');
    const listener = await joinVia(a.url, b.url, '13900000002');
    speaker.send(CLIENT_FRAME.say, { content: 'hello from process A' });
    const heard = (
      await listener.next(SERVER_FRAME.say, (d: SayData) => d.content === 'hello from process A')
    ).data as SayData;
    expect(heard.user_id).toBe(100001);
    // And back, B to A.
    listener.send(CLIENT_FRAME.say, { content: 'and back from B' });
    await speaker.next(SERVER_FRAME.say, (d: SayData) => d.content === 'and back from B');
    speaker.close();
    listener.close();
  });

  it('kicks a socket on one process when its session logs out on the other', async () => {
    const viewer = await joinVia(a.url, b.url, '13900000001');
    const out = await api(
      a.url,
      '/api/user/logout',
      {},
      { authorization: `Bearer ${viewer.token}` },
    );
    expect(out.status).toBe(0);
    await viewer.next(SERVER_FRAME.kicked);
    expect(await viewer.closed).toBe(4001);
  });

  it('delivers private and fan-group messages to an inbox on the other process', async () => {
    const anchor = await inboxVia(a.url, b.url, '13900000003');
    const viewer = await inboxVia(a.url, b.url, '13900000002');
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const sent = await api(
      a.url,
      '/api/privateChat/send',
      { anchor_id: 100003, content: 'hello across processes' },
      as(viewer.token),
    );
    expect(sent.status).toBe(0);
    await anchor.next(
      SERVER_FRAME.privateMsg,
      (m: { content: string }) => m.content === 'hello across processes',
    );
    // Joining on A subscribes the viewer's socket on B to the group.
    const profile = await api<{ groups: { group_id: number }[] }>(
      a.url,
      '/api/groupChat/getAnchorProfile',
      { anchorId: 100003 },
    );
    const groupId = profile.data.groups[0]!.group_id;
    await api(a.url, '/api/anchor/attentAnchor', { anchorid: 100003 }, as(viewer.token));
    const joined = await api(
      a.url,
      '/api/groupChat/addToGroupChat',
      { group_id: groupId },
      as(viewer.token),
    );
    expect(joined.status).toBe(0);
    const said = await api(
      a.url,
      '/api/groupChat/send',
      { group_id: groupId, content: 'welcome to the group' },
      as(anchor.token),
    );
    expect(said.status).toBe(0);
    await viewer.next(
      SERVER_FRAME.groupMsg,
      (m: { content: string }) => m.content === 'welcome to the group',
    );
    anchor.close();
    viewer.close();
  });
  // Last: it stops Redis.
  it('is ready while Redis answers, and unavailable (alive all the same) once it is gone', async () => {
    for (const server of [a, b]) {
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ready', database: true, bus: true });
    }
    redis.stop();
    await expect
      .poll(async () => (await fetch(`${a.url}/readyz`)).status, { timeout: 10_000 })
      .toBe(503);
    const res = await fetch(`${b.url}/readyz`);
    expect(await res.json()).toMatchObject({ status: 'unavailable', database: true, bus: false });
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
  });
});
