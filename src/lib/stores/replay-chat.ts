/**
 * A replay's chat track as it plays: the windows around the playhead (replays/track.ts), the
 * lines the chat-replay panel shows, the barrage lines to fly as the playhead passes them, and
 * the viewer's own barrage posted at the playhead. The replay page reports the playhead; islands
 * read the stores and call these actions only.
 */
import { atom, map } from 'nanostores';
import { send } from '../api/client.ts';
import { replaysApi, TRACK_SOURCE, type TrackLine } from '../replays/api.ts';
import { key, TrackBuffer, WINDOW_MS } from '../replays/track.ts';
import { createI18n } from '../i18n/index.ts';
import { formatDuration } from '../duration.ts';
import { openLogin } from './dialogs.ts';
import { $locale } from './locale.ts';
import { $loggedIn, $userId } from './session.ts';
import { showToast } from './toast.ts';

/** Lines the panel keeps (the newest before the playhead). */
export const PANEL_LINES = 100;
/** A playhead moving by more than this between two reports (or backwards) is a seek. */
const JUMP_MS = 2_000;

/** The panel's state. */
export const $replayChat = map<{
  replayId: number;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Lines up to the playhead, oldest first. */
  lines: TrackLine[];
  /** The playhead, ms. */
  positionMs: number;
  /** The viewer may delete viewers' barrage here (the anchor, a room manager, an administrator). */
  moderator: boolean;
}>({ replayId: 0, status: 'idle', lines: [], positionMs: 0, moderator: false });

/** The barrage input's text and whether a send is under way. */
export const $replayDraft = atom<{ text: string; sending: boolean }>({ text: '', sending: false });

/** What the barrage layer hears: a line to fly, or a jump that clears the sky. */
export type ReplayBarrageEvent = { kind: 'line'; line: TrackLine; own: boolean } | { kind: 'jump' };

const listeners = new Set<(event: ReplayBarrageEvent) => void>();

/** Listens to the lines the playhead passes; returns the unsubscribe. */
export function onReplayBarrage(listener: (event: ReplayBarrageEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: ReplayBarrageEvent): void {
  for (const listener of listeners) listener(event);
}

let buffer: TrackBuffer | null = null;
/** The viewer's own lines flown when posted, not to fly again as the playhead passes them. */
const flownOwn = new Set<string>();
let last = 0;
/** Bumped on each open, so answers for an earlier replay are ignored. */
let generation = 0;
let stopWatchingLogin: (() => void) | null = null;

/** Starts the track of replay `replayId`, `durationMs` long, at its start. */
export function openReplayChat(replayId: number, durationMs: number): void {
  generation += 1;
  buffer = new TrackBuffer(durationMs);
  last = 0;
  $replayChat.set({ replayId, status: 'loading', lines: [], positionMs: 0, moderator: false });
  ensure(0);
  // Whether this viewer moderates the room is asked again on every login and logout.
  stopWatchingLogin?.();
  stopWatchingLogin = $loggedIn.subscribe((loggedIn) => void checkModerator(loggedIn));
}

async function checkModerator(loggedIn: boolean): Promise<void> {
  const mine = generation;
  const replayId = $replayChat.get().replayId;
  let moderator = false;
  if (loggedIn && replayId) {
    try {
      moderator = (await send(replaysApi.moderator, { replay_id: replayId })).moderator === 1;
    } catch {
      moderator = false;
    }
  }
  if (mine === generation) $replayChat.setKey('moderator', moderator);
}

/** Fetches the windows the playhead at `ms` needs (its own and the next). */
function ensure(ms: number): void {
  if (!buffer) return;
  for (const start of buffer.wanted(ms)) void fetchWindow(start, start);
}

async function fetchWindow(start: number, from: number): Promise<void> {
  const held = buffer;
  const mine = generation;
  if (!held) return;
  held.claim(start);
  const replayId = $replayChat.get().replayId;
  try {
    const answer = await send(replaysApi.chat, {
      replay_id: replayId,
      from_ms: from,
      to_ms: Math.min(start + WINDOW_MS, held.durationMs),
    });
    if (mine !== generation) return;
    const next = held.add(start, answer);
    if (next !== null) void fetchWindow(start, next);
    else if ($replayChat.get().status !== 'ready') $replayChat.setKey('status', 'ready');
    refreshPanel();
  } catch {
    if (mine !== generation) return;
    held.release(start);
    if ($replayChat.get().status === 'loading') $replayChat.setKey('status', 'failed');
  }
}

function refreshPanel(): void {
  if (!buffer) return;
  $replayChat.setKey('lines', buffer.upTo(last, PANEL_LINES));
}

/**
 * The playhead is at `ms`. Moving on a little flies the lines passed since the last report;
 * a jump (a seek, a loop, the end) clears the barrage and starts again from there.
 */
export function replayPlayhead(ms: number, seek = false): void {
  if (!buffer) return;
  const position = Math.max(0, Math.min(ms, buffer.durationMs));
  const jumped = seek || position < last || position - last > JUMP_MS;
  if (jumped) {
    flownOwn.clear();
    emit({ kind: 'jump' });
  } else {
    const me = $userId.get();
    for (const line of buffer.between(last, position)) {
      if (flownOwn.delete(key(line))) continue;
      emit({ kind: 'line', line, own: line.source === 1 && me === String(line.user_id) });
    }
  }
  last = position;
  $replayChat.setKey('positionMs', position);
  buffer.trim(position);
  ensure(position);
  refreshPanel();
}

/** Deletes a viewer's barrage line (moderators only; the server checks again). */
export async function deleteReplayBarrage(line: TrackLine): Promise<void> {
  const replayId = $replayChat.get().replayId;
  if (!buffer || !replayId || line.source !== TRACK_SOURCE.replay) return;
  const t = createI18n($locale.get());
  try {
    await send(replaysApi.commentDelete, { replay_id: replayId, id: line.id });
    buffer.remove(key(line));
    refreshPanel();
    showToast(t('replayChat.panel.removed'), 'success');
  } catch (error) {
    showToast(error instanceof Error ? error.message : String(error), 'error');
  }
}

/** Sets the barrage input's text. */
export function setReplayDraft(text: string): void {
  $replayDraft.set({ ...$replayDraft.get(), text });
}

/** Posts the draft as barrage at the playhead; guests are asked to log in. */
export async function sendReplayBarrage(): Promise<void> {
  if (!$loggedIn.get()) {
    openLogin();
    return;
  }
  const { text, sending } = $replayDraft.get();
  const replayId = $replayChat.get().replayId;
  if (sending || !buffer || !replayId) return;
  $replayDraft.set({ text, sending: true });
  const at = Math.round(last);
  try {
    const line = await send(replaysApi.comment, {
      replay_id: replayId,
      offset_ms: at,
      content: text,
    });
    buffer.insert(line);
    if (line.offset_ms >= last) flownOwn.add(key(line));
    emit({ kind: 'line', line, own: true });
    $replayDraft.set({ text: '', sending: false });
    refreshPanel();
    const t = createI18n($locale.get());
    showToast(t('replayChat.input.sent', { time: formatDuration(at / 1000) }), 'success');
  } catch (error) {
    $replayDraft.set({ text, sending: false });
    showToast(error instanceof Error ? error.message : String(error), 'error');
  }
}
