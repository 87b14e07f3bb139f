/** What every gift scene is made of: the scene's shape, its drawing context and shared pieces. */
import { Sprite, Text, type Container, type Texture } from 'pixi.js';
import type { Art } from './art.ts';
import { CONFETTI, pick, rand, type Particles } from './fx.ts';

/** One running animation. */
export interface Scene {
  root: Container;
  /** Length in ms. */
  duration: number;
  /** Draws the scene at `t` ms, `dt` ms after the last frame. */
  update: (t: number, dt: number) => void;
}

/** What a scene draws with. */
export interface SceneContext {
  art: Art;
  /** The gift's icon. */
  icon: Texture;
  /** The football icon (the golden boot kicks one). */
  ball: Texture;
}

export const GOLD = 0xffc83d;
export const DISPLAY_FONT = "'Arial Black', 'Noto Sans SC', 'PingFang SC', sans-serif";

export function iconSprite(texture: Texture, size: number): Sprite {
  const sprite = new Sprite(texture);
  sprite.anchor.set(0.5);
  sprite.setSize(size, size);
  return sprite;
}

export function fxSprite(
  ctx: SceneContext,
  name: Parameters<Art['fx']>[0],
  tint: number,
  size: number,
) {
  const sprite = new Sprite(ctx.art.fx(name));
  sprite.anchor.set(0.5);
  sprite.tint = tint;
  sprite.blendMode = 'add';
  sprite.setSize(size, size);
  return sprite;
}

/** Big celebratory word ("GOAL!"), popping in. */
export function shout(text: string, color: number): Text {
  const word = new Text({
    text,
    style: {
      fontFamily: DISPLAY_FONT,
      fontSize: 46,
      fontWeight: '900',
      fontStyle: 'italic',
      fill: color,
      stroke: { color: 0x10131f, width: 7, join: 'round' },
      dropShadow: { color: 0x000000, alpha: 0.5, blur: 6, distance: 3, angle: Math.PI / 2 },
      letterSpacing: 2,
    },
  });
  word.anchor.set(0.5);
  return word;
}

export function confettiBurst(
  p: Particles,
  ctx: SceneContext,
  x: number,
  y: number,
  count: number,
) {
  for (let i = 0; i < count; i++) {
    const a = rand(0, Math.PI * 2);
    const v = rand(120, 320);
    p.spawn(ctx.art.fx('confetti'), {
      x,
      y,
      vx: Math.cos(a) * v,
      vy: Math.sin(a) * v - 120,
      gravity: 420,
      drag: 0.5,
      spin: rand(-9, 9),
      rotation: rand(0, 6),
      life: rand(900, 1500),
      scale: rand(0.6, 1),
      tint: pick(CONFETTI),
    });
  }
}
