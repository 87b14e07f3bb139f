/**
 * `npm run cluster` on loopback: two app processes behind nginx on a throwaway PostgreSQL and
 * Redis. A session made on one process works on the other; chat and gifts reach viewers on both;
 * the speak rate and a per-address limit hold for a client alternating processes; a gift burst
 * split across processes debits exactly; and when one process is killed (SIGKILL) mid-traffic,
 * its clients reconnect through nginx, every gift is applied exactly once and the ledger verifies.
 * Needs Debian's nginx, redis-server and postgresql (CI installs them).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_FRAME,
  REALTIME_ERROR,
  SERVER_FRAME,
  type GiftData,
  type GiftFeedRepData,
  type SayData,
} from '../../src/lib/realtime/protocol/index.ts';
import {
  api,
  GIVER,
  GIVER_MOBILE,
  holderOf,
  joinRoom,
  login,
  ready,
  type Ready,
  startCluster,
  sum,
} from './cluster-helpers.ts';
import { replaysAcrossProcesses } from './cluster-replays.ts';
import { connect, type TestClient } from './realtime-helpers.ts';
import { freePort } from './redis-helpers.ts';

describe.runIf(ready)('npm run cluster', () => {
  let cluster: ChildProcess;
  let info: Ready;
  let sql: postgres.Sql;
  let appA: string;
  let appB: string;
  let price: number;
  let gift: number;
  const open: TestClient[] = [];

  const gold = async () =>
    Number((await sql`select gold from wallets where user_id = ${GIVER}`)[0]!.gold);

  beforeAll(async () => {
    ({ child: cluster, info } = await startCluster(await freePort()));
    appA = `http://127.0.0.1:${info.apps[0]!.port}`;
    appB = `http://127.0.0.1:${info.apps[1]!.port}`;
    sql = postgres(info.database_url, { max: 2, onnotice: () => {} });
    const [cheapest] = await sql`
      select id, price from gifts where enabled and currency = 'gold' order by price, id limit 1`;
    gift = cheapest!.id as number;
    price = Number(cheapest!.price);
    // Chat tests send several messages; only the speak rate's own test keeps it on.
  }, 180_000);
  afterAll(async () => {
    for (const client of open) client.close();
    await sql?.end();
    if (cluster && cluster.exitCode === null) {
      const exit = new Promise((resolve) => cluster.once('exit', resolve));
      cluster.kill('SIGTERM');
      await exit;
    }
  }, 60_000);

  it('serves pages and the API through nginx from both processes', async () => {
    const page = await fetch(`${info.url}/home`);
    expect(page.status).toBe(200);
    for (const app of [appA, appB]) {
      expect(await (await fetch(`${app}/readyz`)).json()).toMatchObject({ status: 'ready' });
    }
    // Metrics stay on each app's loopback port, not on the public one.
    expect((await fetch(`${info.url}/metrics`)).status).toBe(404);
  });

  it('accepts a session made on one process on the other', async () => {
    const token = await login(appA, GIVER_MOBILE);
    const me = await fetch(`${appB}/api/user/getUserInfo`, {
      headers: { authorization: `Bearer ${token}`, 'device-info': 'cluster-suite' },
    });
    expect(((await me.json()) as { status: number }).status).toBe(0);
  });

  it('holds the speak rate for a speaker alternating between processes', async () => {
    const token = await login(info.url, GIVER_MOBILE);
    const onA = await joinRoom(appA, token);
    const onB = await joinRoom(appB, token);
    open.push(onA, onB);
    onA.send(CLIENT_FRAME.say, { content: 'first from process A' });
    await onB.next(SERVER_FRAME.say, (d: SayData) => d.content === 'first from process A');
    onB.send(CLIENT_FRAME.say, { content: 'at once from process B' });
    const refused = await onB.next(SERVER_FRAME.error, (d: { code: number }) => {
      return d.code === REALTIME_ERROR.refused;
    });
    expect(refused.data).toMatchObject({ reason: 'rate' });
  });

  it('shows a notice published on one process on the other within 5 s, with no restart', async () => {
    const token = await login(appA, '13900000005');
    // Each process has rendered /notice once, so both hold it in their page caches.
    for (const app of [appA, appB]) expect((await fetch(`${app}/notice`)).status).toBe(200);
    const title = `Cluster notice ${randomBytes(4).toString('hex')}`;
    const saved = await api<{ entry: { id: number } }>(
      appA,
      '/api/admin/content/save',
      {
        collection: 'notices',
        slug: 'cluster-1',
        locale: 'en-US',
        title,
        body: 'Published on one process, read on the other.',
        fields: { date: new Date().toISOString(), pinned: false },
        version: 0,
      },
      token,
    );
    expect(saved.status).toBe(0);
    const started = Date.now();
    const published = await api(
      appA,
      '/api/admin/content/publish',
      { id: saved.data.entry.id, version: 1 },
      token,
    );
    expect(published.status).toBe(0);
    let seenAfter = -1;
    while (Date.now() - started < 5000) {
      const page = await fetch(`${appB}/notice`, { headers: { cookie: 'language=en-US' } });
      if ((await page.text()).includes(title)) {
        seenAfter = Date.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seenAfter, 'the other process showed the notice within 5 s').toBeGreaterThanOrEqual(0);
  });

  it('brings a desk line posted on one process to a match centre on the other, and its correction', async () => {
    const token = await login(appA, '13900000005');
    const [match] = await sql`select id from matches order by id limit 1`;
    const matchId = match!.id as number;
    const watcher = await connect(`${appB.replace('http', 'ws')}/im`);
    open.push(watcher);
    watcher.send(CLIENT_FRAME.watchMatch, { matchId });
    // watchMatch has no answer: give process B a moment to take it before the line goes out.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const text = `Desk line ${randomBytes(4).toString('hex')}`;
    const posted = await api<{ line: { id: number } }>(
      appA,
      '/api/admin/matches/line',
      { id: matchId, minute: 12, kind: 'info', zh: '', en: text },
      token,
    );
    expect(posted.status).toBe(0);
    const frame = await watcher.next(
      SERVER_FRAME.matchLive,
      (d: { matchId: number; payload: string }) =>
        d.matchId === matchId && d.payload.includes(text),
    );
    expect(JSON.parse((frame.data as { payload: string }).payload)).toMatchObject({
      id: posted.data.line.id,
      en: text,
      zh: text,
    });
    const fixed = await api(
      appA,
      '/api/admin/matches/line',
      {
        id: matchId,
        line_id: posted.data.line.id,
        minute: 13,
        kind: 'chance',
        zh: '更正',
        en: `${text} (corrected)`,
      },
      token,
    );
    expect(fixed.status).toBe(0);
    await watcher.next(SERVER_FRAME.matchLive, (d: { payload: string }) =>
      d.payload.includes('(corrected)'),
    );
    await api(
      appA,
      '/api/admin/matches/line/remove',
      { id: matchId, line_id: posted.data.line.id },
      token,
    );
    const removed = await watcher.next(
      SERVER_FRAME.matchLive,
      (d: { kind: string }) => d.kind === 'remove',
    );
    expect(JSON.parse((removed.data as { payload: string }).payload)).toEqual({
      id: posted.data.line.id,
    });
  });

  it("plays a replay's barrage and a clip made on one process on the other, and removes both", async () => {
    await replaysAcrossProcesses({ appA, appB, nginx: info.url, sql });
  }, 60_000);

  it('counts a per-address limit once over both processes', async () => {
    // The captcha image: 30 per address and minute; 40 tries alternate between the apps.
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${i % 2 ? appA : appB}/api/captcha_path`, {
        method: 'POST',
        headers: { 'device-info': `cluster-captcha-${i}` },
      });
      answers.push(res.status);
      await res.arrayBuffer();
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(30);
    expect(answers.slice(30)).toEqual(Array(10).fill(429));
  });

  it('delivers chat and gifts to viewers on both processes and debits a split burst exactly', async () => {
    const viewerA = await joinRoom(appA, await login(appA, '13900000002'));
    const viewerB = await joinRoom(appB, await login(appB, '13900000002'));
    const token = await login(info.url, GIVER_MOBILE);
    const giverA = await joinRoom(appA, token);
    const giverB = await joinRoom(appB, token);
    open.push(viewerA, viewerB, giverA, giverB);
    const before = await gold();
    // 20 sends, alternating processes; each of the first 5 pressed again on the other process.
    const ids = Array.from({ length: 20 }, (_, i) => `burst-${i}`);
    ids.forEach((id, i) => {
      (i % 2 ? giverA : giverB).send(CLIENT_FRAME.gift, {
        giftid: gift,
        count: 1,
        client_msg_id: id,
      });
      if (i < 5)
        (i % 2 ? giverB : giverA).send(CLIENT_FRAME.gift, {
          giftid: gift,
          count: 1,
          client_msg_id: id,
        });
    });
    for (const id of ids) {
      const on = ids.indexOf(id) % 2 ? giverA : giverB;
      await on.next(SERVER_FRAME.giftFeedRep, (d: GiftFeedRepData) => d.client_msg_id === id);
    }
    expect(await gold()).toBe(before - 20 * price);
    for (const viewer of [viewerA, viewerB]) {
      await expect.poll(() => viewer.all(SERVER_FRAME.gift).length, { timeout: 5000 }).toBe(20);
      // One combo over both processes: its hits run 1 to 20.
      const hits = viewer.all(SERVER_FRAME.gift).map((f) => (f.data as GiftData).hit);
      expect(hits.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    }
  });

  it("lets an operator watch each process's traffic in its metrics", async () => {
    const texts = await Promise.all(
      [appA, appB].map(async (app) => (await fetch(`${app}/metrics`)).text()),
    );
    for (const text of texts) {
      // Requests by the route's pattern, never by a path a client made up.
      expect(
        sum(
          text,
          'http_request_duration_seconds_count{method="POST",route="/api/user/login",status="200"}',
        ),
      ).toBeGreaterThan(0);
      expect(
        sum(
          text,
          'http_request_duration_seconds_count{method="GET",route="/api/tencentIm/getUserSig",status="200"}',
        ),
      ).toBeGreaterThan(0);
      expect(sum(text, 'im_frames_in_total{type="gift"}')).toBeGreaterThan(0);
      expect(sum(text, 'im_frames_out_total')).toBeGreaterThan(0);
      expect(sum(text, 'im_rooms_open')).toBe(1);
      expect(sum(text, 'bus_lag_seconds_count')).toBeGreaterThan(0);
      expect(sum(text, 'gift_batch_size_count')).toBeGreaterThan(0);
      expect(sum(text, 'db_pool_max')).toBe(10);
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    }
    // Refusals by code: the speak-rate test's refusals were counted where they happened.
    expect(
      texts.reduce(
        (n, t) => n + sum(t, `im_frames_refused_total{code="${REALTIME_ERROR.refused}"}`),
        0,
      ),
    ).toBeGreaterThan(0);
    // Each of the burst's 20 gifts was paid once, in one process or the other.
    expect(
      texts.reduce((n, t) => n + sum(t, 'ledger_operations_total{kind="gift",result="ok"}'), 0),
    ).toBe(20);
    // The database probe runs every 5 s on each process.
    for (const app of [appA, appB]) {
      await expect
        .poll(
          async () => sum(await (await fetch(`${app}/metrics`)).text(), 'db_probe_seconds_count'),
          {
            timeout: 8000,
          },
        )
        .toBeGreaterThan(0);
    }
  });

  it('survives losing a process: clients reconnect through nginx and nothing is lost', async () => {
    const token = await login(info.url, GIVER_MOBILE);
    const before = await gold();
    const acked = new Set<string>();
    const sent: string[] = [];
    for (const client of open.splice(0)) client.close();
    let giver = await joinRoom(info.url, token);
    // The app holding the giver's socket (the only socket open now) is the one killed.
    const victim = await holderOf(info.apps);
    let reconnects = 0;
    for (let i = 0; i < 60; i++) {
      const id = `kill-${i}`;
      sent.push(id);
      // Four presses a second: within a socket's frame allowance (5 a second).
      await new Promise((resolve) => setTimeout(resolve, 250));
      if (i === 20) process.kill(victim.pid, 'SIGKILL');
      try {
        giver.send(CLIENT_FRAME.gift, { giftid: gift, count: 1, client_msg_id: id });
        const feed = await giver.next(
          SERVER_FRAME.giftFeedRep,
          (d: GiftFeedRepData) => d.client_msg_id === id,
        );
        acked.add((feed.data as GiftFeedRepData).client_msg_id);
      } catch {
        // The socket went with its process: reconnect through nginx, as the page does.
        giver.close();
        giver = await joinRoom(info.url, token);
        reconnects += 1;
      }
    }
    expect(reconnects).toBeGreaterThan(0);
    // Unanswered presses are pressed again with the same id, as the gift bar does on reconnect.
    for (const id of sent.filter((s) => !acked.has(s))) {
      giver.send(CLIENT_FRAME.gift, { giftid: gift, count: 1, client_msg_id: id });
      await giver.next(SERVER_FRAME.giftFeedRep, (d: GiftFeedRepData) => d.client_msg_id === id);
    }
    giver.close();
    expect(await gold()).toBe(before - 60 * price);
    const verify = spawnSync(process.execPath, ['scripts/ledger-verify.ts'], {
      env: { ...process.env, DATABASE_URL: info.database_url },
      encoding: 'utf8',
    });
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
  }, 120_000);
});
