/**
 * The gift stage island: a box over the player that the room's `gift` frames and noble `enter`
 * frames feed through two play queues. The Pixi stage is imported only after the player's first
 * video frame (or once the player has settled without video), so pixi.js stays out of the page's
 * first JavaScript; until then queued items wait and are retried every 500 ms. With
 * prefers-reduced-motion a short static card replaces the animations. Leaving the room clears
 * both queues; leaving the page destroys everything.
 */
import { giftById, nobleCreature, type GiftDefinition } from '../../lib/gifts/catalogue.ts';
import {
  createPlayQueue,
  ENTRANCE_GAP_MS,
  ENTRANCE_MAX_MS,
  ENTRANCE_QUEUE_CAP,
  entranceAllowedOn,
  GIFT_MAX_MS,
  GIFT_QUEUE_CAP,
  GIFT_RETRY_MS,
  type PlayQueue,
} from '../../lib/gifts/queue.ts';
import { createI18n, toLocale } from '../../lib/i18n/index.ts';
import type { EnterData, GiftData } from '../../lib/realtime/protocol/index.ts';
import { $roomConnection } from '../../lib/stores/live-room.ts';
import { onGift, onNobleEnter } from '../../lib/stores/live-room-state.ts';
import type { GiftStage } from './stage.ts';
import { showCard } from './card.ts';
import './gift-stage.css';

/** Player states after which no first frame will come: load the stage anyway. */
const SETTLED = new Set(['notStarted', 'away']);

/** Resolves when the player shows its first frame or settles without video. */
function playerReady(player: HTMLElement): Promise<void> {
  const ready = () =>
    player.hasAttribute('data-started') || SETTLED.has(player.dataset.state ?? '');
  return new Promise((resolve) => {
    if (ready()) return resolve();
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(player, { attributes: true, attributeFilter: ['data-started', 'data-state'] });
  });
}

/** Mounts the stage over `player`; returns its teardown. */
export function mountGiftStage(player: HTMLElement): () => void {
  const host = document.createElement('div');
  host.className = 'gift-stage';
  host.dataset.giftStage = '';
  player.append(host);
  const locale = toLocale(document.documentElement.lang);
  const t = createI18n(locale);
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
  let stage: GiftStage | undefined;
  let failed = false;
  let destroyed = false;

  const readiness = (check: (s: GiftStage) => 'ready' | 'loading' | 'failed') => {
    if (reduced.matches) return 'ready';
    if (failed) return 'failed';
    return stage ? check(stage) : 'loading';
  };

  const gifts: PlayQueue<GiftData> = createPlayQueue<GiftData, GiftDefinition>({
    // Icon-only gifts (animat_type 0) live in the chat; the stage plays the others.
    resolve: (gift) => {
      const definition = giftById(gift.giftid);
      return definition?.animat_type === 1 ? definition : undefined;
    },
    readiness: (definition) => readiness((s) => s.giftReadiness(definition)),
    play: (gift, definition, signal) =>
      reduced.matches
        ? showCard(host, { kind: 'gift', gift, definition, t, locale }, signal)
        : stage!.playGift(gift, definition, signal),
    cap: GIFT_QUEUE_CAP,
    retryMs: GIFT_RETRY_MS,
    maxMs: GIFT_MAX_MS,
  });
  const entrances: PlayQueue<EnterData> = createPlayQueue<EnterData, 1 | 2 | 3>({
    resolve: (user) => (nobleCreature(user.vip_level) ? (user.vip_level as 1 | 2 | 3) : undefined),
    readiness: (level) => readiness((s) => s.entranceReadiness(level)),
    play: (user, _level, signal) =>
      reduced.matches
        ? showCard(host, { kind: 'entrance', user, t }, signal)
        : stage!.playEntrance(user, signal),
    cap: ENTRANCE_QUEUE_CAP,
    retryMs: GIFT_RETRY_MS,
    maxMs: ENTRANCE_MAX_MS,
    gapMs: ENTRANCE_GAP_MS,
  });

  const stopGift = onGift((gift) => gifts.push(gift));
  const stopEnter = onNobleEnter((user) => {
    if (entranceAllowedOn(location.pathname)) entrances.push(user);
  });
  const stopRoom = $roomConnection.listen((state) => {
    // Left the room (or switched rooms): nothing queued for it may play.
    if (state === 'idle') {
      gifts.clear();
      entrances.clear();
    }
  });

  void playerReady(player)
    .then(() => import('./stage.ts'))
    .then(({ createGiftStage }) => (destroyed ? undefined : createGiftStage(host, t, locale)))
    .then(
      (created) => {
        if (destroyed) created?.destroy();
        else stage = created;
      },
      () => {
        // No renderer at all: drop what waits rather than retrying for ever.
        failed = true;
      },
    );

  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    stopGift();
    stopEnter();
    stopRoom();
    gifts.clear();
    entrances.clear();
    stage?.destroy();
    stage = undefined;
    host.remove();
  };
  window.addEventListener('pagehide', destroy, { once: true });
  return destroy;
}
