/**
 * The user's own profile: nickname rules and the 7-day lock, a square avatar uploaded here,
 * setting and changing a password (other sessions end, this one stays), and the watch history
 * recorded by joining rooms and playing replays, paged and cleared.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createSession, findSessionUser } from '../../src/server/sessions.ts';
import { replays, users } from '../../src/server/db/schema.ts';
import { changeNickname } from '../../src/server/profile/profile.ts';
import { recordVisit } from '../../src/server/users/watch-history.ts';
import { apiSuite, callApi, DB_KINDS, usersWithWallets, userIdByMobile } from './helpers.ts';

const DAY = 24 * 3600_000;

describe.each(DB_KINDS)('profile on %s', (kind) => {
  const { t, api } = apiSuite(kind, { CAPTCHA_TEST_SOLUTION: '1' });
  let prefix = 13400;

  async function member() {
    prefix += 1;
    const [id] = await usersWithWallets(t.rt.db, `${prefix}00`, 1);
    const token = await createSession(t.rt.db, id!, 'profile-test');
    return { id: id!, token, headers: { authorization: `Bearer ${token}` } };
  }

  const nick = async (id: number) =>
    (await t.rt.db.select({ n: users.nickName }).from(users).where(eq(users.id, id)))[0]!.n;

  it('renames within the rules, refuses the rest with a clear message, changing nothing', async () => {
    const { id, headers } = await member();
    const ok = await callApi(
      api,
      'POST',
      '/api/user/updateNickname',
      { nick_name: '  Goal  Kid ' },
      headers,
    );
    expect(ok).toMatchObject({ status: 0, data: { nick_name: 'Goal Kid' } });
    const other = await member();
    const refusals: [unknown, string][] = [
      ['', 'Input can not be empty'],
      ['   ', 'Input can not be empty'],
      ['A', 'A nickname has 2 to 8 characters'],
      ['NineChars', 'A nickname has 2 to 8 characters'],
      ['x'.repeat(10_000), 'A nickname has 2 to 8 characters'],
      ['官方客服', 'That nickname looks like staff: choose another'],
      ['Admin7', 'That nickname looks like staff: choose another'],
      ['goal kid', 'Another user has that nickname'],
      [12345, 'Input can not be empty'],
    ];
    for (const [value, msg] of refusals) {
      const res = await callApi(
        api,
        'POST',
        '/api/user/updateNickname',
        { nick_name: value },
        other.headers,
      );
      expect(res, String(value).slice(0, 20)).toMatchObject({ status: 1, msg });
    }
    const ctl = await callApi(
      api,
      'POST',
      '/api/user/updateNickname',
      { nick_name: 'ab\u0007c' },
      other.headers,
    );
    expect(ctl.status).toBe(1);
    expect(await nick(id)).toBe('Goal Kid');
    expect(await nick(other.id)).toBe('Tester0');
    // Emoji count as one character each.
    const emoji = await callApi(
      api,
      'POST',
      '/api/user/updateNickname',
      { nick_name: '⚽️🔥球迷' },
      other.headers,
    );
    expect(emoji.status).toBe(0);
  });

  it('locks the nickname for 7 days after a change and says until when', async () => {
    const { id, headers } = await member();
    const start = new Date('2026-03-01T04:00:00Z');
    expect(await changeNickname(t.rt.db, id, 'First', start)).toBeNull();
    const locked = await changeNickname(t.rt.db, id, 'Second', new Date(start.getTime() + 6 * DAY));
    expect(locked).toEqual({ reason: 'locked', until: new Date(start.getTime() + 7 * DAY) });
    expect(
      await changeNickname(t.rt.db, id, 'Second', new Date(start.getTime() + 7 * DAY)),
    ).toBeNull();
    // Through the call: a change now is allowed, the next one refused with the date.
    const now = await callApi(
      api,
      'POST',
      '/api/user/updateNickname',
      { nick_name: 'Now' },
      headers,
    );
    expect(now.status).toBe(0);
    const res = await callApi(
      api,
      'POST',
      '/api/user/updateNickname',
      { nick_name: 'Third' },
      { ...headers, lang: 'zh_cn' },
    );
    expect(res.status).toBe(1);
    expect(res.msg).toMatch(/^7 天内已修改过昵称，请于 .+ 后再试$/);
    const profile = await callApi<{ nick_free_at: number }>(
      api,
      'POST',
      '/api/user/getProfile',
      {},
      headers,
    );
    expect(profile.data.nick_free_at).toBeGreaterThan(Date.now() / 1000 + 6 * 86_400);
    expect(await nick(id)).toBe('Now');
  });

  it('gives one of two users asking for the same free name at once the name', async () => {
    const [a, b] = [await member(), await member()];
    const answers = await Promise.all(
      [a, b].map((m) =>
        callApi(api, 'POST', '/api/user/updateNickname', { nick_name: 'Twin' }, m.headers),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([0, 1]);
  });

  it('sets an avatar only from a square picture uploaded here', async () => {
    const { id, headers } = await member();
    const png = await sharp({
      create: { width: 640, height: 400, channels: 3, background: '#ff3b5c' },
    })
      .png()
      .toBuffer();
    const upload = async (use: string) => {
      const form = new FormData();
      form.append('image', new File([png], 'me.png', { type: 'image/png' }));
      form.append('use', use);
      const res = await api.request('/api/user/file', { method: 'POST', body: form, headers });
      return ((await res.json()) as { data: { url: string } }).data.url;
    };
    const square = await upload('avatar');
    const wide = await upload('cover');
    for (const avatar of [
      wide,
      '/uploads/2026/01/000000000000000000000000.webp',
      'https://evil.example/a.png',
      '../../etc/passwd',
    ]) {
      const res = await callApi(api, 'POST', '/api/user/updateAvatar', { avatar }, headers);
      expect(res, avatar).toMatchObject({
        status: 1,
        msg: 'Upload the picture again: it is not a square avatar uploaded here',
      });
    }
    const ok = await callApi(api, 'POST', '/api/user/updateAvatar', { avatar: square }, headers);
    expect(ok).toMatchObject({ status: 0, data: { avatar: square } });
    const [row] = await t.rt.db
      .select({ avatar: users.avatar })
      .from(users)
      .where(eq(users.id, id));
    expect(row!.avatar).toBe(square);
  });

  it('sets a first password, then changes it; other sessions end, this one stays', async () => {
    const { id, token, headers } = await member();
    const other = await createSession(t.rt.db, id, 'other-device');
    const profile = await callApi<{ has_password: boolean }>(
      api,
      'POST',
      '/api/user/getProfile',
      {},
      headers,
    );
    expect(profile.data.has_password).toBe(false);
    for (const [pwd, msg] of [
      ['abc12', 'password length must be at least 6 characters'],
      ['abcdefgh', 'your password must contain letters and numbers'],
      ['abc123456789x', 'password length must be up to 12 characters'],
    ]) {
      const res = await callApi(api, 'POST', '/api/user/setPassword', { pwd }, headers);
      expect(res.msg.toLowerCase()).toBe(msg);
    }
    const set = await callApi(api, 'POST', '/api/user/setPassword', { pwd: 'kick0ff' }, headers);
    expect(set).toMatchObject({ status: 0, data: { sessions_ended: 1 } });
    expect(await findSessionUser(t.rt.db, other)).toBeNull();
    expect(await findSessionUser(t.rt.db, token)).not.toBeNull();

    // Changing needs the current password or a code.
    const bare = await callApi(api, 'POST', '/api/user/setPassword', { pwd: 'penalty9' }, headers);
    expect(bare).toMatchObject({ status: 1, msg: 'Enter your current password or an SMS code' });
    const wrong = await callApi(
      api,
      'POST',
      '/api/user/setPassword',
      { pwd: 'penalty9', old_pwd: 'nope123' },
      headers,
    );
    expect(wrong).toMatchObject({ status: 1, msg: 'The current password is not right' });
    const third = await createSession(t.rt.db, id, 'third-device');
    const changed = await callApi(
      api,
      'POST',
      '/api/user/setPassword',
      { pwd: 'penalty9', old_pwd: 'kick0ff' },
      headers,
    );
    expect(changed.status).toBe(0);
    expect(await findSessionUser(t.rt.db, third)).toBeNull();
    const login = await callApi(api, 'POST', '/api/user/login', {
      account: `${prefix}000000`.slice(0, 11),
      pwd: 'penalty9',
      platform: 0,
      login_type: 1,
      source_id: 10001,
    });
    expect(login.status).toBe(0);
  });

  it('changes a password with an SMS code sent to the own phone after the slider', async () => {
    const { id, headers } = await member();
    await callApi(api, 'POST', '/api/user/setPassword', { pwd: 'kick0ff' }, headers);
    const device = { ...headers, 'device-info': `profile-device-${prefix}` };
    const refused = await callApi(api, 'POST', '/api/user/sendPasswordCode', {}, device);
    expect(refused.status).toBe(1);
    const captcha = await callApi<{ id: string; test_x: number }>(
      api,
      'POST',
      '/api/captcha_path',
      {},
      device,
    );
    const pass = await callApi(
      api,
      'POST',
      '/api/captcha_verify',
      { id: captcha.data.id, x: captcha.data.test_x },
      device,
    );
    expect(pass.data).toBe(true);
    const sent = await callApi(api, 'POST', '/api/user/sendPasswordCode', {}, device);
    expect(sent.status).toBe(0);
    const [row] = await t.rt.db
      .select({ mobile: users.mobile })
      .from(users)
      .where(eq(users.id, id));
    const sms = t.sms.filter((m) => m.mobile === row!.mobile).at(-1)!;
    expect(sms.purpose).toBe('reset');
    const wrong = await callApi(
      api,
      'POST',
      '/api/user/setPassword',
      { pwd: 'corner44', code: sms.code === '0000' ? '1111' : '0000' },
      headers,
    );
    expect(wrong.status).toBe(1);
    const ok = await callApi(
      api,
      'POST',
      '/api/user/setPassword',
      { pwd: 'corner44', code: sms.code },
      headers,
    );
    expect(ok.status).toBe(0);
  });

  it('keeps one row per room, newest first, paged, with the live state, and clears it', async () => {
    const { id, headers } = await member();
    const anchor = await userIdByMobile(t.rt.db, '13900000010');
    const [replay] = await t.rt.db
      .select({ id: replays.id, anchorId: replays.anchorId })
      .from(replays)
      .limit(1);
    const others = (
      await t.rt.db.select({ id: users.id }).from(users).where(eq(users.role, 2))
    ).map((u) => u.id);
    const base = Date.now() - 3600_000;
    await recordVisit(t.rt.db, id, anchor, { kind: 1 }, new Date(base));
    for (const [i, other] of others
      .filter((o) => o !== anchor)
      .slice(0, 3)
      .entries()) {
      await recordVisit(t.rt.db, id, other, { kind: 1 }, new Date(base + (i + 1) * 60_000));
    }
    await recordVisit(t.rt.db, id, anchor, { kind: 1 }, new Date(base + 10 * 60_000));
    const page1 = await callApi<{
      list: { anchor_id: number; is_live: boolean; kind: number }[];
      total: number;
    }>(api, 'POST', '/api/user/watchHistory', { page: 1, size: 2 }, headers);
    expect(page1.data.total).toBe(4);
    expect(page1.data.list[0]!.anchor_id).toBe(anchor);
    expect(typeof page1.data.list[0]!.is_live).toBe('boolean');
    const page2 = await callApi<{ list: { anchor_id: number }[] }>(
      api,
      'POST',
      '/api/user/watchHistory',
      { page: 2, size: 2 },
      headers,
    );
    expect(page2.data.list).toHaveLength(2);
    expect(new Set([...page1.data.list, ...page2.data.list].map((r) => r.anchor_id)).size).toBe(4);
    // Playing a replay through its call records it under its anchor.
    await callApi(api, 'POST', '/api/live/replayView', { replay_id: replay!.id }, headers);
    await expect
      .poll(async () => {
        const res = await callApi<{
          list: { anchor_id: number; kind: number; replay_id: number }[];
        }>(api, 'POST', '/api/user/watchHistory', {}, headers);
        return res.data.list[0];
      })
      .toMatchObject({ anchor_id: replay!.anchorId, kind: 2, replay_id: replay!.id });
    const cleared = await callApi<{ cleared: number }>(
      api,
      'POST',
      '/api/user/clearWatchHistory',
      {},
      headers,
    );
    expect(cleared.data.cleared).toBeGreaterThanOrEqual(4);
    const empty = await callApi<{ total: number }>(
      api,
      'POST',
      '/api/user/watchHistory',
      {},
      headers,
    );
    expect(empty.data.total).toBe(0);
    // Guests are refused.
    expect((await callApi(api, 'POST', '/api/user/watchHistory', {})).status).toBe(2);
  });
});
