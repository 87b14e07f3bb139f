/** The API contract of the foundation: envelope, languages, validation, auth, the three calls. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_CONFIG_KEYS } from '../../src/lib/common-config.ts';
import { createApi } from '../../src/server/app.ts';
import { createSession, revokeSession, hashToken } from '../../src/server/sessions.ts';
import { appConfig, maintenanceWindows } from '../../src/server/db/schema.ts';
import type { ApiEnv } from '../../src/server/http/api-env.ts';
import { ok } from '../../src/server/http/envelope.ts';
import { context, onError, requireUser } from '../../src/server/http/middleware.ts';
import { callApi, DB_KINDS, openTestRuntime, type TestRuntime, userIdByMobile } from './helpers.ts';

describe.each(DB_KINDS)('API conventions on %s', (kind) => {
  let t: TestRuntime;
  let api: ReturnType<typeof createApi>;
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    api = createApi(t.rt);
  });
  afterAll(async () => t?.dispose());

  it('getCommonConfig returns every config key, live categories and chips', async () => {
    const res = await callApi<{
      config: Record<string, unknown>;
      live_category: {
        id: number;
        name: string;
        second_category: { id: number; name: string }[];
      }[];
      chips: number[];
    }>(api, 'POST', '/api/config/getCommonConfig');
    expect(res).toMatchObject({ http: 200, status: 0, msg: 'SUCCESS' });
    expect(Object.keys(res.data.config).sort()).toEqual([...COMMON_CONFIG_KEYS].sort());
    expect(res.data.live_category.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Esports', 'Sports', 'Others']),
    );
    const sports = res.data.live_category.find((c) => c.id === 2);
    expect(sports?.second_category.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Football', 'Basketball', 'Tennis']),
    );
    expect(res.data.chips.length).toBeGreaterThan(0);
  });

  it('answers in Chinese when lang is zh_cn', async () => {
    const res = await callApi<{ live_category: { id: number; name: string }[] }>(
      api,
      'POST',
      '/api/config/getCommonConfig',
      {},
      { lang: 'zh_cn' },
    );
    expect(res.data.live_category.find((c) => c.id === 2)?.name).toBe('体育');
  });

  it('a switch flipped in the database shows on the next call', async () => {
    await t.rt.db
      .update(appConfig)
      .set({ value: 0 })
      .where(eq(appConfig.key, 'worldcup_thematic_toggle'));
    const res = await callApi<{ config: { worldcup_thematic_toggle: number } }>(
      api,
      'POST',
      '/api/config/getCommonConfig',
    );
    expect(res.data.config.worldcup_thematic_toggle).toBe(0);
    await t.rt.db
      .update(appConfig)
      .set({ value: 1 })
      .where(eq(appConfig.key, 'worldcup_thematic_toggle'));
  });

  it('maintain returns the record in unix seconds, in the request language', async () => {
    const en = await callApi<{
      title: string;
      start_time: number;
      end_time: number;
      remind_time: number;
      content: string;
    }>(api, 'POST', '/api/maintain', { device: 1 });
    expect(en.status).toBe(0);
    expect(en.data.end_time).toBeLessThan(Date.now() / 1000);
    expect(en.data.start_time).toBeLessThan(en.data.end_time);
    expect(Number.isInteger(en.data.remind_time)).toBe(true);
    const zh = await callApi<{ title: string }>(
      api,
      'POST',
      '/api/maintain',
      { device: 1 },
      { lang: 'zh_cn' },
    );
    expect(zh.data.title).not.toBe(en.data.title);
    expect(zh.data.title).toMatch(/[\u4e00-\u9fff]/);
  });

  it('maintain prefers an upcoming window over a past one', async () => {
    const now = Date.now();
    const [row] = await t.rt.db
      .insert(maintenanceWindows)
      .values({
        device: 1,
        titleZh: '升级',
        titleEn: 'Upgrade',
        contentZh: '内容',
        contentEn: 'Body',
        remindTime: new Date(now - 60_000),
        startTime: new Date(now + 3600_000),
        endTime: new Date(now + 7200_000),
      })
      .returning({ id: maintenanceWindows.id });
    const res = await callApi<{ title: string }>(api, 'POST', '/api/maintain', { device: 1 });
    expect(res.data.title).toBe('Upgrade');
    await t.rt.db.delete(maintenanceWindows).where(eq(maintenanceWindows.id, row!.id));
  });

  it('refuses malformed bodies with status 1 and a clear message, in both languages', async () => {
    const broken = await callApi(api, 'POST', '/api/maintain', '{"device":', {});
    expect(broken).toMatchObject({
      status: 1,
      msg: 'The request body is not valid JSON',
      data: null,
    });
    const brokenZh = await callApi(api, 'POST', '/api/maintain', '{"device":', { lang: 'zh_cn' });
    expect(brokenZh.msg).toBe('请求内容不是有效的 JSON');
    const wrongType = await callApi(api, 'POST', '/api/maintain', { device: 'abc' });
    expect(wrongType).toMatchObject({ status: 1, msg: 'Must be a number' });
  });

  it('getLongMenAg lists home and other banners; the first is the header banner', async () => {
    const home = await callApi<{ jump_type: number; jump_url: string; image: string }[]>(
      api,
      'GET',
      '/api/home/getLongMenAg?equipment=1&category=6',
    );
    expect(home.status).toBe(0);
    expect(home.data.length).toBeGreaterThan(0);
    for (const b of home.data) expect([1, 2]).toContain(b.jump_type);
    const other = await callApi<unknown[]>(
      api,
      'GET',
      '/api/home/getLongMenAg?equipment=1&category=11',
    );
    expect(other.data.length).toBeGreaterThan(0);
    expect(other.data).not.toEqual(home.data);
    const bad = await callApi(api, 'GET', '/api/home/getLongMenAg?equipment=1&category=7');
    expect(bad).toMatchObject({ status: 1, msg: 'Must be one of 6, 11' });
  });

  it('answers unknown calls with status 1 in the envelope', async () => {
    const res = await callApi(api, 'POST', '/api/nothing/here');
    expect(res).toMatchObject({ http: 404, status: 1, msg: 'Not found' });
  });

  it('authenticates bearer tokens and answers status 2 without one, or after revocation', async () => {
    const app = new Hono<ApiEnv>();
    app.use('*', context(t.rt));
    app.onError(onError);
    app.get('/me', requireUser, (c) => ok(c, { id: c.get('user')?.id }));
    const viewerId = await userIdByMobile(t.rt.db, '13900000001');
    const token = await createSession(t.rt.db, viewerId, 'device-1');
    const anonymous = await callApi(app, 'GET', '/me');
    expect(anonymous).toMatchObject({ status: 2, msg: 'Please log in first' });
    const forged = await callApi(app, 'GET', '/me', undefined, {
      authorization: 'Bearer forged-token-forged-token',
    });
    expect(forged.status).toBe(2);
    const good = await callApi<{ id: number }>(app, 'GET', '/me', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(good).toMatchObject({ status: 0, data: { id: viewerId } });
    await revokeSession(t.rt.db, hashToken(token));
    const revoked = await callApi(app, 'GET', '/me', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(revoked.status).toBe(2);
  });
});
