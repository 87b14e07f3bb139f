/** Booking matches: book, unbook, idempotency, refusals, the flood limit and the listing order. */
import { and, count, eq, ne } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/sessions.ts';
import { matchBookings, matches, MATCH_STATUS, users } from '../../src/server/db/schema.ts';
import { BOOKING_RATE } from '../../src/server/sports/routes.ts';
import { bearer } from './auth-helpers.ts';
import { apiSuite, callApi, DB_KINDS, userIdByMobile } from './helpers.ts';

interface Booking {
  match_id: number;
  status: number;
  start_time: number;
  home: { name: string };
}

describe.each(DB_KINDS)('match bookings on %s', (kind) => {
  const { t, api } = apiSuite(kind);
  let auth: Record<string, string>;
  let userId: number;
  let upcoming: number[];
  let live: number;
  let finished: number;

  beforeAll(async () => {
    const db = t.rt.db;
    userId = await userIdByMobile(db, '13900000001');
    auth = bearer(await createSession(db, userId, 'd-book'));
    const rows = await db.select().from(matches).orderBy(matches.startTime);
    upcoming = rows.filter((m) => m.status === MATCH_STATUS.scheduled).map((m) => m.id);
    live = rows.find((m) => m.status === MATCH_STATUS.live)!.id;
    finished = rows.find((m) => m.status === MATCH_STATUS.finished)!.id;
  });
  beforeEach(async () => {
    await t.rt.db.delete(matchBookings);
  });

  const book = (id: unknown, headers = auth, lang = 'en') =>
    callApi<{ match_id: number; booked: boolean }>(
      api,
      'POST',
      '/api/match/book',
      { match_id: id },
      { ...headers, lang },
    );
  const unbook = (id: unknown) => callApi(api, 'POST', '/api/match/unbook', { match_id: id }, auth);
  const list = () => callApi<Booking[]>(api, 'GET', '/api/match/bookings', undefined, auth);
  const stored = async () =>
    (
      await t.rt.db
        .select({ n: count() })
        .from(matchBookings)
        .where(eq(matchBookings.userId, userId))
    )[0]!.n;

  it('books an upcoming match once, however often it is asked, and unbooks it', async () => {
    const first = await book(upcoming[0]);
    expect(first).toMatchObject({ status: 0, data: { match_id: upcoming[0], booked: true } });
    expect((await book(upcoming[0])).status).toBe(0);
    expect((await book(String(upcoming[0]))).status).toBe(0);
    expect(await stored()).toBe(1);

    const listed = await list();
    expect(listed.data.map((b) => b.match_id)).toEqual([upcoming[0]]);

    expect((await unbook(upcoming[0])).status).toBe(0);
    expect((await unbook(upcoming[0])).status).toBe(0);
    expect(await stored()).toBe(0);
    expect((await list()).data).toEqual([]);
  });

  it('books a live match too', async () => {
    expect((await book(live)).status).toBe(0);
    expect(await stored()).toBe(1);
  });

  it('refuses guests with status 2 and stores nothing', async () => {
    const res = await book(upcoming[0], {});
    expect(res.status).toBe(2);
    expect((await callApi(api, 'GET', '/api/match/bookings')).status).toBe(2);
    expect((await callApi(api, 'POST', '/api/match/unbook', { match_id: 1 })).status).toBe(2);
    expect(await stored()).toBe(0);
  });

  it('refuses finished and unknown matches and bad ids, in the caller’s language', async () => {
    const done = await book(finished);
    expect(done).toMatchObject({
      status: 1,
      msg: 'This match has ended and can no longer be booked',
    });
    expect((await book(finished, auth, 'zh_cn')).msg).toBe('比赛已结束，无法预约');
    expect(await book(99_999_999)).toMatchObject({ status: 1, msg: 'This match does not exist' });
    for (const bad of ['abc', -3, 0, 1.5, null]) {
      expect((await book(bad)).status, String(bad)).toBe(1);
    }
    expect((await callApi(api, 'POST', '/api/match/book', '{oops', auth)).status).toBe(1);
    expect(await stored()).toBe(0);
  });

  it('limits a flood of book and unbook calls per user with 429', async () => {
    for (let i = 0; i < BOOKING_RATE.limit; i += 1) {
      const res = i % 2 === 0 ? await book(upcoming[0]) : await unbook(upcoming[0]);
      expect(res.status).toBe(0);
    }
    const over = await book(upcoming[1]);
    expect(over.http).toBe(429);
    expect(over.status).toBe(1);
    expect(
      (
        await t.rt.db
          .select()
          .from(matchBookings)
          .where(and(eq(matchBookings.userId, userId), eq(matchBookings.matchId, upcoming[1]!)))
      ).length,
    ).toBe(0);
    // Another user is not affected.
    const [other] = await t.rt.db.select().from(users).where(ne(users.id, userId)).limit(1);
    const otherAuth = bearer(await createSession(t.rt.db, other!.id, 'd-other'));
    expect((await book(upcoming[1], otherAuth)).status).toBe(0);
  });

  it('lists live and upcoming bookings first, soonest first, then finished ones', async () => {
    // A finished match can stay in the list when it was booked before it ended.
    await t.rt.db.insert(matchBookings).values({ userId, matchId: finished });
    await book(upcoming[2]);
    await book(upcoming[0]);
    await book(live);
    const { data } = await list();
    expect(data.map((b) => b.match_id)).toEqual([live, upcoming[0], upcoming[2], finished]);
    expect(data[0]!.start_time).toBeLessThan(data[1]!.start_time);
    const zh = await callApi<Booking[]>(api, 'GET', '/api/match/bookings', undefined, {
      ...auth,
      lang: 'zh_cn',
    });
    expect(zh.data[0]!.home.name).toMatch(/\p{Script=Han}/u);
  });
});
