/**
 * `npm run dev`: mounts the API, /healthz and the /im hub on Astro's dev server so pages,
 * calls and WebSockets share one port with hot reload. Server modules are loaded through
 * Vite, so edits to them apply on the next request; the database stays open across reloads.
 */
import type { AstroIntegration } from 'astro';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

interface DevModule {
  devListener: () => Promise<(req: IncomingMessage, res: ServerResponse, next: () => void) => void>;
  devUpgrade: () => Promise<(req: IncomingMessage, socket: Duplex, head: Buffer) => boolean>;
}

/** The Astro integration that adds the backend to the dev server. */
export function devServer(): AstroIntegration {
  return {
    name: 'arena-live:dev-server',
    hooks: {
      'astro:server:setup': ({ server }) => {
        const load = () => server.ssrLoadModule('/src/server/dev/entry.ts') as Promise<DevModule>;
        server.middlewares.use((req, res, next) => {
          load()
            .then((mod) => mod.devListener())
            .then((listener) => listener(req, res, next))
            .catch((err: unknown) => next(err));
        });
        server.httpServer?.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
          void load()
            .then((mod) => mod.devUpgrade())
            .then((upgrade) => upgrade(req, socket, head));
        });
      },
    },
  };
}
