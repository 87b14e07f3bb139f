/**
 * What every join of a room reads besides the room's own row, kept per room in this process:
 * its moderators and its recent chat, serialized once. Without it each viewer who comes in
 * costs three more queries and the serialization of fifty messages, and a crowd arriving at
 * kick-off (or one client connecting and leaving in a loop) holds the event loop that delivers
 * the room's chat. The room's row (live state, ticket, announcement) is still read per join:
 * several paths change it without telling the room.
 *
 * The snapshot follows the room's own frames, which every process sees on the bus: a chat
 * message is appended, a cleared chat emptied, and other frames that can change what a join
 * reads (a deleted message, bans, status) drop it. Gifts, entries and follows change nothing
 * here. Moderators change without a frame, so a snapshot lives a few seconds at most. A load
 * that raced with a chat frame is used once and not kept. Only rooms that exist are loaded.
 */
import {
  SERVER_FRAME,
  type LoginRepData,
  type SayData,
  type ServerFrame,
  type ServerFrameType,
} from '../../lib/realtime/protocol/index.ts';
import type { Db } from '../db/index.ts';
import { recentMessages } from '../live/chat-messages.ts';
import { HISTORY_SIZE, roomModerators } from '../live/chat.ts';

/** What a join needs of its room. */
export interface RoomSnapshot {
  moderators: Set<number>;
  history: SayData[];
  /** `history` as JSON, made once for all the joins until it changes. */
  historyJson?: string;
}

/**
 * The loginRep frame of a join, as bytes: the room's history is serialized once per change of
 * the snapshot instead of once per viewer (it is most of the frame).
 */
export function loginRepFrame(snapshot: RoomSnapshot, rest: Omit<LoginRepData, 'history'>): Buffer {
  snapshot.historyJson ??= JSON.stringify(snapshot.history);
  const tail = JSON.stringify(rest).slice(1);
  return Buffer.from(
    `{"type":"${SERVER_FRAME.loginRep}","data":{"history":${snapshot.historyJson},${tail}}`,
  );
}

/** Snapshots of this process's rooms. */
export interface RoomSnapshots {
  /** The snapshot of an existing room (loaded once for concurrent joins). */
  get: (anchorId: number) => Promise<RoomSnapshot>;
  /** Applies a frame published to the room. */
  apply: (anchorId: number, frame: ServerFrame) => void;
}

/** Frames that change nothing a join reads. */
const IGNORED = new Set<ServerFrameType>([
  SERVER_FRAME.gift,
  SERVER_FRAME.giftFeedRep,
  SERVER_FRAME.enter,
  SERVER_FRAME.attentAnchor,
  // Quizzes are read by the quiz handlers, not from the snapshot.
  SERVER_FRAME.quiz,
  SERVER_FRAME.guessSettled,
  // Chat modes have their own cache (live/chat-modes.ts).
  SERVER_FRAME.chatModes,
]);

interface Entry {
  loadedAt: number;
  snapshot: Promise<RoomSnapshot>;
  /** The settled snapshot, which frames update in place. */
  ready?: RoomSnapshot;
}

/** Options of createRoomSnapshots. */
export interface RoomSnapshotOptions {
  /** Longest life of a snapshot, ms. */
  maxAgeMs?: number;
  /** Rooms kept at most (the oldest snapshot goes first). */
  maxRooms?: number;
}

/** Creates the snapshot cache over `db`. */
export function createRoomSnapshots(db: Db, options: RoomSnapshotOptions = {}): RoomSnapshots {
  const maxAgeMs = options.maxAgeMs ?? 3000;
  const maxRooms = options.maxRooms ?? 2000;
  const entries = new Map<number, Entry>();
  /** Chat frames seen per room, to tell a load that raced with one. */
  const versions = new Map<number, number>();
  const bump = (anchorId: number) => {
    const version = versions.get(anchorId);
    if (version !== undefined) versions.set(anchorId, version + 1);
  };

  async function load(anchorId: number): Promise<RoomSnapshot> {
    const [moderators, history] = await Promise.all([
      roomModerators(db, anchorId),
      recentMessages(db, anchorId),
    ]);
    return { moderators, history };
  }

  return {
    get(anchorId) {
      const now = Date.now();
      const cached = entries.get(anchorId);
      if (cached && now - cached.loadedAt < maxAgeMs) return cached.snapshot;
      entries.delete(anchorId);
      if (entries.size >= maxRooms) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) {
          entries.delete(oldest);
          versions.delete(oldest);
        }
      }
      const version = versions.get(anchorId) ?? 0;
      versions.set(anchorId, version);
      const entry: Entry = { loadedAt: now, snapshot: load(anchorId) };
      entries.set(anchorId, entry);
      entry.snapshot.then(
        (snapshot) => {
          if (entries.get(anchorId) !== entry) return;
          // A load that raced with a chat frame is not kept.
          if (versions.get(anchorId) !== version) {
            entries.delete(anchorId);
            versions.delete(anchorId);
          } else entry.ready = snapshot;
        },
        () => {
          if (entries.get(anchorId) === entry) entries.delete(anchorId);
        },
      );
      return entry.snapshot;
    },

    apply(anchorId, frame) {
      if (IGNORED.has(frame.type)) return;
      bump(anchorId);
      const entry = entries.get(anchorId);
      if (!entry) return;
      const ready = entry.ready;
      const history = ready?.history;
      if (ready) ready.historyJson = undefined;
      if (frame.type === SERVER_FRAME.say && history) {
        const say = frame.data;
        if (history.some((m) => m.id === say.id)) return;
        history.push(say);
        history.sort((a, b) => a.id - b.id);
        if (history.length > HISTORY_SIZE) history.splice(0, history.length - HISTORY_SIZE);
      } else if (frame.type === SERVER_FRAME.clearChat && history) {
        history.length = 0;
      } else {
        entries.delete(anchorId);
      }
    },
  };
}
