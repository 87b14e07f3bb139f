/** Server configuration read once from environment variables, with safe embedded defaults. */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseResponseKey } from '../lib/api/sealed.ts';
import { readWebRtcSettings } from './env-webrtc.ts';
import { parseIngests, readIngestName, type IngestMachine } from './media/ingests.ts';
import { readStorageSettings, type StorageSettings } from './storage/settings.ts';

/**
 * The chat provider (IM_PROVIDER) and, for Tencent Cloud Chat, its application: the SDKAppID the
 * browser is told and the key UserSigs are signed with (never logged, never sent to a browser).
 */
export type ImConfig =
  { provider: 'builtin' } | { provider: 'tencent'; sdkAppId: number; secret: string };

/** Everything the server reads from the environment. */
export interface Env {
  /** `production` disables development switches. */
  nodeEnv: string;
  /** TCP port of the one server process. */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** Folder for the embedded database, uploads and the generated secret. */
  dataDir: string;
  /** PostgreSQL URL; unset means embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** Redis URL; when set, processes share rooms, limits and chat-rule memory through Redis. */
  redisUrl: string | undefined;
  /** Where uploads and media objects live (storage/settings.ts). */
  storage: StorageSettings;
  /**
   * Addresses of the load balancers in front of this process (TRUST_PROXY=127.0.0.1,::1): their
   * X-Real-IP header names the client. Empty: the peer's address is the client's.
   */
  trustProxy: string[];
  /**
   * Bearer token that opens /metrics to a scraper on another machine (METRICS_TOKEN); empty:
   * loopback callers only.
   */
  metricsToken: string;
  /** Hosts on which `/` shows the live matches screen instead of redirecting to /home. */
  liveHomeHosts: string[];
  /** Secret for signing chat signatures and other tokens. */
  secret: string;
  /** Run the demo seed when the database is empty. */
  seedDemo: boolean;
  /** One JSON log line per request when true. */
  logRequests: boolean;
  /** SMS provider name (console). */
  smsProvider: string;
  /** Development only: captcha_path also returns the right x, for automated tests. */
  captchaTestSolution: boolean;
  /** host → registration channel code, from REG_SOURCE_HOSTS=host=CODE,host=CODE. */
  regSourceHosts: Record<string, string>;
  /**
   * `demo` (default): rooms without a stream of our own ingest play the committed demo clip;
   * `live`: each room's own stream. Streams pushed to our ingest always play for real.
   */
  media: 'demo' | 'live';
  /** Search-engine build: the chat tab follows private_message_toggle only (CHAT_TAB_ALWAYS=1 turns it off). */
  searchEngineBuild: boolean;
  /** Anchor's share of a gift's price, in basis points (ANCHOR_SHARE percent × 100; default 50 %). */
  anchorShareBp: number;
  /** Platform fee taken from a quiz's pool at the draw, basis points (QUIZ_FEE percent × 100; default 0). */
  quizFeeBp: number;
  /** Payment provider of recharges: sandbox, or none (recharge closed; the production default). */
  paymentProvider: 'sandbox' | 'none';
  /** Minutes before an unpaid recharge order expires. */
  rechargeOrderMinutes: number;
  /** Ingest: where nginx-rtmp writes HLS and its own files (MEDIA_DIR, default DATA_DIR/media). */
  mediaDir: string;
  /** Ingest: the RTMP port nginx-rtmp listens on (RTMP_PORT, default 1935). */
  rtmpPort: number;
  /** Ingest: interface nginx-rtmp listens on (RTMP_HOST, default loopback). */
  rtmpHost: string;
  /** Ingest: loopback HTTP port of nginx-rtmp's control module (RTMP_CONTROL_PORT, default 8935). */
  rtmpControlPort: number;
  /** Ingest: the push address anchors are given (RTMP_PUBLIC_URL, default on this host). */
  rtmpPublicUrl: string;
  /**
   * Ingest: WebRTC (high-speed) push address (WEBRTC_PUSH_URL). Empty: `<PUBLIC_URL>/whip` while
   * the WebRTC ingest answers on loopback, nothing otherwise (see webrtc/available.ts).
   */
  webRtcPushUrl: string;
  /** Loopback port of the WebRTC ingest's API, which the site passes /whip and /whep to. */
  webRtcPort: number;
  /** This process runs beside the ingest machine so named (INGEST_NAME); null elsewhere. */
  ingestName: string | null;
  /** The ingest machines of a site on several machines (INGESTS, media/ingests.ts); [] on one. */
  ingests: IngestMachine[];
  /** Days recorded replays are kept before the daily sweep removes them (REPLAY_RETENTION_DAYS, default 30; 0 keeps them). */
  replayRetentionDays: number;
  /** TCP connections one address may hold open, pages, API and hub together (MAX_SOCKETS_PER_IP). */
  maxSocketsPerIp: number;
  /**
   * Milliseconds a new TCP connection has to send its first request's headers before it is
   * closed (FIRST_REQUEST_SECONDS); later requests of a kept-alive connection have Node's
   * keep-alive and header timeouts.
   */
  firstRequestMs: number;
  /** Hub sockets one address may hold open (IM_MAX_PER_IP). */
  imMaxPerIp: number;
  /** Hub sockets in total; 0 derives it from the open-file limit (IM_MAX_CONNECTIONS). */
  imMaxConnections: number;
  /**
   * Milliseconds between two steps of the demo match `npm start` plays with the demo data
   * (DEMO_MATCH_PACE_MS); 0 turns it off.
   */
  demoMatchPaceMs: number;
  /** Milliseconds a new hub socket has to join a room or follow a match (IM_JOIN_SECONDS). */
  imJoinMs: number;
  /** Image conversions at once in the conversion process (UPLOAD_CONVERSIONS, default 1). */
  uploadConversions: number;
  /** Uploads waiting for a conversion; one more is answered busy (UPLOAD_QUEUE, default 8). */
  uploadQueue: number;
  /**
   * The site's public origin (PUBLIC_URL, e.g. https://live.example.com) for every absolute URL
   * the server writes; never taken from the Host header. Unset in development: the listening
   * address, filled in once the server listens.
   */
  publicUrl: string;
  /** True when publicUrl came from PUBLIC_URL rather than the listening address. */
  publicUrlSet: boolean;
  /**
   * AES-256 key sealing every JSON answer of the API (API_RESPONSE_KEY, base64 or hex of 32
   * bytes; the build's PUBLIC_API_RESPONSE_KEY must match); unset: answers are plain.
   */
  apiResponseKey: Uint8Array | undefined;
  /** The chat provider: the built-in hub (default), or Tencent Cloud Chat for the rooms' chat. */
  im: ImConfig;
  /** The scheduled pull of fixtures and scores from football-data.org (sports/feed/). */
  footballData: FootballDataConfig;
}

/**
 * The football-data.org pull: with a key (FOOTBALL_DATA_KEY, never logged) one process of the
 * deployment pulls the competitions' matches every interval; without one nothing is pulled.
 */
export interface FootballDataConfig {
  /** The account's API token, sent as X-Auth-Token; empty turns the pull off. */
  key: string;
  /** Origin of the API (FOOTBALL_DATA_URL, default https://api.football-data.org). */
  baseUrl: string;
  /** Milliseconds between two pulls (FOOTBALL_DATA_INTERVAL_SECONDS, default 60, at least 10). */
  intervalMs: number;
  /** Competition codes pulled (FOOTBALL_DATA_COMPETITIONS, default PL,PD,SA,BL1,CL). */
  competitions: string[];
}

/** Parses a percentage with at most two decimals ("50", "62.5") into basis points. */
export function percentToBasisPoints(value: string): number {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) throw new Error(`Bad percentage: ${value}`);
  const [whole, frac = ''] = value.split('.');
  const bp = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (bp > 10_000) throw new Error(`Bad percentage: ${value} (0 to 100)`);
  return bp;
}

/** A quiz fee above half the pool would leave winners worse off than refunded losers. */
function quizFee(value: string): number {
  const bp = percentToBasisPoints(value);
  if (bp > 5_000) throw new Error(`Bad QUIZ_FEE: ${value} (0 to 50)`);
  return bp;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

function hostMap(value: string | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const pair of list(value)) {
    const [host, code] = pair.split('=');
    if (host && code) map[host] = code.toUpperCase();
  }
  return map;
}

/** TRUST_PROXY's addresses, each a plain IPv4 or IPv6 address. */
function proxies(value: string | undefined): string[] {
  const addresses = list(value);
  for (const address of addresses)
    if (!isIP(address))
      throw new Error(`Bad TRUST_PROXY: ${address} (IP addresses, comma separated)`);
  return addresses;
}

/** Reads SECRET, or a random secret kept in DATA_DIR so signatures survive restarts. */
function loadSecret(dataDir: string, given: string | undefined, production: boolean): string {
  if (given) return given;
  if (production) throw new Error('SECRET must be set when NODE_ENV=production');
  const file = path.join(dataDir, 'secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** A whole number of at least `min` from `source[name]`, or `fallback` when unset. */
function whole(source: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min)
    throw new Error(`Bad ${name}: ${raw} (a whole number ≥ ${min})`);
  return value;
}

/** Least pace of the demo match: a step more often would only load the database. */
const MIN_DEMO_PACE_MS = 100;

/** DEMO_MATCH_PACE_MS: 5 s by default, 0 (off), or at least MIN_DEMO_PACE_MS. */
function demoPace(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 5_000;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || (value !== 0 && value < MIN_DEMO_PACE_MS))
    throw new Error(`Bad DEMO_MATCH_PACE_MS: ${raw} (0 turns it off, else ≥ ${MIN_DEMO_PACE_MS})`);
  return value;
}

/**
 * PUBLIC_URL as an origin (scheme, host and port), or an error naming it: http or https, and
 * nothing an origin cannot hold (a path other than `/`, a query, a fragment, a user name), since
 * the site is served from the root of its host and the value would otherwise be cut silently.
 */
function origin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Bad PUBLIC_URL: ${value} (an origin such as https://live.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`Bad PUBLIC_URL: ${value} (http or https)`);
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password)
    throw new Error(`Bad PUBLIC_URL: ${value} (an origin only: no path, query or user name)`);
  return url.origin;
}

/** INGEST_NAME and INGESTS, checked against each other. */
function ingestSettings(source: NodeJS.ProcessEnv): Pick<Env, 'ingestName' | 'ingests'> {
  const ingestName = readIngestName(source.INGEST_NAME);
  const ingests = parseIngests(source.INGESTS);
  if (ingestName && ingests.length > 0 && !ingests.some((m) => m.name === ingestName))
    throw new Error(`INGEST_NAME ${ingestName} is not one of INGESTS`);
  return { ingestName, ingests };
}

/** Builds the Env from `source` (process.env by default). */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const nodeEnv = source.NODE_ENV ?? 'development';
  const dataDir = path.resolve(source.DATA_DIR ?? '.data');
  const port = Number(source.PORT ?? 4321);
  const captchaTestSolution = source.CAPTCHA_TEST_SOLUTION === '1';
  if (captchaTestSolution && nodeEnv === 'production') {
    throw new Error(
      'CAPTCHA_TEST_SOLUTION is a development switch and is refused when NODE_ENV=production',
    );
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`Bad PORT: ${source.PORT}`);
  if (nodeEnv === 'production' && !source.PUBLIC_URL)
    throw new Error("PUBLIC_URL must be set when NODE_ENV=production (the site's public origin)");
  const rechargeOrderMinutes = Number(source.RECHARGE_ORDER_MINUTES ?? 30);
  if (!Number.isInteger(rechargeOrderMinutes) || rechargeOrderMinutes < 1)
    throw new Error(`Bad RECHARGE_ORDER_MINUTES: ${source.RECHARGE_ORDER_MINUTES}`);
  // The sandbox credits gems without money: production must ask for it by name.
  const paymentProvider =
    source.PAYMENT_PROVIDER ?? (nodeEnv === 'production' ? 'none' : 'sandbox');
  if (paymentProvider !== 'sandbox' && paymentProvider !== 'none')
    throw new Error(`Bad PAYMENT_PROVIDER: ${paymentProvider} (sandbox or none)`);
  const rtmpPort = Number(source.RTMP_PORT ?? 1935);
  if (!Number.isInteger(rtmpPort) || rtmpPort < 1 || rtmpPort > 65535)
    throw new Error(`Bad RTMP_PORT: ${source.RTMP_PORT}`);
  const rtmpHost = source.RTMP_HOST ?? '127.0.0.1';
  const rtmpControlPort = Number(source.RTMP_CONTROL_PORT ?? 8935);
  if (!Number.isInteger(rtmpControlPort) || rtmpControlPort < 1 || rtmpControlPort > 65535)
    throw new Error(`Bad RTMP_CONTROL_PORT: ${source.RTMP_CONTROL_PORT}`);
  if (rtmpControlPort === rtmpPort)
    throw new Error(`RTMP_CONTROL_PORT must differ from RTMP_PORT (${rtmpPort})`);
  const media = source.MEDIA ?? 'demo';
  if (media !== 'demo' && media !== 'live') throw new Error(`Bad MEDIA: ${media} (demo or live)`);
  return {
    nodeEnv,
    port,
    host: source.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: source.DATABASE_URL || undefined,
    redisUrl: source.REDIS_URL || undefined,
    storage: readStorageSettings(source),
    trustProxy: proxies(source.TRUST_PROXY),
    metricsToken: metricsToken(source.METRICS_TOKEN),
    liveHomeHosts: list(source.LIVE_HOME_HOSTS),
    secret: loadSecret(dataDir, source.SECRET, nodeEnv === 'production'),
    seedDemo: source.SEED_DEMO !== '0',
    logRequests: source.LOG_REQUESTS !== '0',
    searchEngineBuild: source.CHAT_TAB_ALWAYS !== '1',
    media,
    smsProvider: source.SMS_PROVIDER ?? 'console',
    captchaTestSolution,
    regSourceHosts: hostMap(source.REG_SOURCE_HOSTS),
    anchorShareBp: percentToBasisPoints(source.ANCHOR_SHARE ?? '50'),
    quizFeeBp: quizFee(source.QUIZ_FEE ?? '0'),
    paymentProvider,
    rechargeOrderMinutes,
    mediaDir: path.resolve(source.MEDIA_DIR ?? path.join(dataDir, 'media')),
    rtmpPort,
    rtmpHost,
    rtmpControlPort,
    rtmpPublicUrl:
      source.RTMP_PUBLIC_URL ??
      `rtmp://${rtmpHost === '0.0.0.0' ? '127.0.0.1' : rtmpHost}:${rtmpPort}/live`,
    webRtcPushUrl: source.WEBRTC_PUSH_URL ?? '',
    webRtcPort: readWebRtcSettings(source).port,
    ...ingestSettings(source),
    replayRetentionDays: whole(source, 'REPLAY_RETENTION_DAYS', 30, 0),
    maxSocketsPerIp: whole(source, 'MAX_SOCKETS_PER_IP', 1024, 1),
    firstRequestMs: whole(source, 'FIRST_REQUEST_SECONDS', 10, 1) * 1000,
    imMaxPerIp: whole(source, 'IM_MAX_PER_IP', 256, 1),
    imMaxConnections: whole(source, 'IM_MAX_CONNECTIONS', 0, 0),
    imJoinMs: whole(source, 'IM_JOIN_SECONDS', 15, 1) * 1000,
    demoMatchPaceMs: demoPace(source.DEMO_MATCH_PACE_MS),
    uploadConversions: whole(source, 'UPLOAD_CONVERSIONS', 1, 1),
    uploadQueue: whole(source, 'UPLOAD_QUEUE', 8, 0),
    publicUrl: source.PUBLIC_URL ? origin(source.PUBLIC_URL) : `http://localhost:${port}`,
    publicUrlSet: Boolean(source.PUBLIC_URL),
    apiResponseKey: source.API_RESPONSE_KEY
      ? parseResponseKey(source.API_RESPONSE_KEY, 'API_RESPONSE_KEY')
      : undefined,
    im: imConfig(source),
    footballData: footballDataConfig(source),
  };
}

/**
 * FOOTBALL_DATA_KEY, _URL, _INTERVAL_SECONDS and _COMPETITIONS. The interval's floor keeps one
 * pull a call well inside the free plan's 10 calls a minute. Errors never repeat the key.
 */
function footballDataConfig(source: NodeJS.ProcessEnv): FootballDataConfig {
  const baseUrl = (source.FOOTBALL_DATA_URL || 'https://api.football-data.org').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/?#\s]+$/.test(baseUrl))
    throw new Error(
      `Bad FOOTBALL_DATA_URL: ${baseUrl} (an origin such as https://api.football-data.org)`,
    );
  const competitions = (source.FOOTBALL_DATA_COMPETITIONS || 'PL,PD,SA,BL1,CL')
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  for (const code of competitions)
    if (!/^[A-Z0-9]{2,6}$/.test(code))
      throw new Error(`Bad FOOTBALL_DATA_COMPETITIONS: ${code} (competition codes such as PL,CL)`);
  if (competitions.length === 0)
    throw new Error('Bad FOOTBALL_DATA_COMPETITIONS: empty (competition codes such as PL,CL)');
  return {
    key: (source.FOOTBALL_DATA_KEY ?? '').trim(),
    baseUrl,
    intervalMs: whole(source, 'FOOTBALL_DATA_INTERVAL_SECONDS', 60, 10) * 1000,
    competitions,
  };
}

/** Largest SDKAppID: Tencent's application ids are unsigned 32-bit numbers. */
const SDK_APP_ID_MAX = 4_294_967_295;

/**
 * IM_PROVIDER (builtin or tencent) with, for tencent, TENCENT_IM_SDKAPPID and TENCENT_IM_SECRET.
 * Errors name the variable and never repeat the secret.
 */
function imConfig(source: NodeJS.ProcessEnv): ImConfig {
  const provider = source.IM_PROVIDER || 'builtin';
  if (provider === 'builtin') return { provider };
  if (provider !== 'tencent') throw new Error(`Bad IM_PROVIDER: ${provider} (builtin or tencent)`);
  const appId = (source.TENCENT_IM_SDKAPPID ?? '').trim();
  if (!appId) throw new Error('TENCENT_IM_SDKAPPID must be set when IM_PROVIDER=tencent');
  const sdkAppId = Number(appId);
  if (!/^\d+$/.test(appId) || sdkAppId < 1 || sdkAppId > SDK_APP_ID_MAX)
    throw new Error(`Bad TENCENT_IM_SDKAPPID: ${appId} (the application's positive SDKAppID)`);
  const secret = (source.TENCENT_IM_SECRET ?? '').trim();
  if (!secret) throw new Error('TENCENT_IM_SECRET must be set when IM_PROVIDER=tencent');
  return { provider, sdkAppId, secret };
}

/** METRICS_TOKEN: empty, or at least 16 characters (a guessable token would open the metrics). */
function metricsToken(value: string | undefined): string {
  const token = (value ?? '').trim();
  if (token && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return token;
}
