/**
 * The stage's textures: gift icons, noble art and effect shapes rasterised from the SVG files
 * that `scripts/gift-art/` draws, plus two shapes made on the GPU (ring, confetti).
 * Loading is lazy and tracked per file, so the play queue can ask whether a gift is ready.
 */
import { Assets, Graphics, Texture, type Renderer } from 'pixi.js';
import { GIFT_ART_BASE } from '../../lib/gifts/catalogue.ts';
import type { Readiness } from '../../lib/gifts/queue.ts';

/** Effect shapes every animation may use. */
export const FX_FILES = ['glow', 'spark', 'puff', 'rays'] as const;
/** An effect texture's name. */
export type FxName = (typeof FX_FILES)[number] | 'ring' | 'confetti';

/** Public URL of a noble art file (fox, lion, dragon, their parts, banners). */
export const nobleUrl = (name: string): string => `${GIFT_ART_BASE}/nobles/${name}.svg`;
const fxUrl = (name: string): string => `${GIFT_ART_BASE}/fx/${name}.svg`;

/** Loads and holds the stage's textures. */
export interface Art {
  /** Whether every file in `urls` is loaded; starts loading the missing ones. */
  readiness: (urls: readonly string[]) => Readiness;
  /** A loaded texture (Texture.EMPTY when it is not). */
  texture: (url: string) => Texture;
  /** An effect texture. */
  fx: (name: FxName) => Texture;
  /** Effect files, for readiness. */
  readonly fxUrls: readonly string[];
  /** Unloads everything this art loaded. */
  destroy: () => void;
}

/** Creates the art store of one stage. */
export function createArt(renderer: Renderer): Art {
  const state = new Map<string, Readiness>();
  const textures = new Map<string, Texture>();
  const fxUrls = FX_FILES.map(fxUrl);
  const ring = renderer.generateTexture({
    target: new Graphics().circle(0, 0, 30).stroke({ width: 4, color: 0xffffff }),
    resolution: 2,
  });
  const confetti = renderer.generateTexture({
    target: new Graphics().roundRect(0, 0, 8, 13, 2).fill(0xffffff),
    resolution: 2,
  });
  let destroyed = false;

  const load = (url: string) => {
    state.set(url, 'loading');
    Assets.load<Texture>({ alias: url, src: url, data: { resolution: 2 } }).then(
      (texture) => {
        if (destroyed) return;
        textures.set(url, texture);
        state.set(url, 'ready');
      },
      () => state.set(url, 'failed'),
    );
  };

  return {
    fxUrls,
    readiness(urls) {
      let result: Readiness = 'ready';
      for (const url of urls) {
        const s = state.get(url);
        if (s === undefined) load(url);
        if (s === 'failed') return 'failed';
        if (s !== 'ready') result = 'loading';
      }
      return result;
    },
    texture: (url) => textures.get(url) ?? Texture.EMPTY,
    fx(name) {
      if (name === 'ring') return ring;
      if (name === 'confetti') return confetti;
      return textures.get(fxUrl(name)) ?? Texture.EMPTY;
    },
    destroy() {
      destroyed = true;
      ring.destroy(true);
      confetti.destroy(true);
      const loaded = [...textures.keys()];
      textures.clear();
      state.clear();
      void Assets.unload(loaded).catch(() => {});
    },
  };
}

/**
 * Loads a user's avatar into a 96 px texture (any image type, any URL); resolves null when it
 * cannot be had within `timeoutMs`. The caller destroys the texture.
 */
export async function loadAvatar(url: string, timeoutMs = 800): Promise<Texture | null> {
  if (!url) return null;
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  const loaded = await Promise.race([
    image.decode().then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs)),
  ]);
  if (!loaded) return null;
  const canvas = document.createElement('canvas');
  canvas.width = 96;
  canvas.height = 96;
  canvas.getContext('2d')?.drawImage(image, 0, 0, 96, 96);
  return Texture.from(canvas);
}
