/**
 * The live room page on the server: a free room carries its stream for the player; a
 * ticket-paid room never does (the ticket dialog gets it from the API after entry). A room
 * broadcasting a match shows its score strip. On a site with several ingest machines the player
 * gets the stream and WHEP endpoint of the ingest the live is pinned to.
 */
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import Room from '../../src/pages/liveMatchesTwo/[id].astro';
import { createApi } from '../../src/server/app.ts';
import { liveRooms, matches } from '../../src/server/db/schema.ts';
import { mediaHookToken } from '../../src/server/ingest/hooks.ts';
import { parseIngests } from '../../src/server/media/ingests.ts';
import { createSession } from '../../src/server/sessions.ts';
import { callApi, LIVE_FORM, userIdByMobile } from '../integration/helpers.ts';
import { pageRenderer, type PageRenderer } from './render.ts';

let p: PageRenderer;
beforeAll(async () => {
  p = await pageRenderer();
}, 60_000);
afterAll(async () => {
  await p?.dispose();
});

it('renders the stream of a free room into the player', async () => {
  const { status, html } = await p.render(Room, '/liveMatchesTwo/100003', { id: '100003' });
  expect(status).toBe(200);
  expect(html).toContain('data-src="/media/demo/master.m3u8"');
  expect(html).not.toContain('data-ticket-lock');
  // Its WHEP endpoint, which the player tries with low latency on.
  expect(html).toContain('data-whep="/whep/100003"');
});

it('renders a ticket-paid room locked, without its stream, in both languages', async () => {
  for (const [locale, text] of [
    ['en-US', 'Ticket required'],
    ['zh-CN', '需要门票'],
  ] as const) {
    const { status, html } = await p.render(
      Room,
      '/liveMatchesTwo/100009',
      { id: '100009' },
      locale,
    );
    expect(status).toBe(200);
    expect(html).not.toContain('.m3u8');
    expect(html).not.toContain('data-whep');
    expect(html).toContain('data-locked');
    expect(html).toContain(text);
  }
});

it("links a room's match centre with the match's own sport", async () => {
  const { db } = p.t.rt;
  const rows = await db
    .select({ anchorId: liveRooms.anchorId, matchId: matches.id, sportId: matches.sportId })
    .from(liveRooms)
    .innerJoin(matches, eq(matches.id, liveRooms.matchId));
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const { html } = await p.render(Room, `/liveMatchesTwo/${row.anchorId}`, {
      id: String(row.anchorId),
    });
    expect(html).toContain(`href="/scheduleDetail/${row.matchId}/${row.sportId}"`);
  }
});

it("renders the score strip of the room's match in both languages, and none for a room without one", async () => {
  for (const [locale, state, line] of [
    ['en-US', 'Live', 'City have had 58% of the ball but only two shots on target.'],
    ['zh-CN', '进行中', '曼城控球率达到58%，但只有两脚射正。'],
  ] as const) {
    const { html } = await p.render(Room, '/liveMatchesTwo/100003', { id: '100003' }, locale);
    const strip = html.slice(
      html.indexOf('data-match-strip'),
      html.indexOf('id="room-match-data"'),
    );
    expect(strip).toMatch(/data-ms-score[^>]*>1 : 0</);
    expect(strip).toMatch(new RegExp(`data-ms-state[^>]*>${state}<`));
    expect(strip).toMatch(/data-ms-minute[^>]*>37(&#39;|')</);
    expect(strip).toContain(line);
  }
  const { db } = p.t.rt;
  const [unlinked] = await db
    .select({ anchorId: liveRooms.anchorId })
    .from(liveRooms)
    .where(isNull(liveRooms.matchId))
    .limit(1);
  const { html } = await p.render(Room, `/liveMatchesTwo/${unlinked!.anchorId}`, {
    id: String(unlinked!.anchorId),
  });
  expect(html).not.toContain('data-match-strip');
});

it('starts the player from the head and holds the rest of the room until it settles', async () => {
  const { html } = await p.render(Room, '/liveMatchesTwo/100003', { id: '100003' });
  const head = html.slice(0, html.indexOf('</head>'));
  // An async module: it runs as soon as it arrives, not after the page's deferred scripts.
  expect(head).toMatch(
    /<script type="module" async src="\/(_astro\/room-boot\.[\w-]+\.js|src\/islands\/player\/room-boot\.ts)">/,
  );
  // The playlist is asked for at once, and its mark tells the player's script the room can play.
  expect(head).toContain(
    '<link rel="preload" as="fetch" crossorigin="anonymous" href="/media/demo/master.m3u8" data-player-playlist>',
  );
  // The hold comes before the room's first React island.
  const hold = html.indexOf('arena:player-settled');
  expect(hold).toBeGreaterThan(html.indexOf('data-player'));
  expect(hold).toBeLessThan(html.indexOf('<astro-island'));
  // The recommended lives keep their links and text; their pictures wait.
  const recommended = html.slice(html.indexOf('data-recommended'));
  expect(recommended).toContain('href="/liveMatchesTwo/');
  expect(recommended).toMatch(/<img src="data:image\/gif;base64,[^"]+" data-defer-src="\/[^"]+"/);
});

it('preloads no stream and no player code for a locked room', async () => {
  const { html } = await p.render(Room, '/liveMatchesTwo/100009', { id: '100009' });
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).not.toContain('rel="modulepreload"');
  expect(head).not.toContain('rel="preload"');
  // The boot script still runs: it lets the room's islands go at once.
  expect(head).toContain('room-boot');
});

it('plays a live pinned to ingest a from that ingest, over HLS and WHEP', async () => {
  const { rt } = p.t;
  const saved = { ingestName: rt.env.ingestName, ingests: rt.env.ingests };
  // The process beside ingest a, on a site with ingests a and b.
  rt.env.ingestName = 'a';
  rt.env.ingests = parseIngests(
    'a http://10.0.0.5:4321 rtmp://a.example.test/live, b http://10.0.0.6:4321 rtmp://b.example.test/live',
  );
  try {
    const app = createApi(rt);
    const anchor = await userIdByMobile(rt.db, '13900000012');
    const headers = { authorization: `Bearer ${await createSession(rt.db, anchor, 'test')}` };
    const info = await callApi<{ anchor_secret: string }>(
      app,
      'POST',
      '/webapi/live/getStreamInfo',
      {},
      headers,
    );
    expect((await callApi(app, 'POST', '/webapi/live/startLive', LIVE_FORM, headers)).status).toBe(
      0,
    );
    const hook = await app.request(
      `/api/media/on_publish?token=${mediaHookToken(rt.env.secret)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          app: 'live',
          name: String(anchor),
          key: info.data.anchor_secret,
        }).toString(),
      },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    );
    expect(hook.status).toBe(200);
    const { html } = await p.render(Room, `/liveMatchesTwo/${anchor}`, { id: String(anchor) });
    expect(html).toContain(`data-src="/ingest/a/hls/${anchor}.m3u8"`);
    expect(html).toContain(`data-whep="/ingest/a/whep/${anchor}"`);
  } finally {
    Object.assign(rt.env, saved);
  }
});
