/**
 * The replay list, the anchor page, the anchor's replays with the player, and recommended lives
 * in the live room, rendered on the server in both languages on both database kinds.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AnchorInfo from '../../src/pages/anchorInfo/[id].astro';
import AnchorReplay from '../../src/pages/anchorReplay/[id].astro';
import LiveRoom from '../../src/pages/liveMatchesTwo/[id].astro';
import Replays from '../../src/pages/liveMatchesReplay.astro';
import { replays } from '../../src/server/db/schema.ts';
import { DB_KINDS } from '../integration/helpers.ts';
import { pageRenderer, PUBLIC_ORIGIN, type PageRenderer } from './render.ts';

const ANCHOR = 100003;

describe.each(DB_KINDS)('anchor pages (%s)', (kind) => {
  let p: PageRenderer;
  beforeAll(async () => {
    p = await pageRenderer(kind);
  });
  afterAll(async () => p?.dispose());

  const count = (html: string, needle: string) => html.split(needle).length - 1;

  it('/liveMatchesReplay lists replays with a filter and pages, in both languages', async () => {
    const en = await p.render(Replays, '/liveMatchesReplay');
    expect(en.status).toBe(200);
    expect(en.html).toContain('<title>Replays · ArenaLive</title>');
    expect(en.html).toContain('All replays');
    expect(count(en.html, 'class="replay-card')).toBe(12);
    expect(en.html).toMatch(/href="\/anchorReplay\/\d+\?replay=\d+"/);
    expect(en.html).toContain('href="/liveMatchesReplay?page=2"');
    expect(en.html).toContain(`rel="canonical" href="${PUBLIC_ORIGIN}/liveMatchesReplay"`);
    const zh = await p.render(Replays, '/liveMatchesReplay?category=2&second=202', {}, 'zh-CN');
    expect(zh.html).toContain('全部回放');
    expect(zh.html).toContain('<title>篮球 · ');
    expect(zh.html).toContain('篮球');
    expect(count(zh.html, 'class="replay-card')).toBeGreaterThan(0);
    expect(zh.html).not.toContain('英雄联盟</span>');
    const bad = await p.render(Replays, '/liveMatchesReplay?category=99&page=-3');
    expect(bad.status).toBe(200);
    expect(count(bad.html, 'class="replay-card')).toBe(12);
  });

  it('/anchorInfo shows the profile, live state, plans and replays in both languages', async () => {
    const en = await p.render(AnchorInfo, `/anchorInfo/${ANCHOR}`, { id: String(ANCHOR) });
    expect(en.status).toBe(200);
    for (const text of [
      '<title>老K说球 · ArenaLive</title>',
      'Live now',
      'Enter the room',
      `href="/liveMatchesTwo/${ANCHOR}"`,
      'Upcoming lives',
      '欧冠之夜：赛前阵容分析 + 全场解说',
      'Recent replays',
      `href="/anchorReplay/${ANCHOR}"`,
      'data-follow',
      `data-anchor="${ANCHOR}"`,
      'Fans',
      'aria-label="Lv.',
      `rel="canonical" href="${PUBLIC_ORIGIN}/anchorInfo/${ANCHOR}"`,
    ]) {
      expect(en.html, text).toContain(text);
    }
    // The cancelled plan is not announced.
    expect(en.html).not.toContain('已取消');
    const zh = await p.render(AnchorInfo, `/anchorInfo/${ANCHOR}`, { id: String(ANCHOR) }, 'zh-CN');
    for (const text of ['正在直播', '进入直播间', '开播预告', '最近回放', '粉丝', '关注']) {
      expect(zh.html, text).toContain(text);
    }
    // An offline anchor offers a visit and says when they were last live.
    const off = await p.render(AnchorInfo, '/anchorInfo/100008', { id: '100008' });
    expect(off.html).toContain('Visit the room');
    expect(off.html).toContain('Last live');
  });

  it('/anchorReplay plays the chosen replay and lists the rest, in both languages', async () => {
    const [row] = await p.t.rt.db.select().from(replays).where(eq(replays.anchorId, ANCHOR));
    const path = `/anchorReplay/${ANCHOR}?replay=${row!.id}`;
    const en = await p.render(AnchorReplay, path, { id: String(ANCHOR) });
    expect(en.status).toBe(200);
    expect(en.html).toContain('data-player');
    expect(en.html).toContain('data-src="/media/demo/master.m3u8"');
    expect(en.html).toContain(`data-replay-id="${row!.id}"`);
    expect(en.html).toContain(`<h1 id="replay-title"`);
    expect(en.html).toContain(`${row!.title} · replay by 老K说球`);
    expect(en.html).toContain(`rel="canonical" href="${PUBLIC_ORIGIN}${path}"`);
    expect(en.html).toContain('Now playing');
    expect(en.html).toContain(`href="/anchorReplay/${ANCHOR}?replay=${row!.id}&amp;page=2"`);
    const zh = await p.render(AnchorReplay, path, { id: String(ANCHOR) }, 'zh-CN');
    expect(zh.html).toContain('正在播放');
    expect(zh.html).toContain('老K说球 的回放');
    // Without a choice the newest plays and the page is about the list.
    const list = await p.render(AnchorReplay, `/anchorReplay/${ANCHOR}?page=2`, {
      id: String(ANCHOR),
    });
    expect(list.html).toContain('<h1 class="page-title"');
    expect(list.html).toContain('data-player');
    expect(list.html).toContain(`href="/anchorReplay/${ANCHOR}"`);
  });

  it('redirects unknown and non-anchor ids home, and foreign replays to the list', async () => {
    for (const id of ['999999', '100001', 'abc', '0']) {
      for (const Page of [AnchorInfo, AnchorReplay]) {
        const res = await p.render(Page, `/x/${id}`, { id });
        expect(res.status, id).toBe(302);
        expect(res.location).toBe('/home');
      }
    }
    const [other] = await p.t.rt.db.select().from(replays).where(eq(replays.anchorId, 100006));
    for (const replay of [String(other!.id), '999999', 'x']) {
      const res = await p.render(AnchorReplay, `/anchorReplay/${ANCHOR}?replay=${replay}`, {
        id: String(ANCHOR),
      });
      expect(res.status, replay).toBe(302);
      expect(res.location).toBe(`/anchorReplay/${ANCHOR}`);
    }
  });

  it('the live room recommends other live rooms, never itself', async () => {
    const en = await p.render(LiveRoom, `/liveMatchesTwo/${ANCHOR}`, { id: String(ANCHOR) });
    expect(en.status).toBe(200);
    expect(en.html).toContain('Recommended lives');
    const section = en.html.slice(en.html.indexOf('data-recommended'));
    expect(section).toContain('data-room="100010"');
    expect(section).not.toContain(`data-room="${ANCHOR}"`);
    // Basketball (HoopsDan, same category) before League of Legends, though that is hotter.
    expect(section.indexOf('data-room="100010"')).toBeLessThan(
      section.indexOf('data-room="100006"'),
    );
    const zh = await p.render(
      LiveRoom,
      `/liveMatchesTwo/${ANCHOR}`,
      { id: String(ANCHOR) },
      'zh-CN',
    );
    expect(zh.html).toContain('推荐直播');
  });
});
