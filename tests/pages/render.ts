/** Renders Astro pages in process (container API) as the server would, with locale and runtime. */
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { createI18n, type Locale } from '../../src/lib/i18n/index.ts';
import { setRuntime } from '../../src/server/runtime.ts';
import { openTestRuntime, type DbKind, type TestRuntime } from '../integration/helpers.ts';

/** An Astro page module's default export. */
type Page = Parameters<AstroContainer['renderToResponse']>[0];

/** A rendered page: status, redirect target and HTML. */
export interface Rendered {
  status: number;
  location: string | null;
  html: string;
}

/** Renders pages of a test runtime; `render(Page, path, params, locale)`. */
export interface PageRenderer {
  t: TestRuntime;
  render: (
    page: Page,
    path: string,
    params?: Record<string, string>,
    locale?: Locale,
  ) => Promise<Rendered>;
  dispose: () => Promise<void>;
}

/** The public origin (PUBLIC_URL) of the rendered pages. */
export const PUBLIC_ORIGIN = 'https://live.example.com';

/** Opens a seeded test database, makes it the runtime and prepares the container. */
export async function pageRenderer(kind: DbKind = 'pglite'): Promise<PageRenderer> {
  // Pages are asked for on http://arena.test; absolute URLs must name the public origin instead.
  const t = await openTestRuntime(kind, { PUBLIC_URL: PUBLIC_ORIGIN });
  setRuntime(t.rt);
  const renderers = await loadRenderers([getContainerRenderer()]);
  const container = await AstroContainer.create({ renderers });
  return {
    t,
    render: async (page, path, params = {}, locale = 'en-US') => {
      const response = await container.renderToResponse(page, {
        params,
        locals: { locale, t: createI18n(locale) },
        request: new Request(new URL(path, 'http://arena.test')),
      });
      return {
        status: response.status,
        location: response.headers.get('location'),
        html: await response.text(),
      };
    },
    dispose: async () => {
      setRuntime(undefined);
      await t.dispose();
    },
  };
}
