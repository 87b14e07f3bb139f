/**
 * Going live for real: each anchor has a push key (anchor_secret); startLive opens a session,
 * the RTMP ingest (nginx-rtmp, see src/server/media/nginx.ts) asks `authorizePublish` before
 * accepting a stream, the stream's HLS output is the room's stream URL, and the room is live
 * while the stream runs. endLive or the end of the stream takes it offline.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import type { Db } from '../db/index.ts';
import { liveRooms } from '../db/schema.ts';
import type { Env } from '../env.ts';
import type { Bus, BusMessage } from '../shared/bus.ts';
import { webRtcPushBase } from '../webrtc/available.ts';
import { chooseIngest, ingestPrefix, splitIngestPath, type IngestMachine } from './ingests.ts';

/** Where the server serves the ingest's HLS output. */
export const HLS_PATH = '/hls/';

/**
 * The playlist of an anchor's pushed stream on the ingest `ingestName` (`/ingest/a/hls/7.m3u8`),
 * or on this machine's own ingest when there is one machine (`/hls/7.m3u8`).
 */
export function ingestPlaylist(anchorId: number, ingestName: string | null = null): string {
  return `${ingestPrefix(ingestName)}${HLS_PATH}${anchorId}.m3u8`;
}

/** What a stream URL of our own ingest says. */
export interface IngestUrl {
  /** The ingest machine the live is pinned to, or null on one machine. */
  ingest: string | null;
  anchorId: number;
  /** True for the live's quality ladder (`/hls/<id>/master.m3u8`), false for its source. */
  master: boolean;
}

const INGEST_STREAM = /^\/hls\/(\d{1,10})(\.m3u8|\/master\.m3u8)$/;

/**
 * Reads a stream URL of our own ingest, with or without the ingest's prefix and with or without
 * a query (a ticket live's pass): `/hls/7.m3u8`, `/ingest/a/hls/7.m3u8`,
 * `/ingest/a/hls/7/master.m3u8`. Null for any other URL (the demo clip, a replay, elsewhere).
 */
export function parseIngestUrl(url: string): IngestUrl | null {
  const q = url.indexOf('?');
  const { ingest, path } = splitIngestPath(q === -1 ? url : url.slice(0, q));
  const match = INGEST_STREAM.exec(path);
  if (!match) return null;
  return { ingest, anchorId: Number(match[1]), master: match[2] !== '.m3u8' };
}

/** True for a stream URL of our own ingest (it plays for real whatever MEDIA says). */
export function isIngestUrl(url: string): boolean {
  return parseIngestUrl(url) !== null;
}

/**
 * The ingest an anchor is offered before a push: none on one machine; else the ingest of the
 * room's current stream URL while it is still in INGESTS (an anchor's address stays the same
 * from one live to the next), else the one chooseIngest gives.
 */
export function offeredIngest(
  ingests: IngestMachine[],
  anchorId: number,
  streamUrl: string | null,
): IngestMachine | null {
  if (ingests.length === 0) return null;
  const pinned = streamUrl ? parseIngestUrl(streamUrl)?.ingest : null;
  return ingests.find((m) => m.name === pinned) ?? chooseIngest(ingests, anchorId);
}

/**
 * The WHEP endpoint of a room (`/whep/7`, `/ingest/a/whep/7`): the ingest its live is pinned to,
 * else the one the anchor is offered.
 */
export function whepEndpoint(
  ingests: IngestMachine[],
  anchorId: number,
  streamUrl: string,
): string {
  const pinned = parseIngestUrl(streamUrl)?.ingest;
  const name = pinned ?? offeredIngest(ingests, anchorId, streamUrl)?.name ?? null;
  return `${ingestPrefix(name)}/whep/${anchorId}`;
}

/** A fresh push key: 24 URL-safe characters (144 random bits). */
export function newStreamKey(): string {
  return randomBytes(18).toString('base64url');
}

/** What getStreamInfo answers (spec §3 stream info). */
export interface StreamInfo {
  /** RTMP server address for the encoder (OBS "Server"). */
  push_url: string;
  /** WebRTC (WHIP) push address with the key, or empty while no WebRTC ingest runs. */
  web_rtc_push_url: string;
  /** Stream name with its key (OBS "Stream key"). */
  stream: string;
  /** The push key alone. */
  anchor_secret: string;
}

/** The push addresses and key of anchor `anchorId`, whose room's stream URL is `streamUrl`. */
async function info(
  env: Env,
  anchorId: number,
  streamUrl: string,
  key: string,
): Promise<StreamInfo> {
  const ingest = offeredIngest(env.ingests, anchorId, streamUrl);
  const webRtcBase = await webRtcPushBase(env, ingest?.name ?? null);
  const stream = `${anchorId}?key=${key}`;
  return {
    push_url: ingest?.rtmp ?? env.rtmpPublicUrl,
    web_rtc_push_url: webRtcBase ? `${webRtcBase}/${stream}` : '',
    stream,
    anchor_secret: key,
  };
}

/**
 * The anchor's push address and key, creating the key on first use; null without a room. On
 * several machines the address is the offered ingest's (offeredIngest).
 */
export async function streamInfo(db: Db, env: Env, anchorId: number): Promise<StreamInfo | null> {
  const [row] = await db
    .update(liveRooms)
    .set({ streamKey: sql`coalesce(${liveRooms.streamKey}, ${newStreamKey()})` })
    .where(eq(liveRooms.anchorId, anchorId))
    .returning({ key: liveRooms.streamKey, streamUrl: liveRooms.streamUrl });
  return row?.key ? info(env, anchorId, row.streamUrl, row.key) : null;
}

/** Replaces the anchor's push key (the old one stops working at once); null without a room. */
export async function rotateStreamKey(
  db: Db,
  env: Env,
  anchorId: number,
): Promise<StreamInfo | null> {
  const key = newStreamKey();
  const [row] = await db
    .update(liveRooms)
    .set({ streamKey: key })
    .where(eq(liveRooms.anchorId, anchorId))
    .returning({ streamUrl: liveRooms.streamUrl });
  return row ? info(env, anchorId, row.streamUrl, key) : null;
}

function sameKey(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Why the ingest refused a stream. */
export type PublishRefusal = 'badName' | 'noRoom' | 'badKey' | 'notStarted';

/** The answer to the ingest's on_publish: the room now live, or why not. */
export type PublishDecision =
  { ok: true; anchorId: number } | { ok: false; reason: PublishRefusal };

/**
 * Whether the stream `name` (the anchor's id) may be published with `key`: only the anchor's
 * current key, and only between startLive and endLive. Changes nothing: the WebRTC ingest asks
 * this before it answers a browser, and the stream then reaches the RTMP ingest, whose
 * on_publish makes the room live.
 */
export async function checkPublish(db: Db, name: string, key: string): Promise<PublishDecision> {
  if (!/^\d{1,10}$/.test(name)) return { ok: false, reason: 'badName' };
  const anchorId = Number(name);
  const [room] = await db
    .select({ key: liveRooms.streamKey, open: liveRooms.sessionOpen })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchorId));
  if (!room) return { ok: false, reason: 'noRoom' };
  if (!room.key || !sameKey(key, room.key)) return { ok: false, reason: 'badKey' };
  if (!room.open) return { ok: false, reason: 'notStarted' };
  return { ok: true, anchorId };
}

/**
 * Decides whether the stream `name` may be published with `key` (see checkPublish); accepting
 * marks the room live with the stream's HLS playlist on the ingest it arrived at, `ingestName`
 * (INGEST_NAME of the process beside that ingest; null on one machine). That pins the live:
 * every process then reads where it plays from in the room's stream URL.
 */
export async function authorizePublish(
  db: Db,
  name: string,
  key: string,
  ingestName: string | null = null,
): Promise<PublishDecision> {
  const checked = await checkPublish(db, name, key);
  if (!checked.ok) return checked;
  const { anchorId } = checked;
  const [updated] = await db
    .update(liveRooms)
    .set({ isLive: true, streamUrl: ingestPlaylist(anchorId, ingestName) })
    .where(and(eq(liveRooms.anchorId, anchorId), eq(liveRooms.sessionOpen, true)))
    .returning({ anchorId: liveRooms.anchorId });
  return updated ? { ok: true, anchorId } : { ok: false, reason: 'notStarted' };
}

/** The stream `name` ended: its room goes offline (the session stays open for a reconnect). */
export async function publishDone(db: Db, name: string): Promise<number | null> {
  if (!/^\d{1,10}$/.test(name)) return null;
  const anchorId = Number(name);
  const [row] = await db
    .update(liveRooms)
    .set({ isLive: false })
    .where(eq(liveRooms.anchorId, anchorId))
    .returning({ anchorId: liveRooms.anchorId });
  return row ? anchorId : null;
}

/** Whether `message` is a room's announcement that it went live or offline (announceRoomStatus). */
export function isRoomStatus(message: BusMessage): boolean {
  return message.kind === 'room' && message.frame.type === SERVER_FRAME.heatRep;
}

/** Tells the room's viewers at once that it went live or offline (a heatRep with the status). */
export async function announceRoomStatus(db: Db, bus: Bus, anchorId: number): Promise<void> {
  const [room] = await db
    .select({ heat: liveRooms.heat, isLive: liveRooms.isLive })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchorId));
  if (!room) return;
  bus.publish({
    kind: 'room',
    anchorId,
    frame: { type: SERVER_FRAME.heatRep, data: { val: room.heat, status: room.isLive ? 1 : 0 } },
  });
}
