/**
 * The live room page in the page cache: a live free room is kept for 2 s per language and browser
 * engine, so a crowd arriving at once costs one render; a ticket room, a room off air and a room
 * that has just gone live or offline are rendered for each request.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveRooms } from '../../src/server/db/schema.ts';
import { announceRoomStatus } from '../../src/server/media/stream.ts';
import { getRuntime } from '../../src/server/runtime.ts';
import { startPageServer, type PageServer } from './page-server.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
/** The demo room, live and free; ValQueen's room, live behind a ticket. */
const FREE = '/liveMatchesTwo/100003';
const TICKET = '/liveMatchesTwo/100009';

describe('the live room in the page cache', () => {
  let site: PageServer;
  const get = (path: string, userAgent = CHROME) =>
    fetch(`${site.url}${path}`, { headers: { 'user-agent': userAgent }, redirect: 'manual' });
  beforeAll(async () => {
    site = await startPageServer();
  }, 300_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('keeps a live free room briefly, apart for browsers that play HLS themselves', async () => {
    const first = await get(FREE);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=2');
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const chrome = await first.text();
    const again = await get(FREE);
    expect(again.headers.get('x-page-cache')).toBe('hit');
    expect(await again.text()).toBe(chrome);
    // Safari and iOS get the page without hls.js among its preloads, cached on its own.
    const iphone = await get(FREE, IPHONE);
    expect(iphone.headers.get('x-page-cache')).toBe('miss');
    const apple = await iphone.text();
    expect((await get(FREE, IPHONE)).headers.get('x-page-cache')).toBe('hit');
    expect(chrome).toMatch(/rel="modulepreload" href="[^"]*engine-hlsjs/);
    expect(apple).not.toMatch(/engine-hlsjs/);
  });

  it('renders a room again once its going live or offline is announced on the bus', async () => {
    expect((await get(FREE)).headers.get('x-page-cache')).toMatch(/hit|miss/);
    expect((await get(FREE)).headers.get('x-page-cache')).toBe('hit');
    const rt = getRuntime();
    await rt.db.update(liveRooms).set({ isLive: false }).where(eq(liveRooms.anchorId, 100003));
    try {
      await announceRoomStatus(rt.db, rt.bus, 100003);
      const off = await get(FREE);
      expect(off.headers.get('cache-control')).toBe('private, no-store');
      expect(off.headers.get('x-page-cache')).toBeNull();
      expect(await off.text()).toContain('data-live="0"');
    } finally {
      await rt.db.update(liveRooms).set({ isLive: true }).where(eq(liveRooms.anchorId, 100003));
      await announceRoomStatus(rt.db, rt.bus, 100003);
    }
    const back = await get(FREE);
    expect(back.headers.get('x-page-cache')).toBe('miss');
    expect(await back.text()).toContain('data-live="1"');
  });

  it('renders a ticket room for each request', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get(TICKET);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-page-cache')).toBeNull();
      expect(await res.text()).toContain('data-ticket=');
    }
  });
});
