/**
 * Room page behaviour outside the chat panel: the barrage on the player and its settings bar,
 * the share button, the heat and the score strip of the match on air. Everything reads the live-room and barrage stores.
 */
import { createBarrage } from '../../lib/barrage/renderer.ts';
import { formatCount } from '../../lib/format.ts';
import { createI18n } from '../../lib/i18n/index.ts';
import { $barrage, AREA_FRACTION, densityOf } from '../../lib/stores/barrage.ts';
import { renderBar } from './barrage-bar.ts';
import { endLive as endOwnLive, liveSessionOpen } from '../../lib/stores/live-session.ts';
import { checkAnchorStatus } from '../../lib/stores/anchor.ts';
import { $follow, loadFollow, toggleFollow } from '../../lib/stores/follow.ts';
import {
  $chatMe,
  $roomHeat,
  $roomLive,
  $speakerBanner,
  onBarrage,
} from '../../lib/stores/live-room-state.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $userId } from '../../lib/stores/session.ts';
import { $roomEntry, checkEntry, renewStream } from '../../lib/stores/ticket-room.ts';
import { hasPass, keepPass, PASS_RENEW_MS } from '../../lib/player/stream-pass.ts';
import { ingestStreamOf, isIngestStream } from '../../lib/player/whep.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { mountGiftStage } from '../gift-stage/mount.ts';
import { mountPlayer } from '../player/mount.ts';
import { mountMatchStrip } from './match-strip.ts';
import { releaseDeferredImages } from '../../lib/dom/deferred-images.ts';

const t = () => createI18n($locale.get());

function mountBarrage(canvas: HTMLCanvasElement, bar: HTMLElement | null): void {
  const barrage = createBarrage(canvas);
  let shown = 0;
  onBarrage((msg) => {
    // A count on the element lets tests and benchmarks see what reached the barrage.
    canvas.dataset.count = String(++shown);
    const own = $chatMe.get()?.id === String(msg.user_id);
    barrage.push({
      text: msg.isSpeaker ? `${msg.from_client_name}: ${msg.content}` : msg.content,
      color: msg.font_color || undefined,
      own,
      priority: msg.isSpeaker,
    });
  });
  $barrage.subscribe((s) => {
    barrage.configure({
      enabled: s.enabled === 'on',
      opacity: Number(s.opacity),
      areaFraction: AREA_FRACTION[s.area],
      density: densityOf(s.density),
    });
    canvas.hidden = s.enabled !== 'on';
  });
  if (bar) renderBar(bar);
}

async function share(): Promise<void> {
  try {
    await navigator.clipboard.writeText(location.href);
    showToast(t()('liveRoom.linkCopied'), 'success');
  } catch {
    showToast(t()('liveRoom.copyFailed'), 'error');
  }
}

/** A ticket room: the player mounts with the stream the API gives once the viewer has entry. */
function gateTicketRoom(room: HTMLElement): void {
  const player = room.querySelector<HTMLElement>('[data-player][data-locked]');
  room.querySelector('[data-ticket-open]')?.addEventListener('click', () => {
    document.dispatchEvent(new Event('ticket-gate:open'));
  });
  $roomEntry.subscribe((entry) => {
    room.dataset.entry = entry.status;
    if (entry.status !== 'open' || !player?.hasAttribute('data-locked')) return;
    player.dataset.src = entry.state.stream_url;
    player.removeAttribute('data-locked');
    mountPlayer(player);
    renewPasses(player, Number(room.dataset.room));
  });
  void checkEntry(Number(room.dataset.room));
}

/**
 * A ticket live's stream URL carries a pass (src/lib/player/stream-pass.ts): a new one is asked
 * for while the viewer watches, for the player's requests and for its next load.
 */
function renewPasses(player: HTMLElement, anchorId: number): void {
  if (!hasPass(player.dataset.src ?? '')) return;
  keepPass(player.dataset.src!);
  setInterval(() => {
    void renewStream(anchorId).then((url) => {
      if (!hasPass(url)) return;
      keepPass(url);
      player.dataset.src = url;
    });
  }, PASS_RENEW_MS);
}

/** The speaker banner across the top of the player, one message at a time. */
function mountSpeakerBanner(banner: HTMLElement): void {
  const name = banner.querySelector<HTMLElement>('[data-speaker-name]')!;
  const text = banner.querySelector<HTMLElement>('[data-speaker-text]')!;
  $speakerBanner.subscribe((msg) => {
    banner.hidden = !msg;
    if (!msg) return;
    name.textContent = msg.from_client_name;
    text.textContent = msg.content;
    // Restart the entrance animation for each new banner.
    banner.classList.remove('show');
    void banner.offsetWidth;
    banner.classList.add('show');
  });
}

mountMatchStrip();
const room = document.querySelector<HTMLElement>('.live-room[data-ticket]');
if (room) gateTicketRoom(room);
const banner = document.querySelector<HTMLElement>('[data-speaker-banner]');
if (banner) mountSpeakerBanner(banner);

/**
 * The anchor started or stopped broadcasting (heatRep status): the player follows. A stream that
 * starts after the page loaded is the anchor's push to our ingest, whose playlist is
 * /hls/<room>.m3u8 (beside the room's WHEP endpoint, under its ingest's prefix on several
 * machines); a ticket room asks its entry check again, which gives the stream to holders.
 */
function followBroadcast(player: HTMLElement, roomId: number): void {
  let live = player.dataset.live === '1';
  $roomLive.subscribe((now) => {
    if (now === null || now === live) return;
    live = now;
    if (player.hasAttribute('data-locked')) {
      if (now) void checkEntry(roomId);
      return;
    }
    if (now && !isIngestStream(player.dataset.src)) {
      player.dataset.src = ingestStreamOf(player.dataset.whep ?? '') ?? `/hls/${roomId}.m3u8`;
    }
    player.dataset.live = now ? '1' : '0';
  });
}

// The recommended lives' pictures waited for the player (this script loads once it settled).
releaseDeferredImages();
const playerBox = document.querySelector<HTMLElement>('[data-player]');
if (playerBox) mountGiftStage(playerBox);
const roomId = Number(document.querySelector<HTMLElement>('.live-room')?.dataset.room);
if (playerBox && roomId) followBroadcast(playerBox, roomId);

const canvas = document.querySelector<HTMLCanvasElement>('[data-barrage]');
if (canvas) mountBarrage(canvas, document.querySelector<HTMLElement>('[data-barrage-bar]'));
document.querySelector('[data-share]')?.addEventListener('click', () => void share());
const heat = document.querySelector<HTMLElement>('[data-room-heat]');
$roomHeat.subscribe((value) => {
  if (heat && value !== null) heat.textContent = formatCount(value, $locale.get());
});

/**
 * The anchor in their own room: an "End live" button while the live session is open (spec:
 * ending goes to /). Shown from the anchor status, so viewers never see it.
 */
function mountEndLive(button: HTMLButtonElement): void {
  if ($userId.get() !== button.dataset.anchor) return;
  checkAnchorStatus()
    .then(async (status) => {
      if (status?.is_anchor !== 1) return;
      button.hidden = !(await liveSessionOpen());
    })
    .catch(() => {});
  button.addEventListener('click', () => {
    if (!confirm(button.dataset.confirm ?? '')) return;
    endOwnLive()
      .then(() => {
        showToast(t()('studio.ended'), 'success');
        location.assign('/');
      })
      .catch((e: Error) => showToast(e.message, 'error'));
  });
}

const endLive = document.querySelector<HTMLButtonElement>('[data-end-live]');
if (endLive) mountEndLive(endLive);

const follow = document.querySelector<HTMLButtonElement>('[data-follow]');
if (follow) {
  const anchorId = Number(follow.dataset.anchor);
  follow.addEventListener('click', () => void toggleFollow(anchorId));
  $follow.subscribe((state) => {
    const on = state?.type === 1;
    follow.setAttribute('aria-pressed', String(on));
    follow.textContent = t()(on ? 'liveRoom.following' : 'liveRoom.follow');
  });
  loadFollow(anchorId).catch(() => {});
}
