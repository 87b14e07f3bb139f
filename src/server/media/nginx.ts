/**
 * The RTMP ingest: Debian's nginx with libnginx-mod-rtmp, configured here and run as a child
 * process. Encoders push to `rtmp://<host>:<port>/live/<anchorId>?key=<anchor_secret>`; nginx asks
 * the server's publish hook (src/server/ingest/hooks.ts) before accepting, and writes HLS with
 * one-second fragments into `<mediaDir>/hls`, which the server serves under /hls/. An HTTP server
 * on loopback only (`controlPort`) carries nginx-rtmp's control module, through which the server
 * drops a publisher whose live has ended (src/server/media/control.ts).
 *
 * When run as root, the nginx workers run as www-data (never as root): the HLS folder is given
 * to that user and the folders above it are made passable (o+x, not readable).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';

/** Debian's nginx binary and the RTMP module libnginx-mod-rtmp installs. */
export const NGINX_BIN = '/usr/sbin/nginx';
export const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
/** The user nginx workers run as when started by root. */
export const WORKER_USER = 'www-data';

/** What the ingest needs to know. */
export interface IngestOptions {
  /** Folder for the config, pid, logs and the `hls` output. */
  mediaDir: string;
  /** Interface and port for RTMP. */
  rtmpHost: string;
  rtmpPort: number;
  /** Loopback HTTP port of the control module (`/control/drop/publisher?...`). */
  controlPort: number;
  /** Base URL of this server as nginx reaches it (loopback), e.g. http://127.0.0.1:4321. */
  hookBase: string;
  /** The hook token (mediaHookToken of the server's secret), sent with every hook call. */
  hookToken: string;
  /**
   * The private folder (DATA_DIR) the media folder is in, when it is: the folders from it down
   * to the HLS output open to the workers' group only (traverse, 0710), not to everyone.
   */
  privateRoot?: string;
}

/** What is missing for the ingest, or an empty list when nginx and the module are installed. */
export function missingIngestParts(): string[] {
  const missing: string[] = [];
  if (!existsSync(NGINX_BIN)) missing.push(`${NGINX_BIN} (apt-get install nginx)`);
  if (!existsSync(RTMP_MODULE)) missing.push(`${RTMP_MODULE} (apt-get install libnginx-mod-rtmp)`);
  return missing;
}

/** The ids of the user nginx workers run as, when this process is root (else null). */
export function workerIds(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = spawnSync('id', ['-u', WORKER_USER], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', WORKER_USER], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error(`nginx runs its workers as ${WORKER_USER}, which does not exist here`);
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Lets the worker user pass through every folder above `dir`: inside `privateRoot` by group
 * (the folder's group becomes the workers', g+x), above it by everyone (o+x where missing).
 */
function makePassable(dir: string, gid: number, privateRoot: string): void {
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const stat = statSync(current);
    const mode = stat.mode & 0o7777;
    if (current === privateRoot || current.startsWith(privateRoot + path.sep)) {
      if (stat.gid !== gid) chownSync(current, stat.uid, gid);
      if ((mode & 0o010) === 0) chmodSync(current, mode | 0o010);
    } else if ((mode & 0o001) === 0) chmodSync(current, mode | 0o001);
    if (current === path.dirname(current)) break;
  }
}

/** The nginx configuration for `options`, the workers running as `user` when given. */
export function nginxConfig(options: IngestOptions, user?: string): string {
  const hls = path.join(options.mediaDir, 'hls');
  const temp = path.join(options.mediaDir, 'nginx-temp');
  const hook = options.hookBase.replace(/\/$/, '');
  return `# Written by the server's ingest setup (npm run media); changes are overwritten.
load_module ${RTMP_MODULE};
daemon off;
worker_processes 1;
pid ${path.join(options.mediaDir, 'nginx.pid')};
error_log ${path.join(options.mediaDir, 'nginx-error.log')} warn;
${user ? `user ${user};` : ''}
events {
  worker_connections 512;
}
http {
  access_log off;
  server_tokens off;
  # Debian's built-in temp folders (/var/lib/nginx) may not exist; nothing is buffered here anyway.
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  server {
    # The control module has no authentication of its own: loopback only.
    listen 127.0.0.1:${options.controlPort};
    location /control {
      allow 127.0.0.1;
      deny all;
      rtmp_control all;
    }
    # Per-stream figures (size, frame rate, bitrate, drops) for the anchor's stream health.
    location /stat {
      allow 127.0.0.1;
      deny all;
      rtmp_stat all;
    }
    location / {
      return 404;
    }
  }
}
rtmp {
  server {
    listen ${options.rtmpHost}:${options.rtmpPort};
    chunk_size 4096;
    application live {
      live on;
      # Every stream is also written to one FLV file as it comes (no re-encoding); when it ends
      # the server turns the file into a replay (src/server/recordings/).
      record all;
      record_path ${path.join(options.mediaDir, 'recordings')};
      record_unique on;
      on_record_done ${hook}/api/media/on_record_done?token=${options.hookToken};
      # The server decides who may broadcast; nobody may play over RTMP.
      on_publish ${hook}/api/media/on_publish?token=${options.hookToken};
      on_publish_done ${hook}/api/media/on_publish_done?token=${options.hookToken};
      notify_method post;
      # ...except the quality ladder's transcoder on this machine (src/server/media/ladder/).
      allow play 127.0.0.1;
      deny play all;
      drop_idle_publisher 10s;
      hls on;
      hls_path ${hls};
      hls_fragment 1s;
      # A minute and a bit of segments: clips take the live's last 10-60 s from them
      # (src/server/clips/). Players start near the live edge whatever the length.
      hls_playlist_length 64s;
      hls_cleanup on;
    }
  }
}
`;
}

/** Writes the config and prepares the folders; returns the config file's path. */
export function writeIngestConfig(options: IngestOptions): string {
  const hls = path.join(options.mediaDir, 'hls');
  const recordings = path.join(options.mediaDir, 'recordings');
  mkdirSync(hls, { recursive: true });
  mkdirSync(recordings, { recursive: true });
  // nginx creates the temp folders inside this one (and gives them to its workers).
  mkdirSync(path.join(options.mediaDir, 'nginx-temp'), { recursive: true });
  const worker = workerIds();
  if (worker) {
    chownSync(hls, worker.uid, worker.gid);
    chownSync(recordings, worker.uid, worker.gid);
    makePassable(hls, worker.gid, options.privateRoot ?? options.mediaDir);
  }
  const file = path.join(options.mediaDir, 'nginx.conf');
  // The config holds the hook token: readable by its owner only (nginx's master reads it).
  writeFileSync(file, nginxConfig(options, worker ? WORKER_USER : undefined), { mode: 0o600 });
  return file;
}

function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: host === '0.0.0.0' ? '127.0.0.1' : host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A running ingest. */
export interface Ingest {
  process: ChildProcess;
  /** Stops nginx and waits for it to exit. */
  stop: () => Promise<void>;
}

/**
 * Starts nginx in the foreground with the ingest config and waits until RTMP and the control
 * port accept connections. Throws with what is missing when nginx or the RTMP module is not installed.
 */
export async function startIngest(options: IngestOptions, timeoutMs = 10_000): Promise<Ingest> {
  const missing = missingIngestParts();
  if (missing.length) throw new Error(`The RTMP ingest needs: ${missing.join(', ')}`);
  const config = writeIngestConfig(options);
  const child = spawn(NGINX_BIN, ['-e', 'stderr', '-p', options.mediaDir, '-c', config], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  const stop = async () => {
    if (!exited) child.kill('SIGQUIT');
    await Promise.race([exit, new Promise((r) => setTimeout(r, 5_000))]);
    if (!exited) child.kill('SIGKILL');
  };
  const deadline = Date.now() + timeoutMs;
  const ready = async () =>
    (await portOpen(options.rtmpHost, options.rtmpPort)) &&
    (await portOpen('127.0.0.1', options.controlPort));
  while (!(await ready())) {
    if (exited) throw new Error('nginx exited while starting; see the lines above');
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `nginx did not open RTMP port ${options.rtmpPort} and control port ` +
          `${options.controlPort} in ${timeoutMs} ms`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { process: child, stop };
}
