/** robots.txt: everything public may be indexed; personal and API paths may not. */
import type { APIRoute } from 'astro';
import { getRuntime } from '../server/runtime.ts';

/** GET /robots.txt */
export const GET: APIRoute = () =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /user-center/',
      'Disallow: /admin/',
      'Disallow: /api/',
      'Disallow: /webapi/',
      'Disallow: /keysearch',
      `Sitemap: ${getRuntime().env.publicUrl}/sitemap.xml`,
      '',
    ].join('\n'),
    {
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'public, max-age=3600, s-maxage=3600',
      },
    },
  );
