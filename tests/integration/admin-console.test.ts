/**
 * The operations console's calls: administrators only (guests log in, others are refused, with
 * nothing changed); a setting, the chat rules and a maintenance record change what every
 * visitor gets; a platform ban refuses login with its reason and ends every session; the role
 * and logout everywhere (all refused on the system ledger accounts); the inbox lists;
 * verifications are stored; and each change is in the audit trail with who made it.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/password.ts';
import { createSession, findSessionUser } from '../../src/server/sessions.ts';
import { accountBans, adminAudit, users } from '../../src/server/db/schema.ts';
import { PLATFORM_ID, QUIZ_ESCROW_ID } from '../../src/server/quiz/accounts.ts';
import {
  apiSuite,
  callApi,
  sessionOf as sessionOfUser,
  DB_KINDS,
  userIdByMobile,
  usersWithWallets,
} from './helpers.ts';

const ADMIN_MOBILE = '13900000005';
const VIEWER_MOBILE = '13900000001';

describe.each(DB_KINDS)('operations console on %s', (kind) => {
  const { t, api } = apiSuite(kind);

  const sessionOf = (mobile: string) => sessionOfUser(t.rt.db, mobile, 'console-test');
  const audits = async () => t.rt.db.select().from(adminAudit).orderBy(adminAudit.id);
  let prefix = 13300;
  async function member() {
    prefix += 1;
    const [id] = await usersWithWallets(t.rt.db, `${prefix}00`, 1);
    const token = await createSession(t.rt.db, id!, 'console-test');
    return { id: id!, token, headers: { authorization: `Bearer ${token}` } };
  }

  it('answers administrators only, changing nothing for anyone else', async () => {
    const viewer = await sessionOf(VIEWER_MOBILE);
    const calls: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
      ['GET', '/api/admin/console/overview'],
      ['GET', '/api/admin/console/settings'],
      ['POST', '/api/admin/console/settings', { key: 'checkin_switch', value: 0 }],
      ['POST', '/api/admin/console/users/ban', { user_id: viewer.id, minutes: 0, reason: 'x' }],
      ['POST', '/api/admin/console/users/role', { user_id: viewer.id, role: 3 }],
      ['GET', '/api/admin/console/audit'],
      ['POST', '/api/admin/console/verify'],
    ];
    for (const [method, path, body] of calls) {
      const guest = await callApi(api, method, path, body);
      expect(guest.status, path).toBe(2);
      const refused = await callApi(api, method, path, body, viewer.headers);
      expect(refused, path).toMatchObject({
        status: 1,
        msg: 'Only administrators can open the console',
      });
    }
    const [me] = await t.rt.db.select().from(users).where(eq(users.id, viewer.id));
    expect(me!.role).toBe(1);
    expect(await audits()).toHaveLength(0);
  });

  it('changes a switch, the chat rules and maintenance for every visitor, audited', async () => {
    const admin = await sessionOf(ADMIN_MOBILE);
    const set = await callApi(
      api,
      'POST',
      '/api/admin/console/settings',
      { key: 'checkin_switch', value: 0 },
      admin.headers,
    );
    expect(set.status).toBe(0);
    const common = await callApi<{ config: { checkin_switch: number } }>(
      api,
      'POST',
      '/api/config/getCommonConfig',
      {},
    );
    expect(common.data.config.checkin_switch).toBe(0);
    // Bad values: a clear message each, and the switch stays off.
    const bad: [unknown, string][] = [
      [{ key: 'checkin_switch', value: 2 }, 'out of range'],
      [{ key: 'checkin_switch', value: '1' }, 'whole number'],
      [{ key: 'im_sdkappid', value: 1 }, 'cannot be changed here'],
      [{ key: 'weibo', value: 'javascript:alert(1)' }, 'http(s)://'],
      // Paths a browser reads as another host.
      [{ key: 'service_url', value: '//evil.example/x' }, 'http(s)://'],
      [{ key: 'service_url', value: '/\\evil.example' }, 'http(s)://'],
      [{ key: 'weibo', value: 'https://x.example/' + 'a'.repeat(400) }, 'at most 300 characters'],
    ];
    for (const [body, msg] of bad) {
      const res = await callApi(api, 'POST', '/api/admin/console/settings', body, admin.headers);
      expect(res.status, JSON.stringify(body)).toBe(1);
      expect(res.msg.toLowerCase()).toContain(msg.toLowerCase());
    }
    const settings = await callApi<{
      settings: { key: string; value: unknown }[];
      chat_config: Record<string, number>;
    }>(api, 'GET', '/api/admin/console/settings', undefined, admin.headers);
    expect(settings.data.settings.find((s) => s.key === 'checkin_switch')?.value).toBe(0);

    const rules: Record<string, number> = { ...settings.data.chat_config, speak_rate: 7 };
    delete rules.id;
    const chat = await callApi(api, 'POST', '/api/admin/console/chat_config', rules, admin.headers);
    expect(chat.status).toBe(0);
    const live = await callApi<{ speak_rate: number }>(api, 'GET', '/api/live/chat_config');
    expect(live.data.speak_rate).toBe(7);

    const now = Math.floor(Date.now() / 1000);
    const record = {
      title_zh: '系统升级',
      title_en: 'System upgrade',
      content_zh: '今晚维护',
      content_en: 'Maintenance tonight',
      start_time: now + 3600,
      end_time: now + 7200,
      remind_time: now - 60,
    };
    const late = await callApi(
      api,
      'POST',
      '/api/admin/console/maintenance',
      { ...record, end_time: now },
      admin.headers,
    );
    expect(late).toMatchObject({ status: 1, msg: 'The end must come after the start' });
    const added = await callApi<{ id: number }>(
      api,
      'POST',
      '/api/admin/console/maintenance',
      record,
      admin.headers,
    );
    expect(added.status).toBe(0);
    const notice = await callApi<{ title: string; start_time: number }>(
      api,
      'POST',
      '/api/maintain',
      { device: 1 },
      { lang: 'en' },
    );
    expect(notice.data).toMatchObject({ title: 'System upgrade', start_time: now + 3600 });

    const trail = await audits();
    expect(trail.map((a) => a.action)).toEqual([
      'settings.set',
      'chat_config.set',
      'maintenance.add',
    ]);
    expect(trail[0]).toMatchObject({
      actorId: admin.id,
      target: 'config:checkin_switch',
      detail: { old: 1, value: 0 },
    });
    expect(trail[1]!.detail).toEqual({ speak_rate: { old: 2, value: 7 } });
  });

  it('bans a user from the platform: every session ends, login says why, lifting it restores login', async () => {
    const admin = await sessionOf(ADMIN_MOBILE);
    const user = await member();
    const ban = await callApi(
      api,
      'POST',
      '/api/admin/console/users/ban',
      { user_id: user.id, minutes: 60, reason: 'Spam links' },
      admin.headers,
    );
    expect(ban.status).toBe(0);
    expect(await findSessionUser(t.rt.db, user.token)).toBeNull();
    const found = await callApi<{ list: { id: number; ban: { reason: string } | null }[] }>(
      api,
      'GET',
      `/api/admin/console/users?q=${user.id}`,
      undefined,
      admin.headers,
    );
    expect(found.data.list[0]).toMatchObject({ id: user.id, ban: { reason: 'Spam links' } });
    // Login says why and until when, in the caller's language, and makes no session.
    await t.rt.db
      .update(users)
      .set({ passwordHash: await hashPassword('demo1234') })
      .where(eq(users.id, user.id));
    const [row] = await t.rt.db.select().from(users).where(eq(users.id, user.id));
    const login = (lang: string) =>
      callApi(
        api,
        'POST',
        '/api/user/login',
        {
          account: row!.mobile,
          pwd: 'demo1234',
          login_type: 1,
          platform: 0,
          source_id: 10001,
          website: 'test',
        },
        { lang, 'device-info': 'console-test' },
      );
    const en = await login('en');
    expect(en.status).toBe(1);
    expect(en.msg).toMatch(
      /^This account is banned until \d{4}-\d\d-\d\d \d\d:\d\d GMT\+8: Spam links$/,
    );
    expect((await login('zh_cn')).msg).toContain('该账号已被封禁至');
    const self = await callApi(
      api,
      'POST',
      '/api/admin/console/users/ban',
      { user_id: admin.id, minutes: 0, reason: 'oops' },
      admin.headers,
    );
    expect(self).toMatchObject({ status: 1, msg: 'You cannot do this to your own account' });
    const unban = await callApi(
      api,
      'POST',
      '/api/admin/console/users/unban',
      { user_id: user.id },
      admin.headers,
    );
    expect(unban.status).toBe(0);
    expect((await login('en')).status).toBe(0);
  });

  it('grants and takes back the administrator role, and logs a user out everywhere', async () => {
    const admin = await sessionOf(ADMIN_MOBILE);
    const user = await member();
    const role = (r: number) =>
      callApi(
        api,
        'POST',
        '/api/admin/console/users/role',
        { user_id: user.id, role: r },
        admin.headers,
      );
    expect((await role(3)).status).toBe(0);
    expect(
      (await callApi(api, 'GET', '/api/admin/console/overview', undefined, user.headers)).status,
    ).toBe(0);
    expect((await role(2)).msg).toBe('A user can be made a member or an administrator');
    expect((await role(1)).status).toBe(0);
    expect(
      (await callApi(api, 'GET', '/api/admin/console/overview', undefined, user.headers)).status,
    ).toBe(1);
    const anchor = await userIdByMobile(t.rt.db, '13900000003');
    const anchorRole = await callApi(
      api,
      'POST',
      '/api/admin/console/users/role',
      { user_id: anchor, role: 3 },
      admin.headers,
    );
    expect(anchorRole.msg).toBe('Anchors keep their role; it changes through the anchor review');

    const second = await createSession(t.rt.db, user.id, 'second-device');
    const out = await callApi(
      api,
      'POST',
      '/api/admin/console/users/logout',
      { user_id: user.id },
      admin.headers,
    );
    expect(out.status).toBe(0);
    expect(await findSessionUser(t.rt.db, user.token)).toBeNull();
    expect(await findSessionUser(t.rt.db, second)).toBeNull();
  });

  it('refuses to change the system ledger accounts, in both languages, changing nothing', async () => {
    const admin = await sessionOf(ADMIN_MOBILE);
    const before = (await audits()).length;
    const calls: [path: string, body: unknown][] = [
      ['/api/admin/console/users/role', { user_id: QUIZ_ESCROW_ID, role: 3 }],
      ['/api/admin/console/users/role', { user_id: PLATFORM_ID, role: 1 }],
      ['/api/admin/console/users/ban', { user_id: PLATFORM_ID, minutes: 0, reason: 'x' }],
      ['/api/admin/console/users/unban', { user_id: QUIZ_ESCROW_ID }],
      ['/api/admin/console/users/logout', { user_id: PLATFORM_ID }],
    ];
    for (const [path, body] of calls) {
      const en = await callApi(api, 'POST', path, body, admin.headers);
      expect(en, path).toMatchObject({
        status: 1,
        msg: 'This is a system ledger account: its role, bans and sessions cannot be changed',
      });
      const zh = await callApi(api, 'POST', path, body, { ...admin.headers, lang: 'zh_cn' });
      expect(zh.msg, path).toBe('这是系统记账账户，不能修改它的角色、封禁或登录状态');
    }
    const system = await t.rt.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(inArray(users.id, [QUIZ_ESCROW_ID, PLATFORM_ID]));
    expect(system.map((u) => u.role)).toEqual([0, 0]);
    expect(
      await t.rt.db.select().from(accountBans).where(eq(accountBans.userId, PLATFORM_ID)),
    ).toEqual([]);
    expect(await audits()).toHaveLength(before);
  });

  it('verifies the ledger on demand and shows the last result in the overview', async () => {
    const admin = await sessionOf(ADMIN_MOBILE);
    const verify = await callApi<{ clean: boolean; source: string }>(
      api,
      'POST',
      '/api/admin/console/verify',
      undefined,
      admin.headers,
    );
    expect(verify.data).toMatchObject({ clean: true });
    expect(verify.data.source).toContain(`#${admin.id}`);
    const overview = await callApi<{
      balances: { gold: number };
      last: { clean: boolean } | null;
    }>(api, 'GET', '/api/admin/console/overview', undefined, admin.headers);
    expect(overview.data.balances.gold).toBeGreaterThan(0);
    expect(overview.data.last).toMatchObject({ clean: true });
    // Three runs a minute per administrator: a verification reads every wallet.
    for (let i = 0; i < 2; i++)
      await callApi(api, 'POST', '/api/admin/console/verify', undefined, admin.headers);
    const fourth = await callApi(
      api,
      'POST',
      '/api/admin/console/verify',
      undefined,
      admin.headers,
    );
    expect(fourth.http).toBe(429);
  });

  it('lists feedback, recharge orders and the audit trail a page at a time', async () => {
    const admin = await sessionOf(ADMIN_MOBILE);
    for (const path of ['feedback', 'recharge_orders?status=paid', 'audit']) {
      const res = await callApi<{ list: unknown[] }>(
        api,
        'GET',
        `/api/admin/console/${path}`,
        undefined,
        admin.headers,
      );
      expect(res.status, path).toBe(0);
      expect(Array.isArray(res.data.list)).toBe(true);
    }
    const bad = await callApi(
      api,
      'GET',
      '/api/admin/console/feedback?before=abc',
      undefined,
      admin.headers,
    );
    expect(bad.status).toBe(1);
    const badStatus = await callApi(
      api,
      'GET',
      '/api/admin/console/recharge_orders?status=stolen',
      undefined,
      admin.headers,
    );
    expect(badStatus.status).toBe(1);
  });
});
