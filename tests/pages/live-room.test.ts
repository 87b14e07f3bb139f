/**
 * The live room page on the server: a free room carries its stream for the player; a
 * ticket-paid room never does (the ticket dialog gets it from the API after entry).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import Room from '../../src/pages/liveMatchesTwo/[id].astro';
import { liveRooms, matches } from '../../src/server/db/schema.ts';
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
