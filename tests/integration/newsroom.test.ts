/**
 * The newsroom's calls: editors and administrators write, publish, schedule, take off and
 * revert entries, every change a revision with its diff; viewers and anchors are refused with
 * nothing changed; administrators alone grant and revoke the editor role (audited); hostile
 * Markdown never reaches a reader as HTML; and what readers see (server/content/published.ts)
 * follows each change at once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  contentEntries,
  contentRevisions,
  adminAudit,
  editors,
} from '../../src/server/db/schema.ts';
import { entryKey, forgetPublished, publishedContent } from '../../src/server/content/published.ts';
import type {
  EditorRow,
  EntryDetail,
  EntrySummary,
  RevisionDetail,
  RevisionSummary,
} from '../../src/lib/content/api.ts';
import {
  apiSuite,
  callApi,
  sessionOf as sessionOfUser,
  DB_KINDS,
  uploadTestImage,
} from './helpers.ts';

/** Every answer of the newsroom's calls, as the tests read them. */
interface Answer {
  entry: EntryDetail;
  revisions: RevisionSummary[];
  revision: RevisionDetail;
  list: (EntrySummary & EditorRow)[];
  next_slug: string;
  html: string;
  editor: boolean;
  admin: boolean;
}

const VIEWER = '13900000001';
const ANCHOR = '13900000003';
const ADMIN = '13900000005';
const BASE = '/api/admin/content';

const notice = (slug: string, extra: Record<string, unknown> = {}) => ({
  collection: 'notices',
  slug,
  locale: 'en-US',
  title: 'Maintenance tonight at 2',
  body: 'The site is **down** from 02:00 to 03:00.',
  fields: { date: '2026-11-27T10:00:00.000Z', pinned: true },
  version: 0,
  ...extra,
});

describe.each(DB_KINDS)('newsroom on %s', (kind) => {
  const { t, api } = apiSuite(kind);

  const sessionOf = (mobile: string) => sessionOfUser(t.rt.db, mobile, 'newsroom-test');
  const call = (
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ) => callApi<Answer>(api, method, `${BASE}${path}`, body, headers);
  const rowCount = async () => (await t.rt.db.select().from(contentEntries)).length;
  async function seen() {
    forgetPublished();
    return publishedContent(t.rt.db, t.rt.bus);
  }

  it('refuses guests, viewers and anchors on every call, changing nothing', async () => {
    const viewer = await sessionOf(VIEWER);
    const anchor = await sessionOf(ANCHOR);
    const calls: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
      ['GET', '/list?collection=notices'],
      ['GET', '/entry?collection=notices&slug=1&locale=en-US'],
      ['GET', '/revision?id=1&version=1'],
      ['POST', '/preview', { body: '# x' }],
      ['POST', '/save', notice('900')],
      ['POST', '/publish', { id: 1, version: 1 }],
      ['POST', '/unpublish', { id: 1, version: 1 }],
      ['POST', '/revert', { id: 1, version: 1, to: 1 }],
      ['GET', '/editors'],
      ['POST', '/editors/grant', { user_id: viewer.id }],
      ['POST', '/editors/revoke', { user_id: viewer.id }],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, body, {})).status, path).toBe(2);
      for (const who of [viewer, anchor]) {
        const refused = await call(method, path, body, who.headers);
        expect(refused.status, path).toBe(1);
        expect(refused.msg, path).toMatch(/Only (editors|administrators)/);
      }
    }
    expect(await rowCount()).toBe(0);
    expect(await t.rt.db.select().from(editors)).toHaveLength(0);
    const me = await call('GET', '/me', undefined, viewer.headers);
    expect(me.data).toEqual({ editor: false, admin: false });
  });

  it('lets an administrator grant the editor role, audited; the editor writes but cannot grant', async () => {
    const admin = await sessionOf(ADMIN);
    const viewer = await sessionOf(VIEWER);
    const granted = await call('POST', '/editors/grant', { user_id: viewer.id }, admin.headers);
    expect(granted.status).toBe(0);
    expect(granted.data.list.map((e) => e.user_id)).toEqual([viewer.id]);
    expect((await call('GET', '/me', undefined, viewer.headers)).data).toEqual({
      editor: true,
      admin: false,
    });
    const list = await call('GET', '/list?collection=notices', undefined, viewer.headers);
    expect(list.status).toBe(0);
    // Shipped files are listed with their keys, and the next free slug follows them.
    expect(list.data.list.some((e) => e.shipped && e.id === null)).toBe(true);
    expect(Number(list.data.next_slug)).toBeGreaterThan(1);
    const again = await call('POST', '/editors/grant', { user_id: admin.id }, viewer.headers);
    expect(again.msg).toBe('Only administrators can open the console');
    const revoked = await call('POST', '/editors/revoke', { user_id: viewer.id }, admin.headers);
    expect(revoked.data.list).toEqual([]);
    expect((await call('GET', '/list?collection=notices', undefined, viewer.headers)).status).toBe(
      1,
    );
    const trail = await t.rt.db.select().from(adminAudit).where(eq(adminAudit.actorId, admin.id));
    expect(trail.map((a) => a.action)).toEqual(['editor.grant', 'editor.revoke']);
    const missing = await call('POST', '/editors/grant', { user_id: 99_999_999 }, admin.headers);
    expect(missing.msg).toBe('No account has this id');
  });

  it('saves, publishes, schedules, takes off and reverts, each a revision readers follow', async () => {
    const admin = await sessionOf(ADMIN);
    const saved = await call('POST', '/save', notice('901'), admin.headers);
    expect(saved.status, saved.msg).toBe(0);
    const id = saved.data.entry.id!;
    expect(saved.data.entry).toMatchObject({ status: 'draft', version: 1, url: '/notice' });
    const key = entryKey('notices', 'en-US', '901');
    expect((await seen()).visible.has(key)).toBe(false);

    const published = await call('POST', '/publish', { id, version: 1 }, admin.headers);
    expect(published.data.entry).toMatchObject({ status: 'published', version: 2 });
    expect((await seen()).visible.get(key)?.title).toBe('Maintenance tonight at 2');

    // An edit of a published entry is on the site as soon as it is saved.
    const edited = await call(
      'POST',
      '/save',
      notice('901', { title: 'Maintenance tonight at 3', version: 2 }),
      admin.headers,
    );
    expect(edited.data.entry.version).toBe(3);
    expect((await seen()).visible.get(key)?.title).toBe('Maintenance tonight at 3');

    // A save from an old version is refused: someone saved after it was opened.
    const stale = await call(
      'POST',
      '/save',
      notice('901', { title: 'Lost edit', version: 2 }),
      admin.headers,
    );
    expect(stale.msg).toMatch(/Someone saved this entry after you opened it/);

    const diff = await call('GET', `/revision?id=${id}&version=3`, undefined, admin.headers);
    expect(diff.data.revision).toMatchObject({
      action: 'save',
      title_before: 'Maintenance tonight at 2',
    });

    const off = await call('POST', '/unpublish', { id, version: 3 }, admin.headers);
    expect(off.data.entry.status).toBe('unpublished');
    expect((await seen()).hidden.has(key)).toBe(true);

    const reverted = await call('POST', '/revert', { id, version: 4, to: 1 }, admin.headers);
    expect(reverted.data.entry).toMatchObject({
      title: 'Maintenance tonight at 2',
      version: 5,
      status: 'unpublished',
    });

    const future = new Date(Date.now() + 1500).toISOString();
    const scheduled = await call(
      'POST',
      '/publish',
      { id, version: 5, publish_at: future },
      admin.headers,
    );
    expect(scheduled.data.entry).toMatchObject({ status: 'published', publish_at: future });
    expect((await seen()).visible.has(key)).toBe(false);
    // The copy drops itself when the scheduled time comes.
    const start = Date.now();
    let shown = false;
    while (!shown && Date.now() - start < 5000) {
      await new Promise((r) => setTimeout(r, 100));
      shown = (await publishedContent(t.rt.db, t.rt.bus)).visible.has(key);
    }
    expect(shown).toBe(true);
    const past = await call(
      'POST',
      '/publish',
      { id, version: 6, publish_at: '2020-01-01T00:00:00Z' },
      admin.headers,
    );
    expect(past.msg).toBe('A scheduled time must be in the future');

    const opened = await call(
      'GET',
      '/entry?collection=notices&slug=901&locale=en-US',
      undefined,
      admin.headers,
    );
    expect(opened.data.revisions.map((r) => r.action)).toEqual([
      'schedule',
      'revert',
      'unpublish',
      'save',
      'publish',
      'save',
    ]);
    const revisions = await t.rt.db
      .select()
      .from(contentRevisions)
      .where(eq(contentRevisions.entryId, id));
    expect(revisions.every((r) => r.authorId === admin.id)).toBe(true);
  });

  it('refuses hostile Markdown and bad input with a clear message, changing nothing', async () => {
    const admin = await sessionOf(ADMIN);
    const before = await rowCount();
    const refusals: [unknown, RegExp][] = [
      [
        notice('910', { body: '[click](javascript:alert(1))' }),
        /This link cannot be published: javascript:alert\(1\)/,
      ],
      [notice('910', { body: '[x](data:text/html,<b>x</b>)' }), /This link cannot be published/],
      [
        notice('910', { body: '![x](https://tracker.example/p.png)' }),
        /Pictures must be uploaded to this site/,
      ],
      [notice('910', { body: 'x'.repeat(100_001) }), /At most 100000 characters/],
      [notice('910', { title: 'x'.repeat(500) }), /At most 120 characters/],
      [notice('910', { title: 'bad\u0007title' }), /control characters/],
      [notice('910', { slug: '../etc' }), /address id/],
      [notice('910', { collection: 'agreements' }), /Unknown kind of content/],
      [notice('910', { fields: { date: 'soon', pinned: true } }), /valid date/],
      [notice('910', { fields: { date: '2026-01-01', pinned: 'yes' } }), /required|Input/],
      [notice('910', { fields: { date: '2026-01-01', pinned: true, script: 'x' } }), /./],
      [notice('910', { version: -1 }), /out of range/],
      [notice('910', { version: '1' }), /whole number/],
      ['{not json', /./],
    ];
    for (const [body, message] of refusals) {
      const answer = await call('POST', '/save', body, admin.headers);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(1);
      expect(answer.msg).toMatch(message);
    }
    expect(await rowCount()).toBe(before);
    // Raw HTML and scripts are shown as text, never as markup.
    const preview = await call(
      'POST',
      '/preview',
      { body: '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[ok](/news)' },
      admin.headers,
    );
    expect(preview.data.html).not.toMatch(/<script|<img/);
    expect(preview.data.html).toContain('&lt;script&gt;');
    expect(preview.data.html).toContain('<a href="/news">ok</a>');
  });

  it('overrides and hides a shipped file by its key', async () => {
    const admin = await sessionOf(ADMIN);
    const shipped = await call(
      'GET',
      '/entry?collection=notices&slug=1&locale=en-US',
      undefined,
      admin.headers,
    );
    expect(shipped.data.entry).toMatchObject({ id: null, shipped: true, version: 0 });
    const own = await call(
      'POST',
      '/save',
      {
        ...notice('1'),
        title: 'Rewritten in the site',
        body: shipped.data.entry.body,
        fields: shipped.data.entry.fields,
      },
      admin.headers,
    );
    expect(own.status, own.msg).toBe(0);
    const id = own.data.entry.id!;
    await call('POST', '/publish', { id, version: 1 }, admin.headers);
    const key = entryKey('notices', 'en-US', '1');
    expect((await seen()).visible.get(key)?.title).toBe('Rewritten in the site');
    await call('POST', '/unpublish', { id, version: 2 }, admin.headers);
    expect((await seen()).hidden.has(key)).toBe(true);
  });

  it('takes a picture uploaded through the site as a cover and in the text', async () => {
    const admin = await sessionOf(ADMIN);
    const picture = await uploadTestImage(api, admin.headers);
    expect(picture).toMatch(/^\/uploads\//);
    const saved = await call(
      'POST',
      '/save',
      {
        collection: 'news',
        slug: '920',
        locale: 'zh-CN',
        title: '德比战报',
        body: `比赛图片：\n\n![看台](${picture})`,
        fields: {
          date: '2026-11-27T12:00:00Z',
          cover: picture,
          summary: '一场补时绝杀。',
          tags: ['足球'],
          sport: 'football',
        },
        version: 0,
      },
      admin.headers,
    );
    expect(saved.status, saved.msg).toBe(0);
    expect(saved.data.entry).toMatchObject({ url: '/news_detail/920', locale: 'zh-CN' });
    const preview = await call('POST', '/preview', { body: saved.data.entry.body }, admin.headers);
    expect(preview.data.html).toContain(`<img src="${picture}" alt="看台" loading="lazy">`);
  });
});
