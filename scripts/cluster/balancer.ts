/**
 * The cluster's load balancer: Debian's nginx in front of the app processes, pages, the API and
 * the /im WebSocket on one port. It tells each app the client's address (X-Real-IP, trusted by
 * the apps through TRUST_PROXY), caps the connections of one address across all apps, hides
 * /metrics and /internal/, and sends a request to the next app when one is down.
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

/** What the balancer needs. */
export interface BalancerOptions {
  /** Folder for its config, pid and temp files. */
  dir: string;
  /** Interface and port it listens on. */
  host: string;
  port: number;
  /** Loopback ports of the app processes. */
  apps: number[];
  /** Connections one client address may hold across every app. */
  perAddress: number;
  /** Largest request body (uploads), in megabytes. */
  bodyMb: number;
}

/** The nginx configuration of the balancer. */
export function balancerConfig(options: BalancerOptions, user?: string): string {
  const temp = path.join(options.dir, 'temp');
  const servers = options.apps
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=3s;`)
    .join('\n');
  return `# Written by npm run cluster; changes are overwritten.
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
  server {
    listen ${options.host}:${options.port};
    limit_conn per_address ${options.perAddress};
    limit_conn_status 429;
    # Metrics are read on each app's own loopback port, never through the public one.
    location = /metrics {
      return 404;
    }
    # Internal calls (the embedded database's backup) are for loopback callers of an app only.
    location ^~ /internal/ {
      return 404;
    }
    location / {
      proxy_pass http://apps;
      proxy_bind ${BALANCER_ADDRESS};
      proxy_http_version 1.1;
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
