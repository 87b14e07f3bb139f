/**
 * The anchor centre's figures come from what really happens in a live: viewers entering over
 * real sockets, chat, gifts paid through the ledger, and viewer counts from several processes.
 * The income report agrees with the ledger, and only the anchor reads their own figures.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_FRAME,
  SERVER_FRAME,
  type GiftFeedRepData,
} from '../../src/lib/realtime/protocol/index.ts';
import type {
  AnalysisReport,
  CentreOverview,
  IncomeReport,
  LiveDetail,
} from '../../src/lib/studio/centre.ts';
import { siteDay, siteDayRange } from '../../src/lib/time.ts';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { ledgerEntries } from '../../src/server/db/schema.ts';
import { addViewerSamples, minuteOf } from '../../src/server/studio/stats.ts';
import { giftSplit } from '../../src/server/wallet/ledger.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import {
  callApi,
  DB_KINDS,
  LIVE_FORM,
  openTestRuntime,
  type TestRuntime,
  userIdByMobile,
} from './helpers.ts';
import {
  connect,
  guestJoin,
  joinAsUser,
  startHubServer,
  type HubServer,
  speakRateOff,
} from './realtime-helpers.ts';

const ANCHOR = '13900000012';
const OTHER_ANCHOR = '13900000003';
const VIEWER = '13900000001';
/** The whistle: 1 gem. */
const WHISTLE = 1;

const FORM = { ...LIVE_FORM, title: 'Late-night ranked, with stats' };

/** Polls `read` until `done` holds, for up to 5 s. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(DB_KINDS)('anchor centre (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  let app: ReturnType<typeof createApi>;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    app = createApi(t.rt);
    for (const mobile of [ANCHOR, OTHER_ANCHOR, VIEWER]) {
      ids[mobile] = await userIdByMobile(t.rt.db, mobile);
    }
    await speakRateOff(t.rt);
    server = await startHubServer(t.rt, { tickMs: 20 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.dispose();
  });

  const as = async (mobile: string) => ({
    authorization: `Bearer ${await createSession(t.rt.db, ids[mobile]!, 'test')}`,
    lang: 'en',
  });
  const today = () => siteDay(new Date());

  it('counts a live’s viewers, chat, gifts and income, and reads them back', async () => {
    const anchor = await as(ANCHOR);
    const anchorId = ids[ANCHOR]!;
    const started = await callApi(app, 'POST', '/webapi/live/startLive', FORM, anchor);
    expect(started.status).toBe(0);

    const viewer = await joinAsUser(server, t.rt, ids[VIEWER]!, anchorId);
    const again = await joinAsUser(server, t.rt, ids[VIEWER]!, anchorId);
    const guest = await connect(server.wsUrl);
    guest.send(CLIENT_FRAME.first, guestJoin(t.rt, 'centre-guest', anchorId));
    await guest.next(SERVER_FRAME.loginRep);

    viewer.send(CLIENT_FRAME.say, { content: 'what a play' });
    await guest.next(SERVER_FRAME.say);
    viewer.send(CLIENT_FRAME.gift, { giftid: WHISTLE, count: 10, client_msg_id: 'centre-1' });
    const feed = (await viewer.next(SERVER_FRAME.giftFeedRep)).data as GiftFeedRepData;
    expect(feed.client_msg_id).toBe('centre-1');

    // Two processes count the room in the same minute: the peak is their sum.
    const now = new Date();
    await addViewerSamples(t.rt.db, 'node-a', new Map([[anchorId, 3]]), now);
    await addViewerSamples(t.rt.db, 'node-b', new Map([[anchorId, 2]]), now);

    const overview = await until(
      async () =>
        (await callApi<CentreOverview>(app, 'POST', '/api/studio/overview', {}, anchor)).data,
      // Entries and chat counts are written within a second.
      (o) => o.today.viewers >= 2 && o.today.messages >= 1,
    );
    const income = giftSplit(1_000);
    expect(overview.today).toMatchObject({
      viewers: 2,
      peak_viewers: 5,
      messages: 1,
      gifts: 10,
      gift_value: 1_000,
      income,
    });
    expect(overview).toMatchObject({ session_open: true, is_live: false });
    expect(overview.recent[0]).toMatchObject({
      title: FORM.title,
      ended_at: null,
      viewers: 2,
      peak_viewers: 5,
      messages: 1,
      gifts: 10,
      income,
    });

    const range = { from: today(), to: today() };
    const analysis = await callApi<AnalysisReport>(
      app,
      'POST',
      '/api/studio/analysis',
      range,
      anchor,
    );
    expect(analysis.data.days).toEqual([{ day: today(), ...overview.today }]);
    expect(analysis.data.lives[0]!.id).toBe(overview.recent[0]!.id);

    const report = await callApi<IncomeReport>(app, 'POST', '/api/studio/income', range, anchor);
    const [ledger] = await t.rt.db
      .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.userId, anchorId),
          eq(ledgerEntries.kind, 'gift_income'),
          gte(ledgerEntries.createdAt, siteDayRange(today()).start),
        ),
      );
    expect(report.data.total).toBe(ledger!.sum);
    expect(report.data.days[0]!.income).toBe(ledger!.sum);
    expect(report.data.list[0]).toMatchObject({
      sender: { id: ids[VIEWER] },
      gift: { id: WHISTLE, name: 'Whistle' },
      count: 10,
      paid: 1_000,
      amount: income,
    });

    const detail = await callApi<LiveDetail>(
      app,
      'POST',
      '/api/studio/live',
      { id: overview.recent[0]!.id },
      anchor,
    );
    expect(detail.data.viewers).toEqual([[Math.floor(minuteOf(now).getTime() / 1000), 5]]);

    // After the end, a message still counts for the day but no longer for the live.
    expect((await callApi(app, 'POST', '/webapi/live/endLive', {}, anchor)).status).toBe(0);
    viewer.send(CLIENT_FRAME.say, { content: 'good game' });
    await guest.next(SERVER_FRAME.say, (d: { content: string }) => d.content === 'good game');
    const after = await until(
      async () =>
        (await callApi<CentreOverview>(app, 'POST', '/api/studio/overview', {}, anchor)).data,
      (o) => o.today.messages >= 2,
    );
    expect(after.today.messages).toBe(2);
    expect(after.recent[0]).toMatchObject({ messages: 1 });
    expect(after.recent[0]!.ended_at).not.toBeNull();
    expect(isClean(await verifyLedger(t.rt.db))).toBe(true);
    for (const c of [viewer, again, guest]) c.close();
  });

  it('answers only anchors, each about their own lives, and checks the range', async () => {
    const viewer = await callApi(app, 'POST', '/api/studio/overview', {}, await as(VIEWER));
    expect(viewer).toMatchObject({
      status: 1,
      msg: 'Only anchors can do this. Apply to become an anchor first.',
    });
    expect((await callApi(app, 'POST', '/api/studio/overview', {})).status).toBe(2);

    const mine = await callApi<CentreOverview>(
      app,
      'POST',
      '/api/studio/overview',
      {},
      await as(ANCHOR),
    );
    const other = await callApi(
      app,
      'POST',
      '/api/studio/live',
      { id: mine.data.recent[0]!.id },
      await as(OTHER_ANCHOR),
    );
    expect(other).toMatchObject({ status: 1, msg: 'This live does not exist or is not yours' });

    const headers = { ...(await as(ANCHOR)), lang: 'zh_cn' };
    const cases: [Record<string, unknown>, string][] = [
      [{ from: '2026-11-10', to: '2026-11-01' }, '请选择开始日期和不早于它的结束日期'],
      [{ from: '2026-02-30', to: '2026-03-01' }, '请选择开始日期和不早于它的结束日期'],
      [{ from: '2026-01-01', to: '2026-06-01' }, '最多选择 92 天'],
    ];
    for (const [body, msg] of cases) {
      expect(await callApi(app, 'POST', '/api/studio/analysis', body, headers)).toMatchObject({
        status: 1,
        msg,
      });
      expect(await callApi(app, 'POST', '/api/studio/income', body, headers)).toMatchObject({
        status: 1,
        msg,
      });
    }
  });
});
