/**
 * Ticket-paid rooms: the hub refuses joins without an entry, paying takes the tickets once per
 * live (repeats and parallel repeats do not charge again), staff enter free, too few tickets
 * change nothing, and a new live asks again.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROP_TYPE } from '../../src/lib/live/props.ts';
import {
  CLIENT_FRAME,
  REALTIME_ERROR,
  SERVER_FRAME,
  type ErrorData,
} from '../../src/lib/realtime/protocol/index.ts';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { grantItems, itemQuantity } from '../../src/server/backpack/service.ts';
import { liveRooms, roomTickets } from '../../src/server/db/schema.ts';
import { callApi, DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import {
  connect,
  guestJoin,
  startHubServer,
  userJoin,
  type HubServer,
} from './realtime-helpers.ts';

/** ValQueen's room: live, 1 ticket. */
const TICKET_ROOM = 100009;
const VIEWER = 100001;
const NOBLE = 100002;
const FREE_ROOM_MANAGER = 100004;
const ADMIN = 100005;
const FAN = 100016;

interface State {
  ticket: number;
  required: boolean;
  entered: boolean;
  free: boolean;
  tickets: number;
  stream_url: string;
  charged?: number;
}

describe.each(DB_KINDS)('ticket-paid rooms (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  let app: ReturnType<typeof createApi>;
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    app = createApi(t.rt);
    server = await startHubServer(t.rt, { tickMs: 20 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.dispose();
  });

  const headers = async (userId: number, lang = 'en') => ({
    authorization: `Bearer ${await createSession(t.rt.db, userId, 'test')}`,
    lang,
  });
  const state = async (userId: number | null) =>
    (
      await callApi<State>(
        app,
        'POST',
        '/api/live/ticket_room',
        { anchor_id: TICKET_ROOM },
        userId ? await headers(userId) : {},
      )
    ).data;
  const pay = async (userId: number, lang = 'en') =>
    callApi<State>(
      app,
      'POST',
      '/api/live/enter_ticket_room',
      { anchor_id: TICKET_ROOM },
      await headers(userId, lang),
    );
  const tickets = (userId: number) => itemQuantity(t.rt.db, userId, { type: PROP_TYPE.ticket });
  const joinError = async (userId: number | null, lang = 'en'): Promise<ErrorData | null> => {
    const client = await connect(server.wsUrl, lang);
    client.send(
      userId ? CLIENT_FRAME.login : CLIENT_FRAME.first,
      userId
        ? (await userJoin(t.rt, userId, TICKET_ROOM)).join
        : guestJoin(t.rt, 'ticket-guest', TICKET_ROOM),
    );
    const frame = await Promise.race([
      client.next(SERVER_FRAME.loginRep),
      client.next(SERVER_FRAME.error),
    ]);
    client.close();
    return frame.type === SERVER_FRAME.error ? (frame.data as ErrorData) : null;
  };

  it('refuses guests and viewers without entry at the hub, and hides the stream', async () => {
    expect(await joinError(null, 'zh_cn')).toMatchObject({
      code: REALTIME_ERROR.ticketRequired,
      msg: '这是付费直播，请登录并支付门票后观看和聊天。',
    });
    expect(await joinError(VIEWER)).toMatchObject({
      code: REALTIME_ERROR.ticketRequired,
      msg: 'This is a ticket-paid live: pay for entry to watch and chat.',
    });
    expect(await state(null)).toMatchObject({
      ticket: 1,
      required: true,
      entered: false,
      tickets: 0,
      stream_url: '',
    });
    expect(await state(VIEWER)).toMatchObject({ entered: false, tickets: 2, stream_url: '' });
  });

  it('says "not enough tickets" and changes nothing when the viewer has none', async () => {
    const before = await tickets(NOBLE);
    const res = await pay(NOBLE);
    expect(res).toMatchObject({ status: 1, msg: 'Not enough tickets. Get tickets in the mall.' });
    const zh = await pay(NOBLE, 'zh_cn');
    expect(zh.msg).toBe('门票不足，请前往商城获取门票。');
    expect(await tickets(NOBLE)).toBe(before);
    const rows = await t.rt.db.select().from(roomTickets).where(eq(roomTickets.userId, NOBLE));
    expect(rows).toHaveLength(0);
    expect(await joinError(NOBLE)).toMatchObject({ code: REALTIME_ERROR.ticketRequired });
  });

  it('charges once: paying enters, a repeat or a reload is free, and the hub lets them in', async () => {
    const first = await pay(VIEWER);
    expect(first.status).toBe(0);
    expect(first.data).toMatchObject({ entered: true, charged: 1, tickets: 1 });
    expect(first.data.stream_url).toMatch(/\.m3u8$/);
    const again = await pay(VIEWER);
    expect(again.data).toMatchObject({ entered: true, charged: 0, tickets: 1 });
    expect(await tickets(VIEWER)).toBe(1);
    expect(await state(VIEWER)).toMatchObject({ entered: true, tickets: 1 });
    expect(await joinError(VIEWER)).toBeNull();
  });

  it('charges once under parallel payments', async () => {
    await grantItems(t.rt.db, { userId: FAN, type: PROP_TYPE.ticket, count: 5, kind: 'grant' });
    const results = await Promise.all(Array.from({ length: 8 }, () => pay(FAN)));
    expect(results.every((r) => r.status === 0 && r.data.entered)).toBe(true);
    expect(results.filter((r) => r.data.charged === 1)).toHaveLength(1);
    expect(await tickets(FAN)).toBe(4);
    // Ten payments a minute per user: the eleventh is refused with 429.
    await pay(FAN);
    await pay(FAN);
    const limited = await pay(FAN);
    expect(limited).toMatchObject({ http: 429, status: 1 });
    expect(await tickets(FAN)).toBe(4);
  });

  it('lets the anchor and administrators in free, without charging', async () => {
    expect(await joinError(TICKET_ROOM)).toBeNull();
    expect(await joinError(ADMIN)).toBeNull();
    expect(await state(ADMIN)).toMatchObject({ free: true, entered: true, required: false });
    const res = await pay(TICKET_ROOM);
    expect(res.data).toMatchObject({ entered: true, charged: 0, free: true });
    // A manager of another room is an ordinary viewer here.
    expect(await joinError(FREE_ROOM_MANAGER)).toMatchObject({
      code: REALTIME_ERROR.ticketRequired,
    });
  });

  it('asks again for a new live, and not at all while the room is off air', async () => {
    await t.rt.db
      .update(liveRooms)
      .set({ startedAt: new Date() })
      .where(eq(liveRooms.anchorId, TICKET_ROOM));
    expect(await state(VIEWER)).toMatchObject({ entered: false, tickets: 1 });
    expect(await joinError(VIEWER)).toMatchObject({ code: REALTIME_ERROR.ticketRequired });

    await t.rt.db
      .update(liveRooms)
      .set({ isLive: false })
      .where(eq(liveRooms.anchorId, TICKET_ROOM));
    expect(await state(NOBLE)).toMatchObject({ required: false, entered: true });
    expect(await joinError(null)).toBeNull();
    const res = await pay(VIEWER);
    expect(res.data).toMatchObject({ charged: 0 });
    expect(await tickets(VIEWER)).toBe(1);
    const rows = await t.rt.db
      .select()
      .from(roomTickets)
      .where(and(eq(roomTickets.userId, VIEWER), eq(roomTickets.anchorId, TICKET_ROOM)));
    expect(rows).toHaveLength(1);
  });

  it('answers unknown rooms with not found and guests paying with log in', async () => {
    const unknown = await callApi(app, 'POST', '/api/live/ticket_room', { anchor_id: 999_999 });
    expect(unknown.http).toBe(404);
    const guest = await callApi(app, 'POST', '/api/live/enter_ticket_room', {
      anchor_id: TICKET_ROOM,
    });
    expect(guest.status).toBe(2);
  });
});
