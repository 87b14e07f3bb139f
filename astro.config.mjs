// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { loadEnv } from 'vite';
import { domIslands } from './src/islands/dom/integration.ts';
import { zodJitless } from './src/lib/validation/jitless-plugin.ts';
import { devServer } from './src/server/dev/integration.ts';

// The browser calls the API here when PUBLIC_API_BASE names another origin (a build-time value,
// from the environment or a .env file as the client reads it): the policy must let it connect.
const apiBase = loadEnv(
  process.env.NODE_ENV ?? 'production',
  process.cwd(),
  'PUBLIC_',
).PUBLIC_API_BASE;
const apiOrigin = apiBase && /^https?:\/\//i.test(apiBase) ? ` ${new URL(apiBase).origin}` : '';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    // The live room starts and preloads its player's code from the page head
    // (src/server/pages/module-preloads.ts).
    domIslands([
      'src/islands/player/room-boot.ts',
      'src/islands/player/mount.ts',
      'src/islands/player/engine-hlsjs.ts',
    ]),
    devServer(),
  ],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '0.0.0.0' },
  session: false,
  devToolbar: { enabled: false },
  build: { inlineStylesheets: 'auto' },
  security: {
    checkOrigin: true,
    // Scripts and styles from the site itself (Astro hashes its own inline ones); media, sockets
    // and images from the same origin; style attributes (React's style props) allowed. Answers
    // that are not pages get the header-only part from the server (src/server/http/headers.ts).
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        // data: and blob: too: pixi.js fetches its image-format probes and textures from them.
        `connect-src 'self' data: blob:${apiOrigin}`,
        "worker-src 'self' blob:",
        "font-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        // Astro sends this policy as a header for server-rendered pages, where it may say this.
        "frame-ancestors 'self'",
      ],
      scriptDirective: { resources: ["'self'"] },
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  vite: {
    // zod's eval probe would be a policy violation on every page that validates a form.
    plugins: [zodJitless()],
    build: { assetsInlineLimit: 2048 },
    ssr: { external: ['@electric-sql/pglite', 'postgres', 'ws'] },
  },
});
