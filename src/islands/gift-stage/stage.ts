/**
 * The Pixi stage over the player: one transparent canvas, gift scenes with their caption in the
 * upper part, noble entrances along the bottom. Loaded with a dynamic import after the player's
 * first frame, so pixi.js is not in the page's first JavaScript. The ticker runs only while
 * something plays.
 */
import { Application, Container, type Ticker } from 'pixi.js';
// The site's Content-Security-Policy has no 'unsafe-eval': pixi's shader and uniform code is
// then built without `new Function`.
import 'pixi.js/unsafe-eval';
import type { TFunction } from 'i18next';
import {
  giftById,
  type GiftDefinition,
  type GiftLocale,
  type NobleLevel,
} from '../../lib/gifts/catalogue.ts';
import type { Readiness } from '../../lib/gifts/queue.ts';
import type { EnterData, GiftData } from '../../lib/realtime/protocol/index.ts';
import { createArt, loadAvatar } from './art.ts';
import { createCaption } from './caption.ts';
import { createEntrance, entranceFiles, NOBLE_THEME } from './entrance.ts';
import { SCENES, type Scene } from './scenes.ts';

/** The stage's side of the play queues. */
export interface GiftStage {
  /** Whether a gift's art is loaded (starts loading it). */
  giftReadiness: (definition: GiftDefinition) => Readiness;
  /** Whether an entrance's art is loaded (starts loading it). */
  entranceReadiness: (level: NobleLevel) => Readiness;
  /** Plays a gift; resolves when it has finished or `signal` aborted it. */
  playGift: (gift: GiftData, definition: GiftDefinition, signal: AbortSignal) => Promise<void>;
  /** Plays a noble's entrance. */
  playEntrance: (user: EnterData, signal: AbortSignal) => Promise<void>;
  /** Stops everything and frees the canvas, textures and GPU memory. */
  destroy: () => void;
}

/** Height of the caption band above the gift scenes. */
const CAPTION_BAND = 58;
/** Longest a frame step may be: slow frames keep real time, a resumed tab does not jump. */
const MAX_STEP_MS = 250;
const FOOTBALL = giftById(4)!;

/**
 * 'canvas' when WebGL would run in software (no GPU: SwiftShader, llvmpipe), where Pixi's 2D
 * canvas renderer is several times faster; 'webgl' otherwise.
 */
export function pickRenderer(): 'webgl' | 'canvas' {
  const probe = document.createElement('canvas');
  const gl = probe.getContext('webgl', { failIfMajorPerformanceCaveat: true });
  if (!gl) return 'canvas';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : '');
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return /swiftshader|llvmpipe|softpipe|software/i.test(name) ? 'canvas' : 'webgl';
}

interface Running {
  scene: Scene;
  t: number;
  place: () => void;
  done: () => void;
}

/** Creates the stage inside `host` (sized by CSS; the canvas follows it). */
export async function createGiftStage(
  host: HTMLElement,
  t: TFunction,
  locale: GiftLocale,
  preference: 'webgl' | 'canvas' = pickRenderer(),
): Promise<GiftStage> {
  const app = new Application();
  await app.init({
    resizeTo: host,
    backgroundAlpha: 0,
    antialias: true,
    autoDensity: true,
    resolution: Math.min(window.devicePixelRatio || 1, 2),
    autoStart: false,
    sharedTicker: false,
    preference,
  });
  const canvas = app.canvas;
  canvas.setAttribute('aria-hidden', 'true');
  canvas.dataset.giftCanvas = '';
  host.append(canvas);
  host.dataset.renderer = app.renderer.name;
  const art = createArt(app.renderer);
  const giftLayer = new Container();
  const entranceLayer = new Container();
  app.stage.addChild(giftLayer, entranceLayer);
  const running = new Set<Running>();
  let played = 0;
  let destroyed = false;

  const size = () => ({ w: app.screen.width, h: app.screen.height });

  const tick = (ticker: Ticker) => {
    const dt = Math.min(ticker.deltaMS, MAX_STEP_MS);
    for (const r of running) {
      r.t += dt;
      r.place();
      r.scene.update(Math.min(r.t, r.scene.duration), dt);
      if (r.t >= r.scene.duration) r.done();
    }
  };
  app.ticker.add(tick);

  /** Runs `scene` in `layer` until it ends or `signal` aborts; frees it after. */
  const run = (scene: Scene, layer: Container, place: () => void, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (destroyed || signal.aborted) return resolve();
      layer.addChild(scene.root);
      const entry: Running = {
        scene,
        t: 0,
        place,
        done: () => {
          if (!running.delete(entry)) return;
          signal.removeEventListener('abort', entry.done);
          scene.root.destroy({ children: true });
          played += 1;
          host.dataset.played = String(played);
          if (running.size === 0) {
            host.dataset.state = 'idle';
            app.ticker.stop();
            // Clear the last frame.
            if (!destroyed) app.render();
          }
          resolve();
        },
      };
      signal.addEventListener('abort', entry.done, { once: true });
      running.add(entry);
      place();
      scene.update(0, 0);
      host.dataset.state = 'playing';
      app.ticker.start();
    });

  const giftFiles = (definition: GiftDefinition) => [
    ...art.fxUrls,
    definition.icon,
    ...(definition.animation === 'golden-boot' ? [FOOTBALL.icon] : []),
  ];

  return {
    giftReadiness: (definition) => art.readiness(giftFiles(definition)),
    entranceReadiness: (level) => art.readiness([...art.fxUrls, ...entranceFiles(level)]),

    async playGift(gift, definition, signal) {
      const key = definition.animation;
      if (!key) return;
      const avatar = await loadAvatar(gift.avatar);
      if (destroyed || signal.aborted) return void avatar?.destroy(true);
      const icon = art.texture(definition.icon);
      const scene = SCENES[key]({ art, icon, ball: art.texture(FOOTBALL.icon) });
      const { w } = size();
      const caption = createCaption(
        {
          avatar,
          initial: gift.sender.slice(0, 1),
          name: gift.sender,
          line: t('giftStage.sent', { gift: definition.name[locale] || gift.gift_name }),
          icon,
          combo: gift.hit > 1 ? t('giftStage.combo', { count: gift.hit }) : '',
          ring:
            gift.vip_level in NOBLE_THEME
              ? NOBLE_THEME[gift.vip_level as NobleLevel].main
              : 0xff3b5c,
        },
        w - 16,
      );
      const holder = new Container();
      holder.position.set(8, 6);
      holder.addChild(caption.root);
      const root = new Container();
      root.addChild(scene.root, holder);
      const whole: Scene = {
        root,
        duration: scene.duration,
        update(time, dt) {
          scene.update(time, dt);
          caption.update(time, scene.duration);
        },
      };
      const place = () => {
        const { w: width, h } = size();
        const area = h - CAPTION_BAND;
        const s = Math.max(0.45, Math.min(1.15, Math.min(width, area) / 300));
        scene.root.scale.set(s);
        scene.root.position.set(width / 2, CAPTION_BAND + area * 0.45);
      };
      await run(whole, giftLayer, place, signal);
      avatar?.destroy(true);
    },

    async playEntrance(user, signal) {
      const level = user.vip_level as NobleLevel;
      const avatar = await loadAvatar(user.avatar);
      if (destroyed || signal.aborted) return void avatar?.destroy(true);
      const noble = t(`giftStage.nobles.${level}`);
      const scene = createEntrance(
        art,
        { level, avatar, name: user.from_client_name, line: t('giftStage.arrives', { noble }) },
        size().w,
      );
      const place = () => {
        const { w, h } = size();
        const scale = Math.min(1, (w - 8) / 368);
        // Above the player's control bar, the crest fully inside the canvas.
        scene.root.y = h - 60 * scale - 44;
      };
      await run(scene, entranceLayer, place, signal);
      avatar?.destroy(true);
    },

    destroy() {
      if (destroyed) return;
      destroyed = true;
      for (const r of [...running]) r.done();
      app.ticker.remove(tick);
      app.destroy({ removeView: true }, { children: true });
      art.destroy();
      delete host.dataset.renderer;
      delete host.dataset.state;
    },
  };
}
