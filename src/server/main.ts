/**
 * The production entry: one process serving pages, the API and the realtime hub on one port.
 * `npm start` runs it (after building the pages when the build is missing or stale).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApi } from './app.ts';
import { openRuntime } from './boot.ts';
import { readEnv, type Env } from './env.ts';
import { secureTree } from './data-dir.ts';
import { raiseFileLimit, socketCaps } from './file-limit.ts';
import { limitSockets } from './http/connection-limits.ts';
import { startProbe } from './db/metrics.ts';
import { createServer, type NodeHandler } from './server.ts';
import { log } from './log.ts';
import { dropLivePublisher } from './media/control.ts';
import { grabsFrames, startFrameGrabber } from './media/frame-grabber.ts';
import { followFrames } from './media/frames.ts';
import { startLadderSync } from './media/ladder/sync.ts';
import { createHub } from './realtime/hub.ts';
import { startRecordingSweeps } from './recordings/worker.ts';
import { startFeedPull } from './sports/feed/pull.ts';
import { peekRuntime, setRuntime } from './runtime.ts';
import { endDueLives } from './studio/live.ts';
import { startDemoMatch } from './seed/demo-player.ts';
import { announceRoomStatus, isRoomStatus } from './media/stream.ts';
import { closeImageConverters } from './uploads/converter.ts';
import { clearPageCache } from './pages/page-cache.ts';

/** Where `astro build` writes. */
export const DIST_DIR = path.resolve('dist');

/** How often lives due to end (their anchor logged out) are looked for. */
const LIVE_SWEEP_MS = 15_000;
/** How often the embedded database's file modes are checked again. */
const MODE_SWEEP_MS = 60_000;

/** A started server and how to stop it. */
export interface RunningServer {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

async function loadPages(): Promise<NodeHandler | undefined> {
  const entry = path.join(DIST_DIR, 'server', 'entry.mjs');
  if (!existsSync(entry)) return undefined;
  const mod = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
  return mod.handler;
}

/** Options of startServer. */
export interface StartOptions {
  /**
   * Play the demo match (with the demo data and a DEMO_MATCH_PACE_MS above 0). `npm start` does;
   * servers started inside tests and benchmarks do not, so the seeded match stays as seeded.
   */
  demoMatch?: boolean;
}

/** Opens the runtime and listens; pages are served when dist/ exists. */
export async function startServer(
  env: Env = readEnv(),
  options: StartOptions = {},
): Promise<RunningServer> {
  // Every socket is a file: take the whole allowance before sizing the connection caps on it.
  const files = raiseFileLimit();
  const caps = socketCaps(files.soft);
  log('info', 'file_limit', { soft: files.soft, hard: files.hard, socketCap: caps.sockets });
  const rt = await openRuntime(env);
  setRuntime(rt);
  const hub = createHub(rt);
  // What readers see changed somewhere in the cluster (a publish, a removed clip, a room going
  // live or offline): every process drops its rendered pages.
  const stopPageDrops = rt.bus.subscribe((message) => {
    if (message.kind === 'content' || isRoomStatus(message)) clearPageCache();
  });
  const stopProbe = startProbe(rt.db);
  const pages = await loadPages();
  if (!pages) log('warn', 'no_pages', { hint: 'run npm run build; serving the API only' });
  const server = createServer({
    rt,
    api: createApi(rt),
    hub,
    pages,
    clientDir: pages ? path.join(DIST_DIR, 'client') : undefined,
    webrtcPort: env.webRtcPort,
  });
  server.keepAliveTimeout = 65_000;
  limitSockets(server, {
    perAddress: env.maxSocketsPerIp,
    total: caps.sockets,
    trusted: env.trustProxy,
    firstRequestMs: env.firstRequestMs,
  });
  await new Promise<void>((resolve) => server.listen(env.port, env.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  const url = `http://${env.host === '0.0.0.0' ? 'localhost' : env.host}:${port}`;
  // Without PUBLIC_URL (development) absolute URLs name the address the server listens on.
  if (!env.publicUrlSet) env.publicUrl = url;
  log('info', 'listening', { url, db: rt.database.kind });

  // Lives whose anchor logged out five minutes ago end here.
  const liveSweep = setInterval(() => {
    endDueLives(rt.db)
      .then(async (ended) => {
        for (const anchorId of ended) {
          log('info', 'live_ended_after_logout', { anchorId });
          await announceRoomStatus(rt.db, rt.bus, anchorId);
          await dropLivePublisher(rt, anchorId);
        }
      })
      .catch((error: unknown) => log('warn', 'live_sweep_failed', { error: String(error) }));
  }, LIVE_SWEEP_MS);
  liveSweep.unref();

  // Live thumbnails: a frame of each live on our ingest every 30 s (frame-grabber.ts), taken
  // beside an ingest; an app machine of several only hears of them on the bus.
  const stopFrameFeed = followFrames(rt.bus);
  const frames = grabsFrames(env)
    ? startFrameGrabber({
        db: rt.db,
        mediaDir: env.mediaDir,
        ingestName: env.ingestName,
        ingests: env.ingests,
        bus: rt.bus,
      })
    : { stop: async () => {} };

  // Beside an ingest machine: its lives' stream URLs follow their quality ladders (ladder/sync.ts).
  const ladderSync = env.ingestName
    ? startLadderSync({ db: rt.db, mediaDir: env.mediaDir, ingestName: env.ingestName })
    : undefined;

  // Recordings the ingest finished while this server was away become replays now. On an app
  // machine of several the recordings folder stays empty: the sweep finds nothing there, and
  // the daily retention sweep removes expired replays from the database and the bucket wherever
  // it runs.
  const stopRecordings = startRecordingSweeps(rt);

  // The demo's featured match moves on by itself (one process of a cluster plays it).
  const demo =
    options.demoMatch && env.seedDemo && env.demoMatchPaceMs > 0
      ? startDemoMatch(rt, { paceMs: env.demoMatchPaceMs })
      : undefined;

  // Fixtures and scores from football-data.org, with FOOTBALL_DATA_KEY (sports/feed/pull.ts).
  const feed = startFeedPull(rt);

  // Files the embedded database created since (mode 0666, see data-dir.ts) are closed again;
  // everything else this process writes is created 0600 under its umask.
  const pgliteDir = path.join(env.dataDir, 'pglite');
  const modeSweep = setInterval(() => {
    if (rt.database.kind === 'pglite') secureTree(pgliteDir);
  }, MODE_SWEEP_MS);
  modeSweep.unref();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      log('info', 'shutting_down', {});
      clearInterval(liveSweep);
      clearInterval(modeSweep);
      stopFrameFeed();
      await frames.stop();
      await ladderSync?.stop();
      stopRecordings();
      await demo?.stop();
      await feed.stop();
      stopProbe();
      stopPageDrops();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await hub.close();
      const force = setTimeout(() => server.closeAllConnections(), 5000);
      await closed;
      clearTimeout(force);
      closeImageConverters();
      await rt.bus.close();
      await rt.database.close();
      if (peekRuntime() === rt) setRuntime(undefined);
      log('info', 'stopped', {});
    })());
  return { url, port, stop };
}

/** Starts the server and stops it gracefully on SIGTERM or SIGINT. */
export async function main(): Promise<void> {
  const running = await startServer(readEnv(), { demoMatch: true });
  const onSignal = (signal: string) => {
    log('info', 'signal', { signal });
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log('error', 'stop_failed', { error: String(err) });
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    log('error', 'start_failed', { error: err instanceof Error ? err.stack : String(err) });
    process.exit(1);
  });
}
