/**
 * The caption of a gift on the stage: the sender's avatar and name, what they sent, the gift's
 * icon and the combo count, on a dark glass pill that slides in and fades out with the scene.
 */
import { Container, Graphics, Sprite, Text, type Texture } from 'pixi.js';
import { ease, fadeInOut, win } from './fx.ts';

const UI_FONT =
  "'Noto Sans SC', 'PingFang SC', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif";

/** What the caption shows. */
export interface CaptionContent {
  avatar: Texture | null;
  /** First letter shown when the avatar could not be loaded. */
  initial: string;
  name: string;
  line: string;
  icon: Texture;
  /** Combo count text ('' for none). */
  combo: string;
  /** Ring colour around the avatar (noble colour or the accent). */
  ring: number;
}

/** A caption: `update` places it for time `t` of a scene lasting `duration`. */
export interface Caption {
  root: Container;
  update: (t: number, duration: number) => void;
}

/** An avatar in a ring: the image clipped to a circle, or the initial on a disc. */
export function avatarDisc(texture: Texture | null, initial: string, r: number, ring: number) {
  const c = new Container();
  const back = new Graphics().circle(0, 0, r + 2.5).fill(ring);
  c.addChild(back);
  if (texture) {
    const img = new Sprite(texture);
    img.anchor.set(0.5);
    img.setSize(r * 2, r * 2);
    const mask = new Graphics().circle(0, 0, r).fill(0xffffff);
    img.mask = mask;
    c.addChild(img, mask);
  } else {
    const disc = new Graphics().circle(0, 0, r).fill(0x252c3d);
    const letter = new Text({
      text: initial,
      style: { fontFamily: UI_FONT, fontSize: r, fontWeight: '800', fill: 0xffffff },
    });
    letter.anchor.set(0.5);
    c.addChild(disc, letter);
  }
  return c;
}

/** Builds a caption no wider than `maxWidth`. */
export function createCaption(content: CaptionContent, maxWidth: number): Caption {
  const root = new Container();
  const h = 48;
  const avatar = avatarDisc(content.avatar, content.initial, 17, content.ring);
  avatar.position.set(24, h / 2);
  const name = new Text({
    text: content.name,
    style: { fontFamily: UI_FONT, fontSize: 14, fontWeight: '700', fill: 0xffffff },
  });
  name.position.set(48, 7);
  const line = new Text({
    text: content.line,
    style: { fontFamily: UI_FONT, fontSize: 12, fill: 0xffd54a },
  });
  line.position.set(48, 26);
  const textW = Math.max(name.width, line.width);
  const icon = new Sprite(content.icon);
  icon.anchor.set(0.5);
  icon.setSize(46, 46);
  const combo = new Text({
    text: content.combo,
    style: {
      fontFamily: "'Arial Black', Arial, sans-serif",
      fontSize: 28,
      fontWeight: '900',
      fontStyle: 'italic',
      fill: 0xffd54a,
      stroke: { color: 0x10131f, width: 5, join: 'round' },
    },
  });
  combo.anchor.set(0, 0.5);
  // Squeeze long names into the canvas.
  const fixed = 48 + 12 + 30 + (content.combo ? combo.width + 6 : 0);
  const room = Math.max(60, maxWidth - fixed);
  if (textW > room) {
    name.scale.set(Math.min(1, room / name.width));
    line.scale.set(Math.min(1, room / line.width));
  }
  const pillW = 48 + Math.min(textW, room) + 12 + 22;
  const pill = new Graphics()
    .roundRect(0, 0, pillW, h, h / 2)
    .fill({ color: 0x0b0e14, alpha: 0.62 })
    .roundRect(0.75, 0.75, pillW - 1.5, h - 1.5, h / 2)
    .stroke({ width: 1.5, color: content.ring, alpha: 0.8 });
  icon.position.set(pillW, h / 2);
  combo.position.set(pillW + 26, h / 2 + 1);
  root.addChild(pill, avatar, name, line, icon, combo);
  return {
    root,
    update(t, duration) {
      const k = ease.outCubic(win(t, 0, 380));
      root.x = (1 - k) * -40;
      root.alpha = fadeInOut(t, duration, 200, 350);
      // The combo count pops each time a scene starts.
      const pop = win(t, 250, 600);
      combo.scale.set(pop < 1 ? 1 + 0.6 * (1 - ease.outBack(pop)) * (pop > 0 ? 1 : 0) : 1);
      combo.alpha = pop > 0 ? 1 : 0;
    },
  };
}
