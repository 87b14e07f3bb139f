/**
 * DOM islands: plain modules that work on the server-rendered page (no framework), loaded the
 * way Astro loads a `client:only` island. A processed `<script>` is a deferred module that runs
 * only once the whole document is parsed and every earlier script's imports have arrived; an
 * island starts loading as soon as the parser reaches it, on its own, and can be held back with
 * the page's other islands (src/islands/dom/hold.ts). The live room's page script is one, so it
 * loads once the player has settled.
 *
 * Usage: `<Thing client:only="arena-dom" />`, where `Thing` is a `domIsland(...)` function.
 *
 * The same integration records, at build time, the chunk files of modules a page starts or
 * preloads from its head (see preloads-plugin.ts).
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { modulePreloads } from './preloads-plugin.ts';

/** The renderer's name, as `client:only` names it. */
export const DOM_RENDERER = 'arena-dom';

/**
 * Adds the DOM renderer; in the client build, records the chunk files of `preload` (module
 * paths from the project root) for the pages that preload them.
 */
export function domIslands(preload: readonly string[] = []): AstroIntegration {
  return {
    name: 'arena-live:dom-islands',
    hooks: {
      'astro:config:setup': ({ addRenderer, config, updateConfig, command }) => {
        const root = fileURLToPath(config.root);
        if (command === 'build')
          updateConfig({ vite: { plugins: [modulePreloads(root, preload)] } });
        addRenderer({
          name: DOM_RENDERER,
          // Root-relative specifiers: the build's manifest knows the client entry by this name.
          serverEntrypoint: '/src/islands/dom/renderer-server.ts',
          clientEntrypoint: '/src/islands/dom/renderer-client.ts',
        });
      },
    },
  };
}
