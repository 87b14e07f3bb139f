/**
 * The history a viewer gets on joining, which the hub keeps per room between joins: it follows
 * every message, deletion and clear of the room, in order, and it never mixes rooms. The join
 * also says whether the room is live, so a viewer who connects as the anchor goes live does not
 * wait for the next heat report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_FRAME,
  SERVER_FRAME,
  type LoginRepData,
} from '../../src/lib/realtime/protocol/index.ts';
import { eq } from 'drizzle-orm';
import { chatMessages, liveRooms } from '../../src/server/db/schema.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import {
  joinAsGuest,
  joinAsUser,
  speakRateOff,
  startHubServer,
  type HubServer,
  type TestClient,
} from './realtime-helpers.ts';

const ANCHOR = 100003;
const OTHER_ANCHOR = 100006;
const VIEWER = 100001;
const MANAGER = 100004;

describe.each(DB_KINDS)('history on joining a room (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  const open: TestClient[] = [];

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    await t.rt.db.delete(chatMessages);
    await speakRateOff(t.rt);
    server = await startHubServer(t.rt);
  }, 60_000);
  afterAll(async () => {
    for (const c of open) c.close();
    await server?.close();
    await t?.dispose();
  });

  /** The contents of the history a new guest gets in `room`. */
  async function historyOf(room: number): Promise<string[]> {
    const guest = await joinAsGuest(server, t.rt, `device-${Math.random()}`, room);
    open.push(guest);
    const rep = (await guest.next(SERVER_FRAME.loginRep)).data as LoginRepData;
    return rep.history.map((m) => m.content);
  }

  it('follows messages, deletions and clears of its own room only', async () => {
    const viewer = await joinAsUser(server, t.rt, VIEWER, ANCHOR);
    const manager = await joinAsUser(server, t.rt, MANAGER, ANCHOR);
    open.push(viewer, manager);
    const say = async (content: string) => {
      viewer.send(CLIENT_FRAME.say, { content });
      return manager.next(SERVER_FRAME.say, (d: { content: string }) => d.content === content);
    };

    const first = await say('kick-off');
    expect(await historyOf(ANCHOR)).toEqual(['kick-off']);
    // Joins in quick succession see each new message, in order, exactly once.
    await say('what a pass');
    expect(await historyOf(ANCHOR)).toEqual(['kick-off', 'what a pass']);
    await say('goal!');
    expect(await historyOf(ANCHOR)).toEqual(['kick-off', 'what a pass', 'goal!']);
    expect(await historyOf(OTHER_ANCHOR)).toEqual([]);

    manager.send(CLIENT_FRAME.deleteMsg, { id: (first.data as { id: number }).id });
    await viewer.next(SERVER_FRAME.deleteMsg);
    expect(await historyOf(ANCHOR)).toEqual(['what a pass', 'goal!']);

    manager.send(CLIENT_FRAME.clearChat, {});
    await viewer.next(SERVER_FRAME.clearChat);
    expect(await historyOf(ANCHOR)).toEqual([]);
    await say('second half');
    expect(await historyOf(ANCHOR)).toEqual(['second half']);
  });

  it('says whether the room is live as the viewer joins', async () => {
    const statusOf = async () => {
      const guest = await joinAsGuest(server, t.rt, `device-${Math.random()}`, OTHER_ANCHOR);
      open.push(guest);
      return ((await guest.next(SERVER_FRAME.loginRep)).data as LoginRepData).status;
    };
    const setLive = (isLive: boolean) =>
      t.rt.db.update(liveRooms).set({ isLive }).where(eq(liveRooms.anchorId, OTHER_ANCHOR));
    await setLive(false);
    expect(await statusOf()).toBe(0);
    await setLive(true);
    expect(await statusOf()).toBe(1);
  });
});
