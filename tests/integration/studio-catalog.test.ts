/**
 * The live form's catalogue: the categories an anchor picks from, and for a sports category the
 * leagues with open matches and their matches, at the studio's paths and at the spec's
 * /api/match paths by sport id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { callApi, DB_KINDS, openTestRuntime, type TestRuntime, userIdByMobile } from './helpers.ts';

/** An anchor of the demo. */
const OFFLINE_ANCHOR = '13900000012';

describe.each(DB_KINDS)('the live form catalogue (%s)', (kind) => {
  let t: TestRuntime;
  let app: ReturnType<typeof createApi>;
  let anchorId = 0;
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    app = createApi(t.rt);
    anchorId = await userIdByMobile(t.rt.db, OFFLINE_ANCHOR);
  }, 60_000);
  afterAll(async () => {
    await t?.dispose();
  });

  /** The anchor's request headers (a fresh session). */
  const anchor = async () => ({
    authorization: `Bearer ${await createSession(t.rt.db, anchorId, 'test')}`,
    lang: 'en',
  });

  it('lists categories, and for sports the leagues with open matches and their matches', async () => {
    const headers = await anchor();
    const cats = await callApi<{ list: { id: number; second_category: { id: number }[] }[] }>(
      app,
      'POST',
      '/webapi/live/getCategory',
      {},
      headers,
    );
    const sports = cats.data.list.find((c) => c.id === 2)!;
    expect(sports.second_category.map((s) => s.id)).toEqual([201, 202, 203]);
    const comps = await callApi<{ sport_live_match_comp: { comp: number; name: string }[] }>(
      app,
      'POST',
      '/webapi/live/getSportMatchComp',
      { cateid: 201 },
      headers,
    );
    expect(comps.data.sport_live_match_comp.length).toBeGreaterThan(0);
    const list = await callApi<{
      sport_live_match: { match_id: number; home: string; away: string; status: number }[];
    }>(
      app,
      'POST',
      '/webapi/live/getSportMatch',
      { comp: comps.data.sport_live_match_comp[0]!.comp },
      headers,
    );
    expect(list.data.sport_live_match.length).toBeGreaterThan(0);
    for (const m of list.data.sport_live_match) {
      expect(m.home).toBeTruthy();
      expect(m.away).toBeTruthy();
      expect(m.status).not.toBe(2);
    }
    const esports = await callApi<{ sport_live_match_comp: unknown[] }>(
      app,
      'POST',
      '/webapi/live/getSportMatchComp',
      { cateid: 101 },
      headers,
    );
    expect(esports.data.sport_live_match_comp).toEqual([]);
  });

  it('answers the spec paths /api/match/getSportMatchComp and getSportMatch by sport id', async () => {
    const headers = await anchor();
    const cats = await callApi<{
      list: { id: number; second_category: { id: number; sport_id: number | null }[] }[];
    }>(app, 'POST', '/webapi/live/getCategory', {}, headers);
    const sportId = cats.data.list.find((c) => c.id === 2)!.second_category[0]!.sport_id!;
    const comps = await callApi<{ sport_live_match_comp: { comp: number }[] }>(
      app,
      'POST',
      '/api/match/getSportMatchComp',
      { sport_id: sportId },
      headers,
    );
    const old = await callApi<{ sport_live_match_comp: { comp: number }[] }>(
      app,
      'POST',
      '/webapi/live/getSportMatchComp',
      { cateid: 201 },
      headers,
    );
    expect(comps.data.sport_live_match_comp).toEqual(old.data.sport_live_match_comp);
    const comp = comps.data.sport_live_match_comp[0]!.comp;
    const list = await callApi<{ sport_live_match: { match_id: number }[] }>(
      app,
      'POST',
      '/api/match/getSportMatch',
      { comp, sport_id: sportId },
      headers,
    );
    expect(list.data.sport_live_match.length).toBeGreaterThan(0);
    // A league asked for under another sport has no matches; bad ids are refused.
    const other = await callApi<{ sport_live_match: unknown[] }>(
      app,
      'POST',
      '/api/match/getSportMatch',
      { comp, sport_id: sportId + 1000 },
      headers,
    );
    expect(other.data.sport_live_match).toEqual([]);
    const bad = await callApi(app, 'POST', '/api/match/getSportMatch', { comp: 'x' }, headers);
    expect(bad.status).toBe(1);
    expect(
      (await callApi(app, 'POST', '/api/match/getSportMatchComp', { sport_id: 1 })).status,
    ).toBe(2);
  });
});
