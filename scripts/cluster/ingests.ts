/**
 * The cluster's ingest machines (CLUSTER_INGESTS): each is a media process (scripts/media.ts:
 * nginx-rtmp, the quality ladder, the WebRTC ingest) and an app process beside it with
 * INGEST_NAME, with its own data folder and its own ports on loopback, as a separate machine
 * would have them. Every process of the cluster is told all of them in INGESTS.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './services.ts';

/** One ingest machine of the cluster. */
export interface ClusterIngest {
  /** i1, i2, ... */
  name: string;
  /** Its app process's port (the media process's hooks call it there). */
  port: number;
  rtmpPort: number;
  controlPort: number;
  webrtcPort: number;
  /** Its own DATA_DIR; MEDIA_DIR is `media` inside it. */
  dataDir: string;
}

/** `count` free loopback ports, all different. */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** Names, ports and data folders (created, owner only) of `count` ingest machines. */
export async function planIngests(count: number, runDir: string): Promise<ClusterIngest[]> {
  const ports = await freePorts(count * 4);
  return Array.from({ length: count }, (_, i) => {
    const name = `i${i + 1}`;
    const dataDir = path.join(runDir, `ingest-${name}`);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const [port, rtmpPort, controlPort, webrtcPort] = ports.slice(i * 4, i * 4 + 4) as [
      number,
      number,
      number,
      number,
    ];
    return { name, port, rtmpPort, controlPort, webrtcPort, dataDir };
  });
}

/** The RTMP address anchors pinned to `ingest` push to. */
export function rtmpUrl(ingest: ClusterIngest): string {
  return `rtmp://127.0.0.1:${ingest.rtmpPort}/live`;
}

/** INGESTS for every process of the cluster. */
export function ingestsSetting(ingests: ClusterIngest[]): string {
  return ingests
    .map((ingest) => `${ingest.name} http://127.0.0.1:${ingest.port} ${rtmpUrl(ingest)}`)
    .join(', ');
}

/** The environment of an ingest machine's two processes, over the cluster's own. */
export function ingestEnv(env: NodeJS.ProcessEnv, ingest: ClusterIngest): NodeJS.ProcessEnv {
  return {
    ...env,
    INGEST_NAME: ingest.name,
    DATA_DIR: ingest.dataDir,
    MEDIA_DIR: path.join(ingest.dataDir, 'media'),
    PORT: String(ingest.port),
    RTMP_HOST: '127.0.0.1',
    RTMP_PORT: String(ingest.rtmpPort),
    RTMP_CONTROL_PORT: String(ingest.controlPort),
    RTMP_PUBLIC_URL: rtmpUrl(ingest),
    WEBRTC_PORT: String(ingest.webrtcPort),
  };
}
