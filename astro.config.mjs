// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { devServer } from './src/server/dev/integration.ts';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), devServer()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '0.0.0.0' },
  session: false,
  devToolbar: { enabled: false },
  build: { inlineStylesheets: 'auto' },
  security: { checkOrigin: true },
  vite: {
    build: { assetsInlineLimit: 2048 },
    ssr: { external: ['@electric-sql/pglite', 'postgres', 'ws'] },
  },
});
