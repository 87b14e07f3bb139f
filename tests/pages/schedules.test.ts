/**
 * The schedules pages rendered on the server in both languages: the match centre's tabs (text
 * live, statistics, line-ups), redirects for unknown ids, the team page, the World Cup page and
 * its switch, booked matches in the user centre and the schedule's book buttons.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, siteDay } from '../../src/lib/time.ts';
import Detail from '../../src/pages/scheduleDetail/[id]/[sportId].astro';
import Schedule from '../../src/pages/schedule.astro';
import TeamInfo from '../../src/pages/teamInfo.astro';
import UserCenter from '../../src/pages/user-center/[section].astro';
import WorldCup from '../../src/pages/worldCup.astro';
import { appConfig, matches, MATCH_STATUS, teams } from '../../src/server/db/schema.ts';
import { pageRenderer, type PageRenderer } from './render.ts';

let p: PageRenderer;
const ids: Record<string, number> = {};

async function teamId(nameEn: string): Promise<number> {
  const [row] = await p.t.rt.db.select().from(teams).where(eq(teams.nameEn, nameEn));
  return row!.id;
}

async function liveMatchOf(home: string): Promise<number> {
  const [row] = await p.t.rt.db
    .select()
    .from(matches)
    .where(and(eq(matches.homeTeamId, await teamId(home)), eq(matches.status, MATCH_STATUS.live)));
  return row!.id;
}

beforeAll(async () => {
  p = await pageRenderer();
  ids.arsenal = await liveMatchOf('Arsenal');
  ids.lakers = await liveMatchOf('Los Angeles Lakers');
  ids.sinner = await liveMatchOf('Jannik Sinner');
  const [finished] = await p.t.rt.db
    .select()
    .from(matches)
    .where(and(eq(matches.sportId, 1), eq(matches.status, MATCH_STATUS.finished)));
  ids.finished = finished!.id;
  const [next] = await p.t.rt.db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.homeTeamId, await teamId('Bayern Munich')),
        eq(matches.status, MATCH_STATUS.scheduled),
      ),
    )
    .orderBy(matches.startTime);
  ids.upcoming = next!.id;
});
afterAll(async () => p?.dispose());

const detail = (id: number, sport: number, locale: 'en-US' | 'zh-CN' = 'en-US', query = '') =>
  p.render(
    Detail,
    `/scheduleDetail/${id}/${sport}${query}`,
    { id: String(id), sportId: String(sport) },
    locale,
  );

/** True when the element with this id carries the hidden attribute. */
const isHidden = (html: string, id: string) =>
  new RegExp(`<[^>]*id="${id}"[^>]*\\shidden[\\s>]`).test(html);

describe('match centre', () => {
  it('renders text live, statistics and line-ups of the live match in English', async () => {
    const { status, html } = await detail(ids.arsenal!, 1);
    expect(status).toBe(200);
    for (const text of [
      'Arsenal vs Manchester City',
      'Havertz glances a header past Ederson!',
      'Kick-off at the Emirates!',
      'Shots on target',
      '1st half',
      'Starting line-up',
      'Declan Rice',
      'Erling Haaland',
      'Mikel Arteta',
      '4-2-3-1',
    ]) {
      expect(html, text).toContain(text);
    }
    expect(isHidden(html, 'panel-live')).toBe(false);
    expect(isHidden(html, 'panel-stats')).toBe(true);
    expect(isHidden(html, 'panel-lineups')).toBe(true);
    // Live: the island gets the state, and the match can be booked.
    expect(html).toContain('id="match-live-data"');
    expect(html).toMatch(new RegExp(`data-book="${ids.arsenal}"`));
    expect(html).toContain(`href="/teamInfo?id=${await teamId('Arsenal')}"`);
  });

  it('renders the same tabs in Chinese', async () => {
    const { html } = await detail(ids.arsenal!, 1, 'zh-CN');
    for (const text of [
      '文字直播',
      '技术统计',
      '阵容',
      '哈弗茨头球擦射破门',
      '射正',
      '控球率',
      '赖斯',
      '阿尔特塔',
      '上半场',
    ]) {
      expect(html, text).toContain(text);
    }
    // Names show in the page's language (the island's JSON carries both).
    const panel = html.slice(
      html.indexOf('id="panel-lineups"'),
      html.indexOf('id="match-live-data"'),
    );
    expect(panel).toContain('赖斯');
    expect(panel).not.toContain('Declan Rice');
  });

  it('opens the tab named in ?tab= and ignores unknown ones', async () => {
    const stats = await detail(ids.arsenal!, 1, 'en-US', '?tab=stats');
    expect(isHidden(stats.html, 'panel-stats')).toBe(false);
    expect(isHidden(stats.html, 'panel-live')).toBe(true);
    expect(stats.html).toMatch(/id="tab-stats"[^>]*aria-selected="true"/);
    const odd = await detail(ids.arsenal!, 1, 'en-US', '?tab=<script>');
    expect(isHidden(odd.html, 'panel-live')).toBe(false);
  });

  it('shows quarters in basketball and sets without line-ups in tennis', async () => {
    const nba = await detail(ids.lakers!, 2);
    expect(nba.html).toContain('End of Q1: Lakers 28-24 Warriors.');
    expect(nba.html).toContain('Q3 31&#39;');
    expect(nba.html).toContain('Rebounds');
    expect(nba.html).toContain('LeBron James');
    expect((await detail(ids.lakers!, 2, 'zh-CN')).html).toContain('第3节');
    const tennis = await detail(ids.sinner!, 3);
    expect(tennis.html).toContain('Set 1');
    expect(tennis.html).toContain('Aces');
    expect(tennis.html).not.toContain('id="tab-lineups"');
  });

  it('shows a finished match without booking or live updates, with generated commentary', async () => {
    const { html } = await detail(ids.finished!, 1);
    expect(html).toContain('Full-time:');
    expect(html).not.toContain('id="match-live-data"');
    expect(html).not.toContain('data-book=');
  });

  it('explains the empty tabs of a match not started', async () => {
    const { html } = await detail(ids.upcoming!, 1);
    expect(html).toContain('Text live starts at kick-off.');
    expect(html).toContain('Statistics appear once the match is under way.');
    expect(html).toContain('Line-ups are announced about an hour before kick-off.');
    expect(html).toContain(`data-book="${ids.upcoming}"`);
  });

  it('redirects unknown ids and wrong sports to /home', async () => {
    for (const [id, sport] of [
      ['99999999', '1'],
      ['abc', '1'],
      ['-4', '1'],
      [String(ids.arsenal), '2'],
    ] as const) {
      const res = await p.render(Detail, `/scheduleDetail/${id}/${sport}`, { id, sportId: sport });
      expect(res.status, `${id}/${sport}`).toBe(302);
      expect(res.location).toBe('/home');
    }
  });
});

describe('team page', () => {
  it('shows the team, its competitions, matches and latest line-up in both languages', async () => {
    const id = await teamId('Arsenal');
    const en = await p.render(TeamInfo, `/teamInfo?id=${id}`);
    expect(en.status).toBe(200);
    for (const text of [
      'Arsenal',
      'Premier League',
      'Upcoming matches',
      'Recent results',
      'Form',
      'Declan Rice',
    ]) {
      expect(en.html, text).toContain(text);
    }
    const zh = await p.render(TeamInfo, `/teamInfo?id=${id}`, {}, 'zh-CN');
    for (const text of ['阿森纳', '英格兰足球超级联赛', '未来赛程', '近期战绩', '赖斯']) {
      expect(zh.html, text).toContain(text);
    }
  });

  it('redirects a missing or unknown id to /home', async () => {
    for (const path of [
      '/teamInfo',
      '/teamInfo?id=abc',
      '/teamInfo?id=99999999',
      '/teamInfo?id=1e3',
    ]) {
      const res = await p.render(TeamInfo, path);
      expect(res.status, path).toBe(302);
      expect(res.location).toBe('/home');
    }
  });
});

describe('World Cup page', () => {
  it('shows the eight group tables and the fixtures in both languages', async () => {
    const en = await p.render(WorldCup, '/worldCup');
    expect(en.status).toBe(200);
    for (const text of [
      'World Cup',
      'Group A',
      'Group H',
      'Germany',
      'China PR',
      'Fixtures',
      'Pts',
    ]) {
      expect(en.html, text).toContain(text);
    }
    expect(en.html.match(/class="group"/g)).toHaveLength(8);
    const zh = await p.render(WorldCup, '/worldCup', {}, 'zh-CN');
    for (const text of ['世界杯', 'A组', '德国', '小组积分榜'])
      expect(zh.html, text).toContain(text);
  });

  it('redirects to /home while worldcup_thematic_toggle is not 1', async () => {
    const db = p.t.rt.db;
    await db
      .update(appConfig)
      .set({ value: 0 })
      .where(eq(appConfig.key, 'worldcup_thematic_toggle'));
    try {
      const res = await p.render(WorldCup, '/worldCup');
      expect(res.status).toBe(302);
      expect(res.location).toBe('/home');
    } finally {
      await db
        .update(appConfig)
        .set({ value: 1 })
        .where(eq(appConfig.key, 'worldcup_thematic_toggle'));
    }
  });
});

describe('user centre and schedule', () => {
  it('renders booked matches as an island and leaves the other sections as they were', async () => {
    const mine = await p.render(UserCenter, '/user-center/mySchedule', { section: 'mySchedule' });
    expect(mine.status).toBe(200);
    expect(mine.html).toContain('Booked matches');
    expect(mine.html).toContain('<astro-island');
    expect(mine.html).not.toContain('data-coming-soon');
    const checkin = await p.render(UserCenter, '/user-center/checkin', { section: 'checkin' });
    expect(checkin.html).not.toContain('data-coming-soon');
    expect(checkin.html).toContain('component-export="CheckinPage"');
    const focus = await p.render(UserCenter, '/user-center/focus', { section: 'focus' });
    expect(focus.html).not.toContain('data-coming-soon');
    expect(focus.html).toContain('<astro-island');
    const zh = await p.render(
      UserCenter,
      '/user-center/mySchedule',
      { section: 'mySchedule' },
      'zh-CN',
    );
    expect(zh.html).toContain('你预约的比赛');
  });

  it('puts a book button on every match of the schedule that has not finished', async () => {
    for (const day of [siteDay(new Date()), addDays(siteDay(new Date()), -2)]) {
      const { html } = await p.render(Schedule, `/schedule?date=${day}`);
      const list = html.slice(html.indexOf('<ul class="list"'));
      const rows = list.slice(0, list.indexOf('</ul>')).split('<li').slice(1);
      expect(rows.length, day).toBeGreaterThan(0);
      for (const row of rows) {
        const done = row.includes('class="state s2"');
        expect(row.includes('data-book='), row.slice(0, 120)).toBe(!done);
      }
    }
  });
});
