/**
 * The site's load balancer: nginx in front of the app processes, pages, the API and the /im
 * WebSocket on one port. It tells each app the client's address (X-Real-IP, trusted by the apps
 * through TRUST_PROXY), caps the connections of one address across all apps, hides /metrics,
 * /internal/ and the ingest hooks (/api/media/), and sends a request to the next app when one is
 * down. Each ingest machine's `/ingest/<name>/...` goes to that machine's app process with the
 * prefix removed; the general upstream never includes those processes. `npm run cluster` runs
 * it; `npm run layout` writes it for several machines.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NGINX_BIN, WORKER_USER, workerIds } from '../../src/server/media/nginx.ts';

/**
 * The loopback address nginx connects to the apps from, and the apps trust (TRUST_PROXY): one
 * of its own, so that a scraper or tool on the machine calling an app from 127.0.0.1 is a
 * loopback caller, never mistaken for the balancer (whose requests name their client).
 */
export const BALANCER_ADDRESS = '127.0.0.2';

/** An app process the balancer reaches: a loopback port, or an origin (http://10.0.0.2:4321). */
export type AppAddress = number | string;

/** An ingest machine as the balancer sees it: its name and its app process. */
export interface BalancedIngest {
  name: string;
  app: AppAddress;
}

/** What the balancer needs. */
export interface BalancerOptions {
  /** Folder for its pid and temp files (and its config when started here). */
  dir: string;
  /** Interface and port it listens on; an empty host listens on every interface. */
  host: string;
  port: number;
  /** The general app processes, which take every request outside /ingest/. */
  apps: AppAddress[];
  /** Ingest machines: `/ingest/<name>/...` goes to that machine's app process only. */
  ingests?: BalancedIngest[];
  /** Connections one client address may hold across every app. */
  perAddress: number;
  /** Largest request body (uploads), in megabytes. */
  bodyMb: number;
  /** Local address nginx connects to the apps from (the cluster's BALANCER_ADDRESS). */
  bind?: string;
  /** The site's host names (server_name); any when absent. */
  serverName?: string;
  /** Who wrote the config, for its first line. */
  writtenBy?: string;
}

/** Scheme and host:port of an app address, as an upstream server and a proxy_pass scheme. */
function upstreamOf(app: AppAddress): { scheme: string; server: string } {
  if (typeof app === 'number') return { scheme: 'http', server: `127.0.0.1:${app}` };
  const url = new URL(app);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return { scheme: url.protocol.slice(0, -1), server: `${url.hostname}:${port}` };
}

/** The general apps' one scheme; the balancer cannot mix http and https in one upstream. */
function appsScheme(apps: AppAddress[]): string {
  const schemes = new Set(apps.map((app) => upstreamOf(app).scheme));
  if (schemes.size > 1) throw new Error('The app processes must all be http or all https');
  return [...schemes][0] ?? 'http';
}

/** The locations that are never passed on, under `prefix` ('' for the site itself). */
function hiddenLocations(prefix: string): string {
  return `    # Metrics are read on each app's own port, never through the public one.
    location = ${prefix}/metrics {
      return 404;
    }
    # Internal calls (the embedded database's backup) are for loopback callers of an app only.
    location ^~ ${prefix}/internal/ {
      return 404;
    }
    # The ingest's hooks are called on loopback by the machine's own media process; calls
    # between machines go to the other machine directly, never through the balancer.
    location ^~ ${prefix}/api/media/ {
      return 404;
    }`;
}

/** What a browser asks of an ingest machine: its live HLS and ladders, frames, WebRTC sessions. */
export const INGEST_PATHS = ['hls', 'frames', 'whip', 'whep'] as const;

/**
 * One ingest machine's locations: `/ingest/<name>/hls/...`, `frames/`, `whip/` and `whep/` to its
 * app process with the prefix removed, and nothing else of it (the rest of `/ingest/<name>/` is
 * 404: the process beside an ingest is not one of the site's general apps). Nothing here is a
 * WebSocket; request bodies are WHIP/WHEP offers (a few kilobytes). Responses are buffered in
 * memory (segments of one second are small), so a slow viewer holds nginx's memory rather than
 * the ingest's app process.
 */
function ingestLocation(ingest: BalancedIngest, bind: string | undefined): string {
  const prefix = `/ingest/${ingest.name}`;
  const { scheme } = upstreamOf(ingest.app);
  const passed = INGEST_PATHS.map(
    (part) => `    location ^~ ${prefix}/${part}/ {
      proxy_pass ${scheme}://ingest_${ingest.name}/${part}/;
${bind ? `      proxy_bind ${bind};\n` : ''}      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header Connection "";
      client_max_body_size 64k;
      proxy_read_timeout 30s;
      proxy_buffering on;
      proxy_buffers 16 64k;
      proxy_max_temp_file_size 0;
    }`,
  );
  return `${passed.join('\n')}
    location ^~ ${prefix}/ {
      return 404;
    }`;
}

/** The nginx configuration of the balancer. */
export function balancerConfig(options: BalancerOptions, user?: string): string {
  const temp = path.join(options.dir, 'temp');
  const ingests = options.ingests ?? [];
  const general = new Set(options.apps.map((app) => upstreamOf(app).server));
  for (const ingest of ingests)
    if (general.has(upstreamOf(ingest.app).server))
      throw new Error(`Ingest ${ingest.name}'s app process must not be one of the general apps`);
  const servers = options.apps
    .map((app) => `    server ${upstreamOf(app).server} max_fails=1 fail_timeout=3s;`)
    .join('\n');
  const ingestUpstreams = ingests
    .map(
      (ingest) => `  upstream ingest_${ingest.name} {
    server ${upstreamOf(ingest.app).server};
    keepalive 16;
  }
`,
    )
    .join('');
  const listen = options.host ? `${options.host}:${options.port}` : String(options.port);
  const bind = options.bind;
  return `# Written by ${options.writtenBy ?? 'npm run cluster'}; changes are overwritten.
daemon off;
worker_processes 1;
pid ${path.join(options.dir, 'nginx.pid')};
error_log stderr warn;
${user ? `user ${user};` : ''}
events {
  worker_connections 8192;
}
http {
  access_log off;
  server_tokens off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  client_max_body_size ${options.bodyMb}m;
  # Connections per client address over every app (each app's own cap sees nginx as one address).
  limit_conn_zone $binary_remote_addr zone=per_address:10m;
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  upstream apps {
    least_conn;
${servers}
    keepalive 64;
  }
${ingestUpstreams}  server {
    listen ${listen};
${options.serverName ? `    server_name ${options.serverName};\n` : ''}    limit_conn per_address ${options.perAddress};
    limit_conn_status 429;
${hiddenLocations('')}
${ingests.map((ingest) => ingestLocation(ingest, bind) + '\n').join('')}    location / {
      proxy_pass ${appsScheme(options.apps)}://apps;
${bind ? `      proxy_bind ${bind};\n` : ''}      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # The hub pings every few seconds; an idle socket is the hub's to close.
      proxy_read_timeout 120s;
      proxy_send_timeout 120s;
      # Only requests that cannot have changed anything are tried again on another app.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_buffering off;
    }
  }
}
`;
}

/** A running balancer. */
export interface Balancer {
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** Writes the config and runs nginx in the foreground. */
export function startBalancer(options: BalancerOptions): Balancer {
  mkdirSync(path.join(options.dir, 'temp'), { recursive: true });
  const worker = workerIds();
  // The workers (www-data when started by root) pass through the folder to their temp files.
  if (worker) chmodSync(options.dir, 0o711);
  const config = path.join(options.dir, 'nginx.conf');
  writeFileSync(config, balancerConfig(options, worker ? WORKER_USER : undefined), {
    mode: 0o600,
  });
  const child = spawn(NGINX_BIN, ['-e', 'stderr', '-p', options.dir, '-c', config], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await Promise.race([exit, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
