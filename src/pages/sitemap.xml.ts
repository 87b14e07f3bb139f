/**
 * sitemap.xml: the public screens, content entries, live rooms with their anchor and replay pages,
 * and this fortnight's match centres.
 */
import type { APIRoute } from 'astro';
import { addDays, siteDay, siteDayRange } from '../lib/time.ts';
import {
  agreementPath,
  listActivities,
  listAgreements,
  listNews,
} from '../server/content/index.ts';
import { listRooms } from '../server/live/rooms.ts';
import { getRuntime } from '../server/runtime.ts';
import { listMatches } from '../server/sports/matches.ts';

const STATIC_PATHS = [
  '/home',
  '/liveMatches',
  '/liveMatchesReplay',
  '/schedule',
  '/news',
  '/notice',
  '/activity',
  '/help',
  '/download',
  '/ranking',
  '/mall',
  '/worldCup',
  '/about/1',
  '/about/2',
  '/about/4',
  '/urgent',
  '/certificate1',
  '/certificate2',
];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** GET /sitemap.xml */
export const GET: APIRoute = async () => {
  const { db, env } = getRuntime();
  const today = siteDay(new Date());
  const [rooms, matches, news, activities, agreements] = await Promise.all([
    listRooms(db, { locale: 'en-US', limit: 500 }),
    listMatches(
      db,
      siteDayRange(addDays(today, -7)).start,
      siteDayRange(addDays(today, 7)).end,
      'en-US',
    ),
    listNews('en-US', { pageSize: 1000 }),
    listActivities('en-US'),
    listAgreements('en-US'),
  ]);
  const paths = [
    ...STATIC_PATHS,
    ...agreements.map((a) => agreementPath(a.slug)),
    ...news.items.map((a) => `/news_detail/${a.slug}`),
    ...activities.map((a) => `/activity_details/${a.slug}`),
    ...rooms.map((r) => `/liveMatchesTwo/${r.anchorId}`),
    ...rooms.map((r) => `/anchorInfo/${r.anchorId}`),
    ...rooms.map((r) => `/anchorReplay/${r.anchorId}`),
    ...matches.map((m) => `/scheduleDetail/${m.id}/${m.sportId}`),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `  <url><loc>${escape(new URL(p, env.publicUrl).href)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=0, s-maxage=600',
    },
  });
};
