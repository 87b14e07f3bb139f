/**
 * The WebRTC ingest's settings, from the environment (read by `npm run media`, which runs it, and
 * by the site, which passes /whip and /whep through to it).
 */

/** Where the ingest offers its candidates. */
export interface IceSettings {
  /**
   * IPv4 addresses to advertise as host candidates (the first is also bound); empty: every
   * interface of the machine.
   */
  addresses: string[];
  /** UDP ports to use, inclusive; undefined: any free port. */
  ports?: [number, number];
}

export interface WebRtcSettings {
  /** Loopback HTTP port of its API (WEBRTC_PORT, default 8936). */
  port: number;
  /** Candidates it offers peers (WEBRTC_ICE_ADDRESSES, comma-separated IPv4; default every interface; WEBRTC_ICE_PORTS, e.g. 40000-40199). */
  ice: IceSettings;
  /** Seconds between the keyframes it asks publishers for (WEBRTC_KEYFRAME_SECONDS, default 2). */
  keyframeMs: number;
  /** Viewers one stream takes at most, connecting or connected (WEBRTC_MAX_VIEWERS, default 200). */
  maxViewers: number;
  /** How long a new session may take to connect before it is closed (WEBRTC_CONNECT_SECONDS, default 10). */
  connectMs: number;
}

function port(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`Bad ${name}: ${value}`);
  return n;
}

/** Reads the settings; throws with the variable's name on a bad value. */
export function readWebRtcSettings(source: NodeJS.ProcessEnv = process.env): WebRtcSettings {
  const addresses = (source.WEBRTC_ICE_ADDRESSES ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (const a of addresses) {
    if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(a)) throw new Error(`Bad WEBRTC_ICE_ADDRESSES: ${a}`);
  }
  let ports: [number, number] | undefined;
  if (source.WEBRTC_ICE_PORTS) {
    const match = /^(\d+)-(\d+)$/.exec(source.WEBRTC_ICE_PORTS);
    const [from, to] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
    if (!match || from < 1024 || to > 65535 || to <= from)
      throw new Error(`Bad WEBRTC_ICE_PORTS: ${source.WEBRTC_ICE_PORTS} (like 40000-40199)`);
    ports = [from, to];
  }
  const keyframe = Number(source.WEBRTC_KEYFRAME_SECONDS ?? 2);
  if (!(keyframe >= 0.5 && keyframe <= 10))
    throw new Error(`Bad WEBRTC_KEYFRAME_SECONDS: ${source.WEBRTC_KEYFRAME_SECONDS} (0.5 to 10)`);
  const maxViewers = Number(source.WEBRTC_MAX_VIEWERS ?? 200);
  if (!Number.isInteger(maxViewers) || maxViewers < 1)
    throw new Error(`Bad WEBRTC_MAX_VIEWERS: ${source.WEBRTC_MAX_VIEWERS}`);
  const connect = Number(source.WEBRTC_CONNECT_SECONDS ?? 10);
  if (!(connect >= 1 && connect <= 60))
    throw new Error(`Bad WEBRTC_CONNECT_SECONDS: ${source.WEBRTC_CONNECT_SECONDS} (1 to 60)`);
  return {
    port: port(source.WEBRTC_PORT ?? '8936', 'WEBRTC_PORT'),
    ice: { addresses, ports },
    keyframeMs: Math.round(keyframe * 1000),
    maxViewers,
    connectMs: Math.round(connect * 1000),
  };
}
