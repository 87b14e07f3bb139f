/**
 * Small drawing helpers of the gift stage: easing curves, time windows and a pooled-free particle
 * layer of tinted sprites. Everything here is owned by one animation and dies with its container.
 */
import { Container, Sprite, type Texture } from 'pixi.js';

/** Clamps `v` into 0..1. */
export const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);
/** Progress of `t` through the window [a, b], clamped to 0..1. */
export const win = (t: number, a: number, b: number): number => clamp01((t - a) / (b - a));
/** Linear interpolation. */
export const lerp = (a: number, b: number, k: number): number => a + (b - a) * k;

/** Easing curves, 0..1 to 0..1. */
export const ease = {
  outCubic: (k: number) => 1 - (1 - k) ** 3,
  inCubic: (k: number) => k ** 3,
  inOutSine: (k: number) => -(Math.cos(Math.PI * k) - 1) / 2,
  outBack: (k: number) => {
    const c = 1.70158;
    return 1 + (c + 1) * (k - 1) ** 3 + c * (k - 1) ** 2;
  },
  outElastic: (k: number) =>
    k === 0 || k === 1 ? k : 2 ** (-10 * k) * Math.sin((k * 10 - 0.75) * ((2 * Math.PI) / 3)) + 1,
};

/** Fades in over the first `fin` ms and out over the last `fout` ms of `total`. */
export function fadeInOut(t: number, total: number, fin = 250, fout = 350): number {
  return Math.min(win(t, 0, fin), 1 - win(t, total - fout, total));
}

/** One particle: a tinted sprite with motion. */
interface Particle {
  sprite: Sprite;
  vx: number;
  vy: number;
  /** Spin, radians per second. */
  spin: number;
  /** Age and life, ms. */
  age: number;
  life: number;
  /** Scale at birth and at death. */
  s0: number;
  s1: number;
  /** Alpha at birth (fades to 0). */
  a0: number;
  /** Downward acceleration, px/s². */
  gravity: number;
  /** Velocity kept per second (air drag). */
  drag: number;
}

/** Options of one emitted particle (px, px/s, ms). */
export interface EmitOptions {
  x: number;
  y: number;
  vx?: number;
  vy?: number;
  spin?: number;
  life: number;
  scale?: number;
  endScale?: number;
  alpha?: number;
  gravity?: number;
  drag?: number;
  tint?: number;
  rotation?: number;
  additive?: boolean;
}

/** A layer of particles that move, spin, shrink and fade until their life ends. */
export class Particles extends Container {
  private readonly list: Particle[] = [];

  /** Adds one particle of `texture`. */
  spawn(texture: Texture, o: EmitOptions): void {
    const sprite = new Sprite(texture);
    sprite.anchor.set(0.5);
    sprite.position.set(o.x, o.y);
    sprite.rotation = o.rotation ?? 0;
    sprite.tint = o.tint ?? 0xffffff;
    if (o.additive) sprite.blendMode = 'add';
    const s0 = o.scale ?? 1;
    sprite.scale.set(s0);
    sprite.alpha = o.alpha ?? 1;
    this.addChild(sprite);
    this.list.push({
      sprite,
      vx: o.vx ?? 0,
      vy: o.vy ?? 0,
      spin: o.spin ?? 0,
      age: 0,
      life: o.life,
      s0,
      s1: o.endScale ?? s0,
      a0: o.alpha ?? 1,
      gravity: o.gravity ?? 0,
      drag: o.drag ?? 1,
    });
  }

  /** Moves every particle by `dt` ms and removes the dead. */
  step(dt: number): void {
    const s = dt / 1000;
    for (let i = this.list.length - 1; i >= 0; i--) {
      const p = this.list[i]!;
      p.age += dt;
      if (p.age >= p.life) {
        p.sprite.destroy();
        this.list.splice(i, 1);
        continue;
      }
      const k = p.age / p.life;
      const keep = p.drag ** s;
      p.vx *= keep;
      p.vy = p.vy * keep + p.gravity * s;
      p.sprite.x += p.vx * s;
      p.sprite.y += p.vy * s;
      p.sprite.rotation += p.spin * s;
      p.sprite.scale.set(lerp(p.s0, p.s1, k));
      p.sprite.alpha = p.a0 * (1 - k * k);
    }
  }

  /** Live particles. */
  get count(): number {
    return this.list.length;
  }
}

/** A random number in [a, b). */
export const rand = (a: number, b: number): number => a + Math.random() * (b - a);
/** A random element. */
export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** Festive colours of the platform (pink, cyan, amber, violet, green, white). */
export const CONFETTI = [0xff3b5c, 0x00d1ff, 0xffb800, 0x7c5cff, 0x22d37e, 0xffffff] as const;
