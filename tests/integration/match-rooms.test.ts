/**
 * A match update reaches the live rooms broadcasting the match, on the room's own socket: a
 * viewer of the linked room gets the matchLive frame of a publish, a viewer of another room does
 * not, and a room that links the match later hears it once the hub looks the rooms up again.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_FRAME, type MatchLiveData } from '../../src/lib/realtime/protocol/index.ts';
import { liveRooms } from '../../src/server/db/schema.ts';
import { publishMatchLive } from '../../src/server/sports/match-live.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import { joinAsGuest, startHubServer, type HubServer } from './realtime-helpers.ts';

/** The demo anchor whose live room broadcasts the featured football match. */
const ANCHOR = 100003;
/** How long the hub uses one lookup of a match's rooms in this suite. */
const TTL_MS = 300;

describe.each(DB_KINDS)('match updates in live rooms (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  let matchId: number;
  let otherRoom: number;

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    server = await startHubServer(t.rt, { tickMs: 20, matchRoomsTtlMs: TTL_MS });
    const [linked] = await t.rt.db
      .select({ matchId: liveRooms.matchId })
      .from(liveRooms)
      .where(eq(liveRooms.anchorId, ANCHOR));
    matchId = linked!.matchId!;
    const [other] = await t.rt.db
      .select({ anchorId: liveRooms.anchorId })
      .from(liveRooms)
      .where(
        and(eq(liveRooms.isLive, true), isNull(liveRooms.matchId), ne(liveRooms.anchorId, ANCHOR)),
      )
      .limit(1);
    otherRoom = other!.anchorId;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.dispose();
  });

  const payloadOf = (data: MatchLiveData) => JSON.parse(data.payload) as Record<string, unknown>;

  it("sends a publish to the linked room's viewers on their room socket, not to other rooms", async () => {
    const viewer = await joinAsGuest(server, t.rt, 'strip-viewer', ANCHOR);
    const elsewhere = await joinAsGuest(server, t.rt, 'strip-elsewhere', otherRoom);
    await publishMatchLive(t.rt.db, matchId, {
      kind: 'text',
      minute: 88,
      event: 'goal',
      zh: '绝杀！',
      en: 'A late winner!',
    });
    await publishMatchLive(t.rt.db, matchId, { kind: 'score', home: 3, away: 1 });
    const text = (await viewer.next(SERVER_FRAME.matchLive)).data as MatchLiveData;
    expect(text).toMatchObject({ matchId, kind: 'text' });
    expect(payloadOf(text)).toMatchObject({ minute: 88, kind: 'goal', en: 'A late winner!' });
    // In the order published.
    const score = (
      await viewer.next(SERVER_FRAME.matchLive, (d: MatchLiveData) => d.kind === 'score')
    ).data as MatchLiveData;
    expect(payloadOf(score)).toMatchObject({ home: 3, away: 1 });
    const kinds = viewer.all(SERVER_FRAME.matchLive).map((f) => (f.data as MatchLiveData).kind);
    expect(kinds).toEqual(['text', 'score']);
    // The other room's viewer heard nothing of it (a ping's answer comes after the frames).
    elsewhere.send('ping', {});
    await elsewhere.next(SERVER_FRAME.pong);
    expect(elsewhere.all(SERVER_FRAME.matchLive)).toHaveLength(0);
    viewer.close();
    elsewhere.close();
  });

  it('reaches a room linked later, and no longer a room that stopped broadcasting', async () => {
    const later = await joinAsGuest(server, t.rt, 'strip-later', otherRoom);
    const ended = await joinAsGuest(server, t.rt, 'strip-ended', ANCHOR);
    await t.rt.db.update(liveRooms).set({ matchId }).where(eq(liveRooms.anchorId, otherRoom));
    await t.rt.db.update(liveRooms).set({ isLive: false }).where(eq(liveRooms.anchorId, ANCHOR));
    try {
      await new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));
      await publishMatchLive(t.rt.db, matchId, { kind: 'score', home: 3, away: 2 });
      const frame = (await later.next(SERVER_FRAME.matchLive)).data as MatchLiveData;
      expect(payloadOf(frame)).toMatchObject({ home: 3, away: 2 });
      ended.send('ping', {});
      await ended.next(SERVER_FRAME.pong);
      expect(ended.all(SERVER_FRAME.matchLive)).toHaveLength(0);
    } finally {
      await t.rt.db
        .update(liveRooms)
        .set({ matchId: null })
        .where(eq(liveRooms.anchorId, otherRoom));
      await t.rt.db.update(liveRooms).set({ isLive: true }).where(eq(liveRooms.anchorId, ANCHOR));
      later.close();
      ended.close();
    }
  });
});
