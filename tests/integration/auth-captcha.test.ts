/** Slide captcha and SMS code sending: images, tolerance, single use, passes and every limit. */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { captchas, smsCodes } from '../../src/server/db/schema.ts';
import { device, passCaptcha } from './auth-helpers.ts';
import { apiSuite, callApi, DB_KINDS } from './helpers.ts';

const decode = (dataUrl: string) => sharp(Buffer.from(dataUrl.split(',')[1]!, 'base64')).metadata();

describe.each(DB_KINDS)('captcha and codes on %s', (kind) => {
  const { t, api } = apiSuite(kind, { CAPTCHA_TEST_SOLUTION: '1' });

  it('draws a 590x360 picture and a 50x59 transparent piece', async () => {
    const res = await callApi<{
      id: string;
      image: string;
      slide: string;
      y: number;
      test_x: number;
    }>(api, 'POST', '/api/captcha_path', {}, device('dev-img'));
    expect(res.status).toBe(0);
    const image = await decode(res.data.image);
    const slide = await decode(res.data.slide);
    expect([image.width, image.height]).toEqual([590, 360]);
    expect([slide.width, slide.height, slide.hasAlpha]).toEqual([50, 59, true]);
    expect(res.data.y).toBeGreaterThanOrEqual(0);
    expect(res.data.y + 59).toBeLessThanOrEqual(360);
    expect(res.data.test_x).toBeGreaterThanOrEqual(120);
    expect(res.data.test_x + 50).toBeLessThanOrEqual(590);
    // Puzzle-shaped: the corner beside the knob is transparent, the body is opaque.
    const { data: px, info } = await sharp(Buffer.from(res.data.slide.split(',')[1]!, 'base64'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => px[(y * info.width + x) * info.channels + 3];
    expect(alpha(1, 1)).toBe(0);
    expect(alpha(25, 35)).toBe(255);
  });

  it('hides the answer without the development switch', async () => {
    const plain = createApi({ ...t.rt, env: { ...t.rt.env, captchaTestSolution: false } });
    const res = await callApi<Record<string, unknown>>(
      plain,
      'POST',
      '/api/captcha_path',
      {},
      device('dev-plain'),
    );
    expect(res.status).toBe(0);
    expect(Object.keys(res.data).sort()).toEqual(['id', 'image', 'slide', 'y']);
  });

  it('draws at most 30 pictures a minute for one IP and needs a device id', async () => {
    const noDevice = await callApi(api, 'POST', '/api/captcha_path', {});
    expect(noDevice.status).toBe(1);
    for (let i = 0; i < 29; i++) {
      expect((await callApi(api, 'POST', '/api/captcha_path', {}, device('dev-rl'))).status).toBe(
        0,
      );
    }
    expect(await callApi(api, 'POST', '/api/captcha_path', {}, device('dev-rl'))).toMatchObject({
      status: 1,
      http: 429,
    });
  });

  it('accepts a release within a few pixels, once, and refuses a far one', async () => {
    const a = await callApi<{ id: string; test_x: number }>(
      api,
      'POST',
      '/api/captcha_path',
      {},
      device('dev-v'),
    );
    const far = await callApi(
      api,
      'POST',
      '/api/captcha_verify',
      { id: a.data.id, x: a.data.test_x + 20 },
      device('dev-v'),
    );
    expect(far.data).toBe(false);
    const retry = await callApi(
      api,
      'POST',
      '/api/captcha_verify',
      { id: a.data.id, x: a.data.test_x },
      device('dev-v'),
    );
    expect(retry.data).toBe(false);
    const b = await callApi<{ id: string; test_x: number }>(
      api,
      'POST',
      '/api/captcha_path',
      {},
      device('dev-v'),
    );
    const near = await callApi(
      api,
      'POST',
      '/api/captcha_verify',
      { id: b.data.id, x: b.data.test_x - 5 },
      device('dev-v'),
    );
    expect(near.data).toBe(true);
    const again = await callApi(
      api,
      'POST',
      '/api/captcha_verify',
      { id: b.data.id, x: b.data.test_x },
      device('dev-v'),
    );
    expect(again.data).toBe(false);
  });

  it('refuses an expired challenge and one answered from another device', async () => {
    const a = await callApi<{ id: string; test_x: number }>(
      api,
      'POST',
      '/api/captcha_path',
      {},
      device('dev-e'),
    );
    const other = await callApi(
      api,
      'POST',
      '/api/captcha_verify',
      { id: a.data.id, x: a.data.test_x },
      device('dev-x'),
    );
    expect(other.data).toBe(false);
    const b = await callApi<{ id: string; test_x: number }>(
      api,
      'POST',
      '/api/captcha_path',
      {},
      device('dev-e'),
    );
    await t.rt.db
      .update(captchas)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchas.id, b.data.id));
    const late = await callApi(
      api,
      'POST',
      '/api/captcha_verify',
      { id: b.data.id, x: b.data.test_x },
      device('dev-e'),
    );
    expect(late.data).toBe(false);
  });

  it('sends a code only after a captcha pass, and one code per pass', async () => {
    const before = t.sms.length;
    const refused = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: '13811110001', is_change_mobile: 0 },
      device('dev-s'),
    );
    expect(refused).toMatchObject({
      status: 1,
      msg: 'Please complete the slider verification first',
    });
    const zh = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: '13811110001', is_change_mobile: 0 },
      device('dev-s', { lang: 'zh_cn' }),
    );
    expect(zh.msg).toBe('请先完成滑块验证');
    expect(
      await t.rt.db.select().from(smsCodes).where(eq(smsCodes.mobile, '13811110001')),
    ).toHaveLength(0);
    expect(t.sms.length).toBe(before);
    await passCaptcha(api, 'dev-s');
    const sent = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: '13811110001', is_change_mobile: 0 },
      device('dev-s'),
    );
    expect(sent.status).toBe(0);
    expect(t.sms.length).toBe(before + 1);
    expect(t.sms.at(-1)).toMatchObject({ mobile: '13811110001', purpose: 'login' });
    expect(t.sms.at(-1)!.code).toMatch(/^\d{4}$/);
    const second = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: '13811110002', is_change_mobile: 0 },
      device('dev-s'),
    );
    expect(second.status).toBe(1);
    expect(t.sms.length).toBe(before + 1);
  });

  it('refuses invalid phone numbers with the spec messages', async () => {
    const empty = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: '', is_change_mobile: 0 },
      device('d'),
    );
    expect(empty.msg).toBe('phone number does not have value');
    const bad = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: '12345', is_change_mobile: 0 },
      device('d'),
    );
    expect(bad.msg).toBe('please enter a valid phone number');
    const zh = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: '12345' },
      device('d', { lang: 'zh_cn' }),
    );
    expect(zh.msg).toBe('请输入正确的手机号');
  });

  it('allows one code per 60 s per phone and purpose, and keeps the pass when refusing', async () => {
    await passCaptcha(api, 'dev-60');
    expect(
      (
        await callApi(
          api,
          'POST',
          '/api/user/sendCode',
          { mobile: '13811110060' },
          device('dev-60'),
        )
      ).status,
    ).toBe(0);
    await passCaptcha(api, 'dev-60');
    const soon = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: '13811110060' },
      device('dev-60'),
    );
    expect(soon).toMatchObject({ status: 1, http: 429 });
    await t.rt.db
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(smsCodes.mobile, '13811110060'));
    const later = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: '13811110060' },
      device('dev-60'),
    );
    expect(later.status).toBe(0);
  });

  it('allows 10 codes per phone per day', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.rt.db.insert(smsCodes).values(
      Array.from({ length: 10 }, () => ({
        mobile: '13811110010',
        purpose: 'login',
        codeHash: 'x',
        ip: 'other',
        createdAt: hourAgo,
        expiresAt: hourAgo,
      })),
    );
    await passCaptcha(api, 'dev-day');
    const res = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: '13811110010' },
      device('dev-day'),
    );
    expect(res).toMatchObject({
      status: 1,
      msg: 'Number limit reached: no more codes for this number today',
    });
  });

  it('allows 30 codes per IP per hour', async () => {
    const recent = new Date(Date.now() - 120_000);
    await t.rt.db.insert(smsCodes).values(
      Array.from({ length: 30 }, (_, i) => ({
        mobile: `1370000${String(i).padStart(4, '0')}`,
        purpose: 'login',
        codeHash: 'x',
        ip: 'unknown',
        createdAt: recent,
        expiresAt: recent,
      })),
    );
    await passCaptcha(api, 'dev-ip');
    const res = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: '13811110030' },
      device('dev-ip'),
    );
    expect(res).toMatchObject({ status: 1, http: 429 });
    await t.rt.db.delete(smsCodes).where(eq(smsCodes.ip, 'unknown'));
  });

  it('answers a reset request for an unknown phone like any other, but sends nothing', async () => {
    const before = t.sms.length;
    await passCaptcha(api, 'dev-r');
    const res = await callApi(
      api,
      'POST',
      '/api/user/sendCode',
      { mobile: '13811119999', is_change_mobile: 1 },
      device('dev-r'),
    );
    expect(res).toMatchObject({ status: 0, msg: 'SUCCESS' });
    expect(t.sms.length).toBe(before);
  });
});
