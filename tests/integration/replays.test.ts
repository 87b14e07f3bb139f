/**
 * Replays and planned lives: the demo seed, the read functions behind the anchor pages and
 * recommended lives, and the JSON calls with their validation in both languages.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_STATUS } from '../../src/lib/api/envelope.ts';
import { createApi } from '../../src/server/app.ts';
import { getAnchorProfile, isAnchor } from '../../src/server/anchors/profile.ts';
import { livePlans, LIVE_PLAN_STATUS, liveRooms, replays } from '../../src/server/db/schema.ts';
import { listUpcomingPlans } from '../../src/server/live/plans.ts';
import { listRecommendedRooms } from '../../src/server/live/recommended.ts';
import { getReplay, listReplays } from '../../src/server/replays/service.ts';
import { callApi, DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';

/** 老K说球, the football anchor with the most replays. */
const ANCHOR = 100003;

interface ReplayJson {
  id: number;
  anchor_id: number;
  title: string;
  category_id: number;
  second_category_id: number | null;
  second_category: string | null;
  duration: number;
  views: number;
  recorded_at: number;
}

describe.each(DB_KINDS)('replays and planned lives (%s)', (kind) => {
  let t: TestRuntime;
  let api: ReturnType<typeof createApi>;
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    api = createApi(t.rt);
  }, 60_000);
  afterAll(async () => t?.dispose());

  it('seeds several replays per anchor across sports, all on the demo recording', async () => {
    const rows = await t.rt.db.select().from(replays);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    const anchors = new Set(rows.map((r) => r.anchorId));
    expect(anchors.size).toBeGreaterThanOrEqual(10);
    const own = rows.filter((r) => r.anchorId === ANCHOR);
    expect(own.length).toBeGreaterThan(12);
    expect(new Set(own.map((r) => r.secondCategoryId)).size).toBeGreaterThan(1);
    expect(own.some((r) => r.matchId !== null)).toBe(true);
    for (const r of rows) {
      expect(r.streamUrl).toBe('/media/demo/master.m3u8');
      expect(r.durationSec).toBeGreaterThan(0);
      expect(r.recordedAt.getTime()).toBeLessThan(Date.now());
    }
  });

  it('lists replays newest first, by page, anchor and category, in the locale', async () => {
    const first = await listReplays(t.rt.db, { locale: 'en-US', page: 1, pageSize: 12 });
    expect(first.items).toHaveLength(12);
    expect(first.pages).toBe(Math.ceil(first.total / 12));
    const times = first.items.map((r) => r.recordedAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await listReplays(t.rt.db, { locale: 'en-US', page: 2, pageSize: 12 });
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    const clamped = await listReplays(t.rt.db, { locale: 'en-US', page: 999 });
    expect(clamped.page).toBe(clamped.pages);

    const basketball = await listReplays(t.rt.db, {
      locale: 'zh-CN',
      categoryId: 2,
      secondCategoryId: 202,
    });
    expect(basketball.total).toBeGreaterThan(0);
    expect(basketball.items.every((r) => r.secondCategory === '篮球')).toBe(true);
    const mine = await listReplays(t.rt.db, { locale: 'en-US', anchorId: ANCHOR });
    expect(mine.items.every((r) => r.anchorId === ANCHOR && r.anchorName === '老K说球')).toBe(true);
    const view = await getReplay(t.rt.db, mine.items[0]!.id, 'en-US');
    expect(view?.streamUrl).toBe('/media/demo/master.m3u8');
    expect(await getReplay(t.rt.db, 999_999, 'en-US')).toBeNull();
  });

  it('reads anchor profiles; viewers and unknown ids are not anchors', async () => {
    const profile = await getAnchorProfile(t.rt.db, ANCHOR);
    expect(profile).toMatchObject({ id: ANCHOR, nickName: '老K说球', isLive: true });
    expect(profile!.level).toBeGreaterThan(0);
    expect(await getAnchorProfile(t.rt.db, 100001)).toBeNull();
    expect(await getAnchorProfile(t.rt.db, 999_999)).toBeNull();
    expect(await isAnchor(t.rt.db, 100010)).toBe(true);
    expect((await getAnchorProfile(t.rt.db, 100008))?.isLive).toBe(false);
    expect(await isAnchor(t.rt.db, 100002)).toBe(false);
  });

  it('lists only upcoming planned lives, soonest first', async () => {
    const plans = await listUpcomingPlans(t.rt.db, ANCHOR, 'en-US');
    expect(plans.length).toBeGreaterThanOrEqual(2);
    expect(plans.every((p) => p.planTime.getTime() > Date.now())).toBe(true);
    const times = plans.map((p) => p.planTime.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const all = await t.rt.db.select().from(livePlans).where(eq(livePlans.anchorId, ANCHOR));
    const cancelled = all.filter((p) => p.status === LIVE_PLAN_STATUS.cancelled);
    expect(cancelled.length).toBe(1);
    expect(plans.map((p) => p.id)).not.toContain(cancelled[0]!.id);
    // The derby plan is tied to its match, 30 minutes before kick-off.
    const derby = await listUpcomingPlans(t.rt.db, 100015, 'zh-CN');
    expect(derby).toHaveLength(1);
    expect(derby[0]!.matchId).toEqual(expect.any(Number));
    expect(derby[0]!.matchSportId).toBe(1);
  });

  it('recommends other live rooms: same category first, then by heat', async () => {
    const recs = await listRecommendedRooms(t.rt.db, ANCHOR, 'en-US');
    expect(recs.length).toBeGreaterThan(2);
    expect(recs.map((r) => r.anchorId)).not.toContain(ANCHOR);
    expect(recs.every((r) => r.isLive)).toBe(true);
    // Football has no other live room; basketball (Sports) comes before hotter esports rooms.
    expect(recs[0]!.anchorId).toBe(100010);
    expect(recs[0]!.category).toBe('Sports');
    const rest = recs.filter((r) => r.category !== 'Sports').map((r) => r.heat);
    expect([...rest].sort((a, b) => b - a)).toEqual(rest);
    expect(await listRecommendedRooms(t.rt.db, 999_999, 'en-US')).toEqual([]);
    // A room that goes offline drops out.
    await t.rt.db.update(liveRooms).set({ isLive: false }).where(eq(liveRooms.anchorId, 100010));
    try {
      const after = await listRecommendedRooms(t.rt.db, ANCHOR, 'en-US');
      expect(after.map((r) => r.anchorId)).not.toContain(100010);
    } finally {
      await t.rt.db.update(liveRooms).set({ isLive: true }).where(eq(liveRooms.anchorId, 100010));
    }
  });

  it('GET /api/live/replays pages and filters, in the request language', async () => {
    const res = await callApi<{ list: ReplayJson[]; total: number; pages: number; page: number }>(
      api,
      'GET',
      `/api/live/replays?anchor_id=${ANCHOR}&size=5&page=2`,
    );
    expect(res).toMatchObject({ http: 200, status: 0, msg: 'SUCCESS' });
    expect(res.data.list).toHaveLength(5);
    expect(res.data.page).toBe(2);
    expect(res.data.list.every((r) => r.anchor_id === ANCHOR)).toBe(true);
    expect(Number.isInteger(res.data.list[0]!.recorded_at)).toBe(true);
    const zh = await callApi<{ list: ReplayJson[] }>(
      api,
      'GET',
      '/api/live/replays?category=2&second=202',
      undefined,
      { lang: 'zh_cn' },
    );
    expect(zh.data.list.length).toBeGreaterThan(0);
    expect(zh.data.list.every((r) => r.second_category === '篮球')).toBe(true);
    const beyond = await callApi<{ list: ReplayJson[] }>(api, 'GET', '/api/live/replays?page=50');
    expect(beyond.data.list).toEqual([]);
  });

  it('refuses bad input with a clear message in both languages', async () => {
    const cases: [string, string, string][] = [
      ['/api/live/replays?page=0', 'The page must be a whole number from 1 to 1000', '页码'],
      ['/api/live/replays?page=abc', 'The page must be a whole number from 1 to 1000', '页码'],
      ['/api/live/replays?size=500', 'The page size must be a whole number from 1 to 50', '每页'],
      ['/api/live/replays?anchor_id=-4', 'The anchor id must be a positive whole number', '主播'],
      ['/api/live/replays?anchor_id=100001', 'This anchor does not exist', '该主播不存在'],
      ['/api/live/replays?category=x', 'The category must be a positive whole number', '分类'],
      ['/api/live/replay?replay_id=1.5', 'The replay id must be a positive whole number', '回放'],
      ['/api/live/replay?replay_id=999999', 'This replay does not exist', '该回放不存在'],
      ['/api/live/anchor_plans', 'The anchor id must be a positive whole number', '主播'],
      ['/api/live/anchor_plans?anchor_id=999999', 'This anchor does not exist', '该主播不存在'],
    ];
    for (const [url, en, zh] of cases) {
      const a = await callApi(api, 'GET', url, undefined, { lang: 'en' });
      expect(a, url).toMatchObject({ status: API_STATUS.error, msg: en, data: null });
      const b = await callApi(api, 'GET', url, undefined, { lang: 'zh_cn' });
      expect(b.status, url).toBe(API_STATUS.error);
      expect(b.msg, url).toContain(zh);
    }
  });

  it('GET /api/live/replay gives the stream; replayView counts once per viewer', async () => {
    // The view limiter lives in the module and is shared by both database kinds (and every
    // caller here has the same address): each kind counts a different replay.
    const anchor = kind === 'pglite' ? 100006 : 100007;
    const [row] = await t.rt.db.select().from(replays).where(eq(replays.anchorId, anchor));
    const one = await callApi<ReplayJson & { stream_url: string }>(
      api,
      'GET',
      `/api/live/replay?replay_id=${row!.id}`,
    );
    expect(one.data).toMatchObject({ id: row!.id, stream_url: '/media/demo/master.m3u8' });
    const first = await callApi<{ views: number; counted: number }>(
      api,
      'POST',
      '/api/live/replayView',
      { replay_id: row!.id },
    );
    expect(first.data).toEqual({ views: row!.views + 1, counted: 1 });
    const again = await callApi<{ views: number; counted: number }>(
      api,
      'POST',
      '/api/live/replayView',
      { replay_id: row!.id },
    );
    expect(again.data).toEqual({ views: row!.views + 1, counted: 0 });
    const bad = await callApi(api, 'POST', '/api/live/replayView', { replay_id: 'x' });
    expect(bad.status).toBe(API_STATUS.error);
  });

  it('replayView refuses replays that do not exist without keeping anything for them', async () => {
    const before = await t.rt.shared.size();
    for (let i = 0; i < 300; i++) {
      const made = await callApi(api, 'POST', '/api/live/replayView', { replay_id: 2e9 - i });
      expect(made).toMatchObject({ status: API_STATUS.error, msg: 'This replay does not exist' });
    }
    expect(await t.rt.shared.size()).toBe(before);
  });

  it('GET /api/live/anchor_plans lists upcoming lives with unix times', async () => {
    const res = await callApi<{ title: string; plan_time: number; ticket: number }[]>(
      api,
      'GET',
      `/api/live/anchor_plans?anchor_id=${ANCHOR}`,
    );
    expect(res.status).toBe(0);
    expect(res.data.length).toBeGreaterThanOrEqual(2);
    expect(res.data[0]!.plan_time).toBeGreaterThan(Date.now() / 1000);
  });
});
