/**
 * One player: the video element, the engine's life (load, stall watch, retry with back-off),
 * media events into the store, and the store rendered into the room's player box. With low
 * latency on, a live of our own ingest is tried over WebRTC (WHEP) first and falls back to HLS
 * by itself; the box's `data-mode` (`webrtc` or `hls`) and the bar's badge say which plays.
 */
import { createI18n } from '../../lib/i18n/index.ts';
import { toLocale } from '../../lib/i18n/locale.ts';
import { retryDelay } from '../../lib/player/backoff.ts';
import { createIdle } from '../../lib/player/idle.ts';
import {
  exists,
  isLadderSource,
  LADDER_CHECK_MS,
  ladderUrls,
  resolveLive,
} from '../../lib/player/ladder.ts';
import { STALL_TIMEOUT_MS, wantsMedia } from '../../lib/player/machine.ts';
import { $lowLatency, $volume, setLowLatency, setVolume } from '../../lib/player/settings.ts';
import { createPlayerStore } from '../../lib/player/store.ts';
import {
  afterLowLatencyToggle,
  createWhepMemory,
  shouldTryWhep,
  WHEP_LIMITS,
} from '../../lib/player/whep.ts';
import { createControls, type ControlActions } from './controls.ts';
import { afterFirstFrame, announceSettled } from './settled.ts';
import { createEngine, detectEngine, type Engine } from './engine.ts';
import { bindKeys, fullscreenFeatures } from './keys.ts';

/** Turns a `[data-player]` box (poster, optional notice, barrage canvas) into a player. */
export function mountPlayer(root: HTMLElement): void {
  if (root.dataset.playerReady) return;
  root.dataset.playerReady = '1';
  const t = createI18n(toLocale(document.documentElement.lang));
  const src = root.dataset.src ?? '';
  const pageSrc = src;
  let loadedOnce = false;
  const store = createPlayerStore(root.dataset.live === '1' && src !== '', $volume.get());
  const { $view } = store;

  const video = document.createElement('video');
  video.className = 'player-video';
  video.muted = true;
  video.loop = true;
  video.playsInline = true;
  video.preload = 'auto';
  video.setAttribute('playsinline', '');
  const poster = root.querySelector('.player-poster');
  if (poster) poster.after(video);
  else root.prepend(video);
  const notice = root.querySelector<HTMLElement>('.player-state') ?? document.createElement('p');
  notice.className = 'player-state';
  notice.setAttribute('role', 'status');
  if (!notice.isConnected) video.after(notice);
  root.setAttribute('role', 'region');
  root.setAttribute('aria-label', t('player.region'));
  root.setAttribute('aria-keyshortcuts', 'k m f');
  root.tabIndex = 0;

  const kind = detectEngine(video);
  root.dataset.engine = kind;
  let engine: Engine | undefined;
  let generation = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** What the engine plays (an ingest live's master or source, or the room's stream). */
  let loaded = '';
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  /** The WHEP attempt under way, aborted by a teardown. */
  let whepAttempt: AbortController | undefined;
  const whepMemory = createWhepMemory();

  const teardown = () => {
    generation += 1;
    clearTimeout(retryTimer);
    whepAttempt?.abort();
    whepAttempt = undefined;
    engine?.destroy();
    engine = undefined;
    store.update({ mode: null });
    root.removeAttribute('data-started');
  };
  const watchStall = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => store.send({ type: 'fail' }), STALL_TIMEOUT_MS);
  };
  /** Whether loading `src` now tries WebRTC first. */
  const wantsWhep = (src: string) =>
    shouldTryWhep({
      lowLatency: $lowLatency.get(),
      whep: root.dataset.whep,
      live: root.dataset.live === '1',
      src,
      webrtc: typeof RTCPeerConnection === 'function',
      resting: whepMemory.resting(),
    });
  /** Back to HLS at once (not through the away back-off), WHEP left alone for a minute. */
  const fallBack = (reason: string) => {
    whepMemory.fellBack(reason);
    root.dataset.whepFallback = reason;
  };
  /** Tries WebRTC; true when it plays (or the load was superseded), false to go on with HLS. */
  const tryWhep = async (mine: number): Promise<boolean> => {
    const controller = new AbortController();
    whepAttempt = controller;
    const start = performance.now();
    try {
      const { attachWhep } = await import('./engine-whep.ts');
      const attached = await attachWhep({
        video,
        endpoint: root.dataset.whep ?? '',
        signal: controller.signal,
        limits: WHEP_LIMITS,
        events: {
          renditions: (renditions) => store.update({ renditions }),
          active: (activeHeight) => store.update({ activeHeight }),
        },
        lost(reason) {
          fallBack(reason);
          store.send({ type: 'waiting' });
          void load();
        },
      });
      if (mine !== generation) {
        attached.destroy();
        return true;
      }
      engine = attached;
      delete root.dataset.whepFallback;
      store.update({ mode: 'webrtc', quality: 'auto' });
      void play();
      return true;
    } catch (error) {
      if (mine !== generation) return true;
      fallBack((error as { reason?: string }).reason ?? 'error');
      return false;
    } finally {
      if (whepAttempt === controller) whepAttempt = undefined;
      performance.measure('player:whep', { start });
    }
  };
  const play = () =>
    video.play().then(
      () => store.update({ blocked: false }),
      (error: unknown) => {
        if ((error as DOMException).name === 'NotAllowedError') store.update({ blocked: true });
      },
    );
  const load = async () => {
    teardown();
    store.send({ type: 'load' });
    if (kind === 'none') return store.send({ type: 'fail' });
    const mine = generation;
    const firstLoad = !loadedOnce;
    loadedOnce = true;
    try {
      // Read afresh: the room may point the player at the anchor's pushed stream later, whose
      // quality ladder plays when it runs. The page's own address was chosen by the server a
      // moment ago (the ladder's master when it had one): the first load trusts it unasked.
      const current = root.dataset.src ?? '';
      const src = firstLoad && current === pageSrc ? current : await resolveLive(current);
      if (mine !== generation) return;
      loaded = src;
      if (wantsWhep(src)) {
        if (await tryWhep(mine)) return;
        // HLS gets the whole stall allowance, not what the attempt left of it.
        if ($view.get().status === 'loading') watchStall();
      }
      const attached = await createEngine(kind, {
        video,
        src,
        lowLatency: $lowLatency.get(),
        events: {
          renditions: (renditions) => {
            store.update({ renditions });
            const { quality } = $view.get();
            if (quality !== 'auto') attached.setQuality(quality);
          },
          active: (activeHeight) => store.update({ activeHeight }),
          fail: () => store.send({ type: 'fail' }),
        },
      });
      if (mine !== generation) return attached.destroy();
      engine = attached;
      store.update({ mode: 'hls' });
      void play();
    } catch {
      if (mine === generation) store.send({ type: 'fail' });
    }
  };

  // Status side effects: watch for stalls, retry when away, drop media when offline.
  let lastStatus = $view.get().status;
  $view.subscribe(({ status, attempt }) => {
    if (status === lastStatus) return;
    lastStatus = status;
    clearTimeout(stallTimer);
    if (status === 'loading') {
      watchStall();
    } else if (status === 'away') {
      teardown();
      if (kind !== 'none') retryTimer = setTimeout(() => void load(), retryDelay(attempt));
    } else if (status === 'notStarted') {
      teardown();
    }
  });

  const on = (type: string, fn: () => void) => video.addEventListener(type, fn);
  let lastTime = -1;
  const started = () => {
    root.setAttribute('data-started', '');
    store.send({ type: 'playing' });
  };
  on('playing', started);
  // A frame is ready while paused (autoplay refused): the stream itself is healthy.
  on('canplay', () => video.paused && started());
  on('timeupdate', () => {
    if (video.currentTime !== lastTime && !video.paused) store.send({ type: 'playing' });
    lastTime = video.currentTime;
  });
  on('waiting', () => store.send({ type: 'waiting' }));
  on('ended', () => {
    video.currentTime = 0;
    void play();
  });
  const syncMedia = () =>
    store.update({
      paused: video.paused,
      muted: video.muted,
      volume: video.volume,
      ...(video.muted ? {} : { autoMuted: false }),
    });
  for (const type of ['play', 'pause', 'volumechange']) on(type, syncMedia);
  on('enterpictureinpicture', () => store.update({ pip: true }));
  on('leavepictureinpicture', () => store.update({ pip: false }));
  document.addEventListener('fullscreenchange', () =>
    store.update({ fullscreen: document.fullscreenElement === root }),
  );

  const unmute = () => {
    video.volume = $volume.get() || 0.8;
    video.muted = false;
    store.update({ autoMuted: false });
    if (video.paused) void play();
  };
  const actions: ControlActions = {
    togglePlay: () => (video.paused ? void play() : video.pause()),
    toggleMute() {
      if (video.muted || video.volume === 0) unmute();
      else video.muted = true;
    },
    unmute,
    setVolume(volume) {
      video.volume = volume;
      video.muted = volume === 0;
      if (volume > 0) setVolume(volume);
    },
    chooseQuality(quality) {
      store.update({ quality, menuOpen: false });
      engine?.setQuality(quality);
    },
    setMenuOpen: (menuOpen) => store.update({ menuOpen }),
    toggleLowLatency() {
      setLowLatency(!$lowLatency.get());
      // Into the other mode: off leaves WebRTC (or an attempt at it) for HLS, on tries WebRTC
      // where it may play.
      const mode = whepAttempt ? 'webrtc' : $view.get().mode;
      if ((engine || whepAttempt) && afterLowLatencyToggle(mode, wantsWhep(loaded)) === 'reload') {
        store.send({ type: 'waiting' });
        void load();
      } else engine?.setLowLatency($lowLatency.get());
    },
    togglePip() {
      const change = document.pictureInPictureElement
        ? document.exitPictureInPicture()
        : video.requestPictureInPicture();
      // Refused (no frame yet, or a policy): nothing changes.
      change.catch(() => {});
    },
    toggleFullscreen: () => fullscreenFeatures(root, video).toggle(),
  };
  const controls = createControls(t, actions, {
    pip: document.pictureInPictureEnabled === true && !video.disablePictureInPicture,
    fullscreen: fullscreenFeatures(root, video).supported,
  });
  root.append(controls.el);

  const idle = createIdle((visible) => store.update({ controls: visible }));
  for (const type of ['pointermove', 'pointerdown', 'focusin', 'keydown']) {
    root.addEventListener(type, () => idle.poke());
  }
  video.addEventListener('pointerup', (event) => {
    if (event.pointerType === 'mouse') actions.togglePlay();
  });
  video.addEventListener('dblclick', actions.toggleFullscreen);
  bindKeys(root, actions, video);

  const render = () => {
    const view = $view.get();
    root.dataset.state = view.status;
    root.dataset.level = view.activeHeight ? String(view.activeHeight) : '';
    if (view.mode) root.dataset.mode = view.mode;
    else delete root.dataset.mode;
    root.dataset.controls = view.controls ? 'shown' : 'hidden';
    root.toggleAttribute('data-paused', view.paused);
    notice.hidden = view.status !== 'notStarted' && view.status !== 'away';
    const text = view.status === 'away' ? t('liveRoom.away') : t('liveRoom.notStarted');
    if (!notice.hidden && notice.textContent !== text) notice.textContent = text;
    idle.hold('paused', view.paused);
    idle.hold('menu', view.menuOpen);
    idle.hold('state', view.status !== 'playing');
    controls.render(view, $lowLatency.get());
    // The first state a viewer can see: the rest of the room may load now. While it plays,
    // that is the first frame on screen, not the `playing` event before it: the islands it
    // releases would otherwise hold the main thread while that frame is presented.
    if (view.status === 'playing' && !view.blocked && !view.paused)
      afterFirstFrame(video, announceSettled);
    else if ((view.status !== 'idle' && view.status !== 'loading') || view.blocked)
      announceSettled();
  };
  $view.subscribe(render);
  $lowLatency.subscribe(render);

  // A live that started on its source gets its ladder a few seconds later: move to it.
  setInterval(() => {
    const urls = ladderUrls(loaded);
    if (
      !engine ||
      engine.kind === 'webrtc' ||
      !urls ||
      !isLadderSource(loaded) ||
      $view.get().status !== 'playing'
    )
      return;
    const was = loaded;
    void exists(urls.master).then((ready) => {
      if (ready && loaded === was && engine) void load();
    });
  }, LADDER_CHECK_MS);

  // The room page may flip data-live when the anchor starts or stops broadcasting.
  new MutationObserver(() => {
    store.send({ type: root.dataset.live === '1' ? 'online' : 'offline' });
    if ($view.get().status === 'loading' && !engine) void load();
  }).observe(root, { attributes: true, attributeFilter: ['data-live'] });

  // Leaving the page ends a WebRTC session at once (its DELETE is sent with keepalive), so the
  // ingest frees the viewer's place; a page restored from the back-forward cache loads again.
  addEventListener('pagehide', () => {
    if (engine?.kind === 'webrtc') teardown();
  });
  addEventListener('pageshow', (event) => {
    if (!event.persisted || engine || !wantsMedia($view.get().status)) return;
    store.send({ type: 'waiting' });
    void load();
  });

  if ($view.get().status === 'idle') void load();
}
