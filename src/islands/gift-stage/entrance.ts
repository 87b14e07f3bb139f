/**
 * A noble's entrance: the level's creature (1 fox, 2 lion, 3 dragon) rides in carrying the mount
 * banner with the user's avatar and name, holds with a light sweep, and rides out. The group is
 * about 360 x 110 units, scaled by the stage to the canvas width.
 */
import { Container, Graphics, Sprite, Text, type Texture } from 'pixi.js';
import type { NobleLevel } from '../../lib/gifts/catalogue.ts';
import { nobleUrl, type Art } from './art.ts';
import { avatarDisc } from './caption.ts';
import { ease, lerp, Particles, pick, rand, win } from './fx.ts';
import type { Scene } from './scenes.ts';

/** Width of the entrance group in its own units. */
export const ENTRANCE_WIDTH = 368;
/** How long one entrance plays (well under the 20 s cap). */
export const ENTRANCE_MS = 4800;

/** Colours of each noble level. */
export const NOBLE_THEME: Record<NobleLevel, { main: number; trim: number; spark: number[] }> = {
  1: { main: 0xff7a00, trim: 0xffd08a, spark: [0xffb347, 0xff3b5c, 0xffffff] },
  2: { main: 0xffb800, trim: 0xfff2b0, spark: [0xffd54a, 0xff9f1c, 0xffffff] },
  3: { main: 0x7c5cff, trim: 0xffd54a, spark: [0x7c5cff, 0xff3b5c, 0xffd54a, 0x00d1ff] },
};

/** Art files an entrance of `level` needs. */
export function entranceFiles(level: NobleLevel): string[] {
  const creature = ({ 1: 'fox', 2: 'lion', 3: 'dragon' } as const)[level];
  const parts = level === 1 ? ['fox-tail'] : level === 3 ? ['dragon-wing'] : [];
  return [creature, ...parts, `banner-${level}`].map(nobleUrl);
}

/** What the entrance shows. */
export interface EntranceContent {
  level: NobleLevel;
  avatar: Texture | null;
  name: string;
  line: string;
}

const UI_FONT =
  "'Noto Sans SC', 'PingFang SC', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif";

function sprite(texture: Texture, w: number, h: number, ax = 0.5, ay = 0.5): Sprite {
  const s = new Sprite(texture);
  s.anchor.set(ax, ay);
  s.setSize(w, h);
  return s;
}

/**
 * Builds an entrance scene for a canvas `width` wide. The group enters from the right edge and
 * leaves past the left one.
 */
export function createEntrance(art: Art, content: EntranceContent, width: number): Scene {
  const { level } = content;
  const theme = NOBLE_THEME[level];
  const creatureName = ({ 1: 'fox', 2: 'lion', 3: 'dragon' } as const)[level];
  const root = new Container();
  const group = new Container();
  const behind = new Container();
  const trail = new Particles();
  root.addChild(trail, group);

  const bannerX = 54;
  const banner = sprite(art.texture(nobleUrl(`banner-${level}`)), 310, 72, 0, 0.5);
  banner.position.set(bannerX, 0);
  const crest = sprite(art.texture(nobleUrl(creatureName)), 112, 112);
  crest.position.set(52, -4);
  const halo = new Sprite(art.fx('rays'));
  halo.anchor.set(0.5);
  halo.tint = theme.main;
  halo.blendMode = 'add';
  halo.setSize(190, 190);
  halo.position.copyFrom(crest.position);
  const glow = new Sprite(art.fx('glow'));
  glow.anchor.set(0.5);
  glow.tint = theme.main;
  glow.blendMode = 'add';
  glow.setSize(170, 170);
  glow.position.copyFrom(crest.position);

  const parts: Sprite[] = [];
  if (level === 1) {
    // The tail rises behind the fox, over the banner.
    const tail = sprite(art.texture(nobleUrl('fox-tail')), 96, 48, 0.06, 0.6);
    tail.position.set(78, -10);
    parts.push(tail);
  }
  if (level === 3) {
    for (const side of [1, -1]) {
      // Raised over the crest: the left wing up and left, its mirror up and right.
      const wing = sprite(art.texture(nobleUrl('dragon-wing')), 120, 96, 0.98, 0.75);
      wing.position.set(52 - side * 10, -14);
      wing.scale.x *= side;
      wing.rotation = side * 0.75;
      parts.push(wing);
    }
  }
  behind.addChild(halo, glow, ...parts);

  const avatar = avatarDisc(content.avatar, content.name.slice(0, 1), 21, theme.trim);
  avatar.position.set(bannerX + 76, 0);
  const name = new Text({
    text: content.name,
    style: {
      fontFamily: UI_FONT,
      fontSize: 17,
      fontWeight: '800',
      fill: 0xffffff,
      dropShadow: { color: 0x000000, alpha: 0.6, blur: 3, distance: 1, angle: Math.PI / 2 },
    },
  });
  name.position.set(bannerX + 104, -22);
  const line = new Text({
    text: content.line,
    style: { fontFamily: UI_FONT, fontSize: 12, fontWeight: '700', fill: theme.trim },
  });
  line.position.set(bannerX + 104, 2);
  const textRoom = 170;
  for (const t of [name, line]) if (t.width > textRoom) t.scale.set(textRoom / t.width);

  // A light sweep across the banner, clipped to its pill.
  const sweep = new Sprite(art.fx('glow'));
  sweep.anchor.set(0.5);
  sweep.blendMode = 'add';
  sweep.setSize(70, 150);
  sweep.skew.x = -0.4;
  const clip = new Graphics().roundRect(bannerX + 4, -30, 302, 60, 30).fill(0xffffff);
  sweep.mask = clip;

  group.addChild(behind, banner, sweep, clip, avatar, name, line, crest);
  const scale = Math.min(1, (width - 8) / ENTRANCE_WIDTH);
  group.scale.set(scale);
  const restX = Math.max(8, (width - ENTRANCE_WIDTH * scale) / 2);
  const startX = width + 12;
  const endX = -ENTRANCE_WIDTH * scale - 20;
  let acc = 0;

  return {
    root,
    duration: ENTRANCE_MS,
    update(t, dt) {
      const arrive = ease.outBack(win(t, 0, 800));
      const leave = ease.inCubic(win(t, 4000, 4700));
      group.x = lerp(lerp(startX, restX, arrive), endX, leave);
      group.y = Math.sin(t / 260) * 3;
      root.alpha = 1 - win(t, 4350, 4750);
      halo.rotation += dt * 0.0009;
      halo.alpha = 0.5 + Math.sin(t / 300) * 0.15;
      glow.alpha = 0.55 + Math.sin(t / 200) * 0.2;
      crest.rotation = Math.sin(t / 320) * 0.06;
      const beat = 1 + Math.max(0, Math.sin(t / 150)) * 0.04;
      crest.scale.set((112 / crest.texture.width) * beat || 0);
      if (level === 1) parts[0]!.rotation = -0.7 + Math.sin(t / 140) * 0.3;
      if (level === 3) {
        const flap = 0.55 + 0.45 * Math.abs(Math.sin(t / 170));
        for (const wing of parts) wing.scale.y = (96 / wing.texture.height) * flap;
      }
      sweep.position.set(lerp(bannerX - 40, bannerX + 360, win(t, 900, 1700)), 0);
      sweep.alpha = 0.7;
      // A trail of sparks behind the moving group, and the creature's own glitter.
      const moving = t < 900 || t > 4000;
      acc += dt;
      while (acc > 20) {
        acc -= 20;
        const right = group.x + (bannerX + 300) * scale;
        if (moving) {
          trail.spawn(art.fx(pick(['spark', 'puff'] as const)), {
            x: right + rand(-4, 10),
            y: group.y + rand(-26, 26) * scale,
            vx: rand(40, 140),
            vy: rand(-30, 30),
            life: rand(500, 800),
            scale: rand(0.25, 0.55) * scale,
            endScale: 0.05,
            alpha: 0.9,
            tint: pick(theme.spark),
            additive: true,
          });
        }
        if (Math.random() < 0.5) {
          trail.spawn(art.fx('spark'), {
            x: group.x + rand(10, 100) * scale,
            y: group.y + rand(-58, 50) * scale,
            vy: level === 3 ? -40 : -15,
            life: 700,
            scale: 0.05,
            endScale: rand(0.3, 0.6) * scale,
            tint: pick(theme.spark),
            additive: true,
          });
        }
      }
      trail.step(dt);
    },
  };
}
