/** Backend pieces for the dev server; the runtime and hub live on globalThis across reloads. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createApi } from '../app.ts';
import { openRuntime } from '../boot.ts';
import { setSecurityHeaders } from '../http/headers.ts';
import { createRequestListener, isApiPath, refuseForeignSocket } from '../server.ts';
import { REALTIME_PATH } from '../../lib/realtime/protocol/index.ts';
import { createHub, type Hub } from '../realtime/hub.ts';
import { peekRuntime, setRuntime, type Runtime } from '../runtime.ts';

const HUB = Symbol.for('arena-live.dev-hub');
type Holder = { [HUB]?: Hub; __arenaBoot?: Promise<Runtime> };
const g = globalThis as Holder;

async function runtime(): Promise<Runtime> {
  const existing = peekRuntime();
  if (existing) return existing;
  g.__arenaBoot ??= openRuntime().then((rt) => {
    setRuntime(rt);
    return rt;
  });
  return g.__arenaBoot;
}

function hub(rt: Runtime): Hub {
  return (g[HUB] ??= createHub(rt));
}

/**
 * Handles /healthz, /readyz, /api, /webapi and /sandbox-pay; passes everything else to Astro, with the
 * security headers.
 */
export async function devListener() {
  const rt = await runtime();
  const listener = createRequestListener({ rt, api: createApi(rt), hub: hub(rt) });
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/healthz' || path === '/readyz' || isApiPath(path)) {
      listener(req, res);
    } else {
      // Pages and Vite's files get the headers the production server sends on every answer
      // (Astro writes no Content-Security-Policy in development).
      setSecurityHeaders(res);
      next();
    }
  };
}

/** Takes /im upgrades (refusing browsers on other sites); leaves Vite's own HMR socket alone. */
export async function devUpgrade() {
  const rt = await runtime();
  return (req: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    if ((req.url ?? '').split('?')[0] !== REALTIME_PATH) return false;
    if (!refuseForeignSocket(req, socket, rt.env.publicUrl))
      hub(rt).handleUpgrade(req, socket, head);
    return true;
  };
}
