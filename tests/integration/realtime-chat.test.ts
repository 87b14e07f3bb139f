/**
 * The live-room hub with real sockets: joining as user and guest, chat and history, forged
 * signatures, kick-out on logout, and batching. Chat rules and moderation have their own suites.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_FRAME,
  REALTIME_ERROR,
  SERVER_FRAME,
  type ErrorData,
  type LoginRepData,
  type SayData,
} from '../../src/lib/realtime/protocol/index.ts';
import { signUserSig } from '../../src/server/auth/usersig.ts';
import { chatMessages, liveRooms } from '../../src/server/db/schema.ts';
import { publishMatchLive } from '../../src/server/sports/match-live.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import {
  connect,
  guestJoin,
  joinAsGuest,
  joinAsUser,
  startHubServer,
  userJoin,
  type HubServer,
  speakRateOff,
} from './realtime-helpers.ts';

const ANCHOR = 100003;
const VIEWER = 100001;
const NOBLE = 100002;

describe.each(DB_KINDS)('live room hub (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    await speakRateOff(t.rt);
    server = await startHubServer(t.rt, { tickMs: 50 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.dispose();
  });

  it('lets a user and a guest join; the user speaks to both; the guest may not speak', async () => {
    const guest = await connect(server.wsUrl, 'zh_cn');
    guest.send(CLIENT_FRAME.first, guestJoin(t.rt, 'device-guest-1', ANCHOR));
    const guestRep = (await guest.next(SERVER_FRAME.loginRep)).data as LoginRepData;
    expect(guestRep.login.guest).toBe(true);
    expect(guestRep.login.is_manager).toBe(false);

    const viewer = await joinAsUser(server, t.rt, VIEWER, ANCHOR);
    await guest.next(SERVER_FRAME.enter, (d: { user_id: number }) => d.user_id === VIEWER);

    viewer.send(CLIENT_FRAME.say, { content: '  Saka is flying today  ' });
    const seen = (await guest.next(SERVER_FRAME.say)).data as SayData;
    expect(seen).toMatchObject({
      content: 'Saka is flying today',
      user_id: VIEWER,
      from_client_name: 'SkyRider',
      level: 5,
      vip_level: 0,
      role: 1,
      is_manager: false,
    });
    await viewer.next(SERVER_FRAME.say);

    guest.send(CLIENT_FRAME.say, { content: 'hello' });
    const refusal = (await guest.next(SERVER_FRAME.error)).data as ErrorData;
    expect(refusal.code).toBe(REALTIME_ERROR.forbidden);
    expect(refusal.msg).toBe('登录后才能发言');
    const stored = await t.rt.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.content, 'hello'));
    expect(stored).toHaveLength(0);
    guest.close();
    viewer.close();
  });

  it('keeps history across a hub restart on the same database, oldest first', async () => {
    const noble = await joinAsUser(server, t.rt, NOBLE, ANCHOR);
    noble.send(CLIENT_FRAME.say, { content: 'history line one' });
    await noble.next(SERVER_FRAME.say, (d: SayData) => d.content === 'history line one');
    noble.send(CLIENT_FRAME.say, { content: 'history line two' });
    await noble.next(SERVER_FRAME.say, (d: SayData) => d.content === 'history line two');
    noble.close();

    const restarted = await startHubServer(t.rt);
    try {
      const late = await connect(restarted.wsUrl);
      late.send(CLIENT_FRAME.first, guestJoin(t.rt, 'device-late', ANCHOR));
      const rep = (await late.next(SERVER_FRAME.loginRep)).data as LoginRepData;
      const contents = rep.history.map((m) => m.content);
      expect(contents.indexOf('history line one')).toBeLessThan(
        contents.indexOf('history line two'),
      );
      expect(rep.history.length).toBeLessThanOrEqual(50);
      expect(rep.history.find((m) => m.content === 'history line two')).toMatchObject({
        user_id: NOBLE,
        vip_level: 3,
      });
      late.close();
    } finally {
      await restarted.close();
    }
  });

  it('refuses forged, expired, borrowed and mismatched signatures', async () => {
    const client = await connect(server.wsUrl);
    const { join } = await userJoin(t.rt, VIEWER, ANCHOR);
    const attempts = [
      { ...join, sig: join.sig.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) },
      { ...join, id: String(NOBLE) },
      { ...join, sig: signUserSig('not-the-secret', join.id, Date.now(), 'a'.repeat(64)) },
      {
        ...join,
        sig: signUserSig(t.rt.env.secret, join.id, Date.now() - 25 * 3600_000, 'a'.repeat(64)),
      },
      // A valid signature for a session that does not exist.
      { ...join, sig: signUserSig(t.rt.env.secret, join.id, Date.now(), 'b'.repeat(64)) },
    ];
    for (const attempt of attempts) client.send(CLIENT_FRAME.login, attempt);
    // A guest signature used to log in as a user, and a user signature used as a guest.
    client.send(CLIENT_FRAME.login, guestJoin(t.rt, 'device-x', ANCHOR));
    client.send(CLIENT_FRAME.first, join);
    await expect.poll(() => client.all(SERVER_FRAME.error).length).toBe(7);
    for (const frame of client.all(SERVER_FRAME.error)) {
      expect(frame.data).toMatchObject({
        code: REALTIME_ERROR.loginFailed,
        msg: 'Authentication Failed',
      });
    }
    expect(client.all(SERVER_FRAME.loginRep)).toHaveLength(0);
    client.send(CLIENT_FRAME.say, { content: 'speaking without joining' });
    expect(
      (
        (
          await client.next(
            SERVER_FRAME.error,
            (d: ErrorData) => d.code !== REALTIME_ERROR.loginFailed,
          )
        ).data as ErrorData
      ).code,
    ).toBe(REALTIME_ERROR.notInRoom);
    client.close();
  });

  it('refuses a room that does not exist', async () => {
    const client = await connect(server.wsUrl);
    client.send(CLIENT_FRAME.first, guestJoin(t.rt, 'device-y', 999_999));
    expect((await client.next(SERVER_FRAME.error)).data).toMatchObject({
      code: REALTIME_ERROR.noRoom,
    });
    client.close();
  });

  it('kicks the socket of a session that logs out, and only that one', async () => {
    const kicked = await joinAsUser(server, t.rt, VIEWER, ANCHOR);
    const other = await joinAsUser(server, t.rt, VIEWER, ANCHOR);
    const res = await fetch(`${server.url}/api/user/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${kicked.token}`, 'device-info': 'dev-100001' },
    });
    expect(res.status).toBe(200);
    await kicked.next(SERVER_FRAME.kicked);
    expect(await kicked.closed).toBe(4001);
    other.send(CLIENT_FRAME.ping, {});
    await other.next(SERVER_FRAME.pong);
    expect(other.all(SERVER_FRAME.kicked)).toHaveLength(0);
    // The revoked session cannot join again with its old signature.
    const again = await connect(server.wsUrl);
    const sig = signUserSig(
      t.rt.env.secret,
      String(VIEWER),
      Date.now(),
      (await import('../../src/server/sessions.ts')).hashToken(kicked.token),
    );
    again.send(CLIENT_FRAME.login, {
      groupId: String(ANCHOR),
      channel: 'OFFICIAL',
      id: String(VIEWER),
      sig,
    });
    expect((await again.next(SERVER_FRAME.error)).data).toMatchObject({
      code: REALTIME_ERROR.loginFailed,
    });
    again.close();
    other.close();
  });

  it('coalesces a burst into batches: fewer socket messages than frames', async () => {
    const observer = await joinAsGuest(server, t.rt, 'device-observer', ANCHOR);
    const speakers = await Promise.all(
      [VIEWER, NOBLE, 100004, 100006, 100007].map((id) => joinAsUser(server, t.rt, id, ANCHOR)),
    );
    const before = observer.messages();
    const framesBefore = observer.frames.length;
    speakers.forEach((s, i) => s.send(CLIENT_FRAME.say, { content: `burst message ${i}` }));
    await expect
      .poll(
        () =>
          observer
            .all(SERVER_FRAME.say)
            .filter((f) => (f.data as SayData).content.startsWith('burst')).length,
      )
      .toBe(5);
    expect(observer.frames.length - framesBefore).toBeGreaterThanOrEqual(5);
    expect(observer.messages() - before).toBeLessThan(observer.frames.length - framesBefore);
    for (const s of [observer, ...speakers]) s.close();
  });

  it('sends the room heat periodically (heatRep)', async () => {
    const fast = await startHubServer(t.rt, { heatMs: 100 });
    try {
      const viewer = await connect(fast.wsUrl);
      viewer.send(CLIENT_FRAME.first, guestJoin(t.rt, 'device-heat', ANCHOR));
      const heat = (await viewer.next(SERVER_FRAME.heatRep)).data as {
        val: number;
        status: number;
      };
      expect(heat.val).toBeGreaterThan(0);
      expect(heat.status).toBe(1);
      viewer.close();
    } finally {
      await fast.close();
    }
  });

  it('sends match updates to sockets watching the match, guests included', async () => {
    const [live] = await t.rt.db
      .select({ id: liveRooms.matchId })
      .from(liveRooms)
      .where(eq(liveRooms.anchorId, ANCHOR));
    const matchId = live!.id!;
    const watcher = await connect(server.wsUrl);
    const other = await connect(server.wsUrl);
    watcher.send(CLIENT_FRAME.watchMatch, { matchId });
    other.send(CLIENT_FRAME.watchMatch, { matchId: matchId + 1000 });
    watcher.send(CLIENT_FRAME.ping, {});
    await watcher.next(SERVER_FRAME.pong);
    await publishMatchLive(t.rt.db, matchId, { kind: 'score', home: 2, away: 1 });
    const frame = (await watcher.next(SERVER_FRAME.matchLive)).data as {
      matchId: number;
      kind: string;
      payload: string;
    };
    expect(frame).toMatchObject({ matchId, kind: 'score' });
    expect(JSON.parse(frame.payload)).toMatchObject({ home: 2, away: 1 });
    other.send(CLIENT_FRAME.ping, {});
    await other.next(SERVER_FRAME.pong);
    expect(other.all(SERVER_FRAME.matchLive)).toHaveLength(0);
    watcher.close();
    other.close();
  });
});
