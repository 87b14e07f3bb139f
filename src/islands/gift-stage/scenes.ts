/**
 * The gift animations, one drawing routine per animation key. Each scene draws in a 300 x 300
 * box centred on (0, 0) that the stage scales to the canvas, and is driven by `update(t, dt)`
 * with its own elapsed time until `duration`.
 */
import { Container, Graphics, Sprite, Text, type Texture } from 'pixi.js';
import type { GiftAnimationKey } from '../../lib/gifts/catalogue.ts';
import type { Art } from './art.ts';
import { CONFETTI, ease, fadeInOut, lerp, Particles, pick, rand, win } from './fx.ts';

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

const GOLD = 0xffc83d;
const DISPLAY_FONT = "'Arial Black', 'Noto Sans SC', 'PingFang SC', sans-serif";

function iconSprite(texture: Texture, size: number): Sprite {
  const sprite = new Sprite(texture);
  sprite.anchor.set(0.5);
  sprite.setSize(size, size);
  return sprite;
}

function fxSprite(ctx: SceneContext, name: Parameters<Art['fx']>[0], tint: number, size: number) {
  const sprite = new Sprite(ctx.art.fx(name));
  sprite.anchor.set(0.5);
  sprite.tint = tint;
  sprite.blendMode = 'add';
  sprite.setSize(size, size);
  return sprite;
}

/** Big celebratory word ("GOAL!"), popping in. */
function shout(text: string, color: number): Text {
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

function confettiBurst(p: Particles, ctx: SceneContext, x: number, y: number, count: number) {
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

function football(ctx: SceneContext): Scene {
  const root = new Container();
  const net = new Graphics();
  const frame = new Graphics()
    .rect(-104, -62, 208, 10)
    .rect(-104, -62, 10, 112)
    .rect(94, -62, 10, 112)
    .fill(0xffffff)
    .stroke({ width: 2, color: 0x10131f });
  const glow = fxSprite(ctx, 'glow', 0xffffff, 260);
  glow.alpha = 0;
  const p = new Particles();
  const ball = iconSprite(ctx.icon, 62);
  const word = shout('GOAL!', GOLD);
  word.position.set(0, 92);
  word.scale.set(0);
  root.addChild(glow, net, frame, p, ball, word);
  let bulge = 0;
  const drawNet = (t: number) => {
    net.clear();
    const hit = t - 1100;
    const amp = hit > 0 ? 16 * Math.exp(-hit / 260) * Math.cos(hit / 45) : 0;
    bulge = amp;
    for (let x = -94; x <= 94; x += 14) {
      const k = 1 - Math.abs(x) / 100;
      net.moveTo(x, -52).quadraticCurveTo(x * (1 - 0.05 * k), -2 - amp * k, x, 50);
    }
    for (let y = -52; y <= 50; y += 13) {
      const k = 1 - Math.abs(y) / 60;
      net.moveTo(-94, y).quadraticCurveTo(0, y - amp * k * 1.2, 94, y);
    }
    net.stroke({ width: 1.5, color: 0xdfe8ff, alpha: 0.55 });
  };
  const from = { x: 170, y: 190 };
  const ctrl = { x: 120, y: -170 };
  const to = { x: 26, y: -8 };
  return {
    root,
    duration: 2900,
    update(t, dt) {
      root.alpha = fadeInOut(t, 2900, 300, 400);
      drawNet(t);
      const k = ease.inOutSine(win(t, 250, 1100));
      const u = 1 - k;
      if (t < 1100) {
        ball.position.set(
          u * u * from.x + 2 * u * k * ctrl.x + k * k * to.x,
          u * u * from.y + 2 * u * k * ctrl.y + k * k * to.y,
        );
        ball.scale.set(lerp(1.4, 0.85, k) * (62 / ball.texture.width || 1));
        ball.rotation -= dt * 0.012;
        if (t > 250) {
          p.spawn(ctx.art.fx('puff'), {
            x: ball.x,
            y: ball.y,
            life: 420,
            scale: 0.55,
            endScale: 0.15,
            alpha: 0.45,
          });
        }
      } else {
        // Into the net, then down.
        const d = win(t, 1100, 1700);
        ball.position.set(lerp(to.x, to.x + 6, d), lerp(to.y - bulge * 0.6, 30, ease.outCubic(d)));
        ball.rotation -= dt * 0.004;
      }
      if (t >= 1100 && t - dt < 1100) {
        confettiBurst(p, ctx, to.x, to.y, 46);
        for (let i = 0; i < 14; i++) {
          const a = rand(0, Math.PI * 2);
          p.spawn(ctx.art.fx('spark'), {
            x: to.x,
            y: to.y,
            vx: Math.cos(a) * 260,
            vy: Math.sin(a) * 260,
            drag: 0.2,
            life: 600,
            scale: 0.8,
            endScale: 0.2,
            tint: GOLD,
            additive: true,
          });
        }
      }
      glow.alpha = t > 1100 ? 0.8 * (1 - win(t, 1100, 1700)) : 0;
      word.scale.set(ease.outBack(win(t, 1150, 1500)));
      word.rotation = -0.08 + Math.sin(t / 160) * 0.03;
      p.step(dt);
    },
  };
}

function airHorn(ctx: SceneContext): Scene {
  const root = new Container();
  const p = new Particles();
  const horn = iconSprite(ctx.icon, 130);
  horn.position.set(-50, 10);
  const glow = fxSprite(ctx, 'glow', 0x00d1ff, 240);
  glow.position.set(20, 6);
  const word = shout('HONK!', 0x00d1ff);
  word.position.set(30, 110);
  root.addChild(glow, p, horn, word);
  let next = 300;
  let n = 0;
  return {
    root,
    duration: 2700,
    update(t, dt) {
      root.alpha = fadeInOut(t, 2700, 200, 400);
      const s = ease.outBack(win(t, 0, 400));
      const blowing = t > 300 && t < 2000;
      horn.scale.set((s * 130) / horn.texture.width);
      horn.rotation = blowing ? Math.sin(t / 28) * 0.06 : 0;
      horn.x = -50 + (blowing ? Math.sin(t / 19) * 2 : 0);
      glow.alpha = blowing ? 0.35 + Math.sin(t / 60) * 0.15 : 0;
      while (blowing && t >= next) {
        next += 190;
        n += 1;
        p.spawn(ctx.art.fx('ring'), {
          x: 12,
          y: 4,
          vx: 110,
          life: 1100,
          scale: 0.5,
          endScale: 3,
          alpha: 0.9,
          tint: n % 2 ? 0x00d1ff : 0x7c5cff,
          additive: true,
        });
        p.spawn(ctx.art.fx('spark'), {
          x: 20,
          y: rand(-20, 20),
          vx: rand(160, 260),
          vy: rand(-120, 120),
          drag: 0.4,
          spin: 4,
          life: 900,
          scale: rand(0.5, 0.9),
          endScale: 0.1,
          tint: pick([0xffffff, 0xffd54a, 0x00d1ff]),
          additive: true,
        });
      }
      word.scale.set(ease.outElastic(win(t, 500, 1200)));
      p.step(dt);
    },
  };
}

function flare(ctx: SceneContext): Scene {
  const root = new Container();
  const smoke = new Particles();
  const sparks = new Particles();
  const stick = iconSprite(ctx.icon, 120);
  stick.position.set(0, 70);
  const glow = fxSprite(ctx, 'glow', 0xff6b00, 200);
  glow.position.set(0, 30);
  root.addChild(smoke, glow, stick, sparks);
  let acc = 0;
  return {
    root,
    duration: 3000,
    update(t, dt) {
      root.alpha = fadeInOut(t, 3000, 200, 500);
      const rise = ease.outBack(win(t, 0, 500));
      stick.y = lerp(170, 70, rise);
      stick.rotation = Math.sin(t / 300) * 0.08;
      const top = { x: stick.x + Math.sin(stick.rotation) * 40, y: stick.y - 44 };
      glow.position.set(top.x, top.y);
      glow.alpha = t > 300 ? 0.7 + Math.random() * 0.3 : 0;
      glow.scale.set(((200 + Math.random() * 30) / glow.texture.width) * (t > 300 ? 1 : 0));
      acc += dt;
      while (t > 300 && t < 2500 && acc > 16) {
        acc -= 16;
        smoke.spawn(ctx.art.fx('puff'), {
          x: top.x + rand(-6, 6),
          y: top.y,
          vx: rand(-30, 40),
          vy: rand(-150, -90),
          drag: 0.6,
          life: rand(1200, 1800),
          scale: 0.4,
          endScale: rand(2.2, 3.2),
          alpha: 0.42,
          tint: pick([0xff3b5c, 0xff6b3d, 0xe0194f, 0xff8fa3]),
        });
        sparks.spawn(ctx.art.fx('spark'), {
          x: top.x,
          y: top.y,
          vx: rand(-170, 170),
          vy: rand(-280, -60),
          gravity: 380,
          life: rand(500, 900),
          scale: rand(0.35, 0.7),
          endScale: 0.05,
          spin: 6,
          tint: pick([0xffffff, 0xffe066, 0xffb800]),
          additive: true,
        });
      }
      smoke.step(dt);
      sparks.step(dt);
    },
  };
}

function goldenBoot(ctx: SceneContext): Scene {
  const root = new Container();
  const rays = fxSprite(ctx, 'rays', GOLD, 360);
  const glow = fxSprite(ctx, 'glow', 0xffd54a, 260);
  const p = new Particles();
  const pivot = new Container();
  const boot = iconSprite(ctx.icon, 150);
  boot.anchor.set(0.3, 0.85);
  pivot.addChild(boot);
  pivot.position.set(-10, 40);
  const ball = iconSprite(ctx.ball, 46);
  ball.visible = false;
  root.addChild(rays, glow, p, pivot, ball);
  return {
    root,
    duration: 3000,
    update(t, dt) {
      root.alpha = fadeInOut(t, 3000, 250, 450);
      rays.rotation += dt * 0.0006;
      rays.alpha = 0.55 * win(t, 0, 500);
      glow.alpha = 0.5 + Math.sin(t / 200) * 0.1;
      const s = ease.outBack(win(t, 0, 500));
      pivot.scale.set(s);
      // Wind up, then kick.
      const wind = ease.inOutSine(win(t, 600, 1000));
      const kick = ease.outCubic(win(t, 1000, 1150));
      const back = ease.inOutSine(win(t, 1500, 2000));
      pivot.rotation = 0.45 * wind - 0.85 * kick + 0.4 * back;
      if (t >= 1100 && t - dt < 1100) {
        for (let i = 0; i < 24; i++) {
          const a = rand(Math.PI, Math.PI * 1.6);
          p.spawn(ctx.art.fx('spark'), {
            x: -60,
            y: 20,
            vx: Math.cos(a) * rand(150, 360),
            vy: Math.sin(a) * rand(150, 360),
            drag: 0.25,
            life: rand(600, 1000),
            scale: rand(0.5, 1.1),
            endScale: 0.1,
            spin: 5,
            tint: pick([0xffffff, GOLD, 0xfff2b0]),
            additive: true,
          });
        }
      }
      const fly = win(t, 1100, 1700);
      ball.visible = fly > 0 && fly < 1;
      ball.position.set(lerp(-70, -190, fly), lerp(20, -150, ease.outCubic(fly)));
      ball.rotation -= dt * 0.02;
      if (ball.visible) {
        p.spawn(ctx.art.fx('spark'), {
          x: ball.x,
          y: ball.y,
          life: 380,
          scale: 0.6,
          endScale: 0.1,
          tint: GOLD,
          additive: true,
        });
      }
      if (Math.random() < dt / 90) {
        p.spawn(ctx.art.fx('spark'), {
          x: rand(-110, 110),
          y: rand(-100, 90),
          life: 700,
          scale: 0.1,
          endScale: rand(0.6, 1),
          tint: 0xffffff,
          additive: true,
        });
      }
      p.step(dt);
    },
  };
}

function stadiumWave(ctx: SceneContext): Scene {
  const root = new Container();
  const crowd = new Container();
  root.addChild(crowd);
  const colours = [0x00d1ff, 0xff3b5c, 0xffb800, 0x7c5cff, 0x22d37e, 0xff6b3d];
  const skins = [0xffd9b8, 0xe8b48a, 0xb97c55, 0x8a5a3c];
  const stand = new Graphics();
  for (let r = 0; r < 3; r++) {
    stand
      .roundRect(-160, -10 + r * 46, 320, 58, 10)
      .fill({ color: 0x1c2230, alpha: 0.85 - r * 0.1 });
    stand.rect(-142, 40 + r * 46, 284, 3).fill({ color: 0x00d1ff, alpha: 0.25 });
  }
  crowd.addChild(stand);
  interface Fan {
    c: Container;
    armL: Graphics;
    armR: Graphics;
    x: number;
    y: number;
  }
  const fans: Fan[] = [];
  for (let r = 0; r < 3; r++) {
    const count = 8;
    const scale = 1 - (2 - r) * 0.12;
    for (let i = 0; i < count; i++) {
      const x = -118 + (236 / (count - 1)) * i + (r % 2 ? 10 : -5);
      const y = 30 + r * 46;
      const c = new Container();
      const shirt = pick(colours);
      const skin = pick(skins);
      const armL = new Graphics().roundRect(-3.5, -26, 7, 28, 3.5).fill(skin);
      const armR = new Graphics().roundRect(-3.5, -26, 7, 28, 3.5).fill(skin);
      armL.position.set(-11, -14);
      armR.position.set(11, -14);
      const body = new Graphics()
        .roundRect(-14, -18, 28, 40, 10)
        .fill(shirt)
        .stroke({ width: 2, color: 0x10131f })
        .circle(0, -28, 11)
        .fill(skin)
        .stroke({ width: 2, color: 0x10131f });
      c.addChild(armL, armR, body);
      c.position.set(x, y);
      c.scale.set(scale);
      fans.push({ c, armL, armR, x, y });
    }
  }
  // Back rows first.
  for (const f of [...fans].sort((a, b) => a.y - b.y)) crowd.addChild(f.c);
  const p = new Particles();
  crowd.addChild(p);
  return {
    root,
    duration: 3400,
    update(t, dt) {
      root.alpha = fadeInOut(t, 3400, 300, 450);
      crowd.y = lerp(40, -60, ease.outCubic(win(t, 0, 500)));
      // Two waves sweep across, left to right.
      const front = ((t - 300) / 1300) * 420 - 210;
      for (const f of fans) {
        const d = Math.min(Math.abs(f.x - front), Math.abs(f.x - (front - 420)));
        const lift = t > 300 ? Math.max(0, 1 - d / 60) : 0;
        const k = ease.inOutSine(lift);
        f.c.y = f.y - 30 * k;
        f.armL.rotation = lerp(-2.6, -0.25, k);
        f.armR.rotation = lerp(2.6, 0.25, k);
        if (k > 0.95 && Math.random() < dt / 120) {
          p.spawn(ctx.art.fx('confetti'), {
            x: f.x,
            y: f.c.y - 40,
            vx: rand(-60, 60),
            vy: rand(-260, -160),
            gravity: 400,
            spin: rand(-8, 8),
            life: 1000,
            scale: 0.7,
            tint: pick(CONFETTI),
          });
        }
      }
      p.step(dt);
    },
  };
}

function fireworks(ctx: SceneContext): Scene {
  const root = new Container();
  const p = new Particles();
  const flashes = new Particles();
  root.addChild(flashes, p);
  const shells = [0, 380, 760, 1150, 1500, 1800].map((at, i) => ({
    at,
    x: [-80, 70, -10, 100, -110, 20][i]!,
    y: [-80, -100, -130, -40, -30, -70][i]!,
    colour: [0xff3b5c, 0x00d1ff, 0xffb800, 0x7c5cff, 0x22d37e, 0xff6b3d][i]!,
    burst: false,
  }));
  const climb = 520;
  return {
    root,
    duration: 3500,
    update(t, dt) {
      root.alpha = fadeInOut(t, 3500, 100, 500);
      for (const s of shells) {
        const k = win(t, s.at, s.at + climb);
        if (k > 0 && k < 1) {
          const x = lerp(s.x * 0.6, s.x, k);
          const y = lerp(170, s.y, ease.outCubic(k));
          p.spawn(ctx.art.fx('spark'), {
            x,
            y,
            vx: rand(-20, 20),
            vy: 40,
            life: 350,
            scale: 0.45,
            endScale: 0.05,
            tint: 0xffe9b0,
            additive: true,
          });
        }
        if (k >= 1 && !s.burst) {
          s.burst = true;
          flashes.spawn(ctx.art.fx('glow'), {
            x: s.x,
            y: s.y,
            life: 500,
            scale: 1.5,
            endScale: 3.2,
            alpha: 0.8,
            tint: s.colour,
            additive: true,
          });
          const count = 64;
          for (let i = 0; i < count; i++) {
            const a = (Math.PI * 2 * i) / count + rand(-0.2, 0.2);
            // Mostly on the shell's rim, some inside: a full flower, not a ring.
            const v = 230 * Math.sqrt(rand(0.12, 1));
            p.spawn(ctx.art.fx('spark'), {
              x: s.x,
              y: s.y,
              vx: Math.cos(a) * v,
              vy: Math.sin(a) * v,
              drag: 0.12,
              gravity: 70,
              spin: 3,
              life: rand(1100, 1500),
              scale: rand(0.4, 0.7),
              endScale: 0.1,
              tint: i % 3 ? s.colour : 0xffffff,
              additive: true,
            });
          }
          for (let i = 0; i < 16; i++) {
            const a = rand(0, Math.PI * 2);
            p.spawn(ctx.art.fx('spark'), {
              x: s.x,
              y: s.y,
              vx: Math.cos(a) * 90,
              vy: Math.sin(a) * 90,
              drag: 0.2,
              gravity: 40,
              life: rand(900, 1300),
              scale: 0.35,
              endScale: 0.05,
              tint: 0xfff2b0,
              additive: true,
            });
          }
        }
      }
      p.step(dt);
      flashes.step(dt);
    },
  };
}

function trophy(ctx: SceneContext): Scene {
  const root = new Container();
  const rays = fxSprite(ctx, 'rays', GOLD, 400);
  const rays2 = fxSprite(ctx, 'rays', 0xffffff, 300);
  const glow = fxSprite(ctx, 'glow', 0xffd54a, 300);
  const cup = iconSprite(ctx.icon, 170);
  const p = new Particles();
  const word = shout('CHAMPIONS', GOLD);
  word.style.fontSize = 34;
  word.position.set(0, 118);
  root.addChild(rays, rays2, glow, cup, p, word);
  return {
    root,
    duration: 3300,
    update(t, dt) {
      root.alpha = fadeInOut(t, 3300, 250, 450);
      rays.rotation += dt * 0.0005;
      rays2.rotation -= dt * 0.0008;
      const appear = win(t, 0, 600);
      rays.alpha = 0.65 * appear;
      rays2.alpha = 0.35 * appear;
      glow.alpha = 0.6 + Math.sin(t / 180) * 0.15;
      const rise = ease.outBack(win(t, 100, 800));
      cup.y = lerp(200, -4, rise) + Math.sin(t / 400) * 4;
      cup.scale.set((170 / cup.texture.width) * (0.6 + 0.4 * rise) || 0);
      word.scale.set(ease.outBack(win(t, 700, 1050)));
      if (t > 600 && t < 2600 && Math.random() < dt / 14) {
        p.spawn(ctx.art.fx('confetti'), {
          x: rand(-160, 160),
          y: -170,
          vx: rand(-30, 30),
          vy: rand(60, 140),
          gravity: 120,
          spin: rand(-7, 7),
          rotation: rand(0, 6),
          life: 2200,
          scale: rand(0.6, 1),
          tint: pick(CONFETTI),
        });
      }
      if (Math.random() < dt / 70) {
        p.spawn(ctx.art.fx('spark'), {
          x: rand(-80, 80),
          y: rand(-90, 60),
          life: 600,
          scale: 0.1,
          endScale: rand(0.6, 1.1),
          tint: 0xffffff,
          additive: true,
        });
      }
      p.step(dt);
    },
  };
}

function rocket(ctx: SceneContext): Scene {
  const root = new Container();
  const stars = new Particles();
  const smoke = new Particles();
  const flame = new Particles();
  const ship = iconSprite(ctx.icon, 130);
  // The icon leans 40°: turn it upright.
  ship.rotation = (-40 * Math.PI) / 180;
  const glow = fxSprite(ctx, 'glow', 0xff8a00, 150);
  const body = new Container();
  body.addChild(stars, smoke, flame, glow, ship);
  root.addChild(body);
  for (let i = 0; i < 40; i++) {
    stars.spawn(ctx.art.fx('spark'), {
      x: rand(-160, 160),
      y: rand(-170, 150),
      vy: 30,
      life: rand(2400, 3300),
      scale: rand(0.15, 0.4),
      alpha: rand(0.5, 1),
      tint: pick([0xffffff, 0xbfe9ff, 0xffe9b0]),
      additive: true,
    });
  }
  let acc = 0;
  return {
    root,
    duration: 3300,
    update(t, dt) {
      root.alpha = fadeInOut(t, 3300, 250, 400);
      const arrive = ease.outCubic(win(t, 0, 500));
      const launch = ease.inCubic(win(t, 1100, 2500));
      const shake = t > 400 && t < 1400 ? Math.sin(t / 16) * 2.5 : 0;
      ship.position.set(shake, lerp(230, 70, arrive) - launch * 440);
      const tail = { x: ship.x, y: ship.y + 58 };
      glow.position.set(tail.x, tail.y + 10);
      glow.alpha = t > 300 ? 0.8 + Math.random() * 0.2 : 0;
      acc += dt;
      while (t > 300 && acc > 14) {
        acc -= 14;
        flame.spawn(ctx.art.fx('puff'), {
          x: tail.x + rand(-5, 5),
          y: tail.y,
          vy: rand(160, 260),
          life: 380,
          scale: 0.55,
          endScale: 0.1,
          tint: pick([0xffffff, 0xffd54a, 0xff8a00, 0xff3b5c]),
          additive: true,
        });
        if (t < 2300) {
          smoke.spawn(ctx.art.fx('puff'), {
            x: tail.x + rand(-10, 10),
            y: tail.y + 20,
            vx: rand(-90, 90),
            vy: rand(20, 90),
            drag: 0.4,
            life: rand(1100, 1600),
            scale: 0.6,
            endScale: rand(2.2, 3),
            alpha: 0.3,
            tint: pick([0xc9d2e3, 0x9aa6bd, 0xffffff]),
          });
        }
      }
      body.x = t > 400 && t < 1600 ? Math.sin(t / 23) * 1.5 : 0;
      stars.step(dt);
      smoke.step(dt);
      flame.step(dt);
    },
  };
}

function crown(ctx: SceneContext): Scene {
  const root = new Container();
  const rays = fxSprite(ctx, 'rays', 0xffd54a, 440);
  const rays2 = fxSprite(ctx, 'rays', 0xff3b5c, 360);
  const glow = fxSprite(ctx, 'glow', 0xffc83d, 320);
  const crownSprite = iconSprite(ctx.icon, 180);
  const rings = new Particles();
  const p = new Particles();
  const word = shout('KING OF THE GAME', GOLD);
  word.style.fontSize = 21;
  word.position.set(0, 120);
  root.addChild(rays2, rays, glow, rings, crownSprite, p, word);
  let landed = false;
  return {
    root,
    duration: 3700,
    update(t, dt) {
      root.alpha = fadeInOut(t, 3700, 300, 500);
      rays.rotation += dt * 0.0004;
      rays2.rotation -= dt * 0.0007;
      const appear = win(t, 0, 700);
      rays.alpha = 0.7 * appear;
      rays2.alpha = 0.45 * appear;
      glow.alpha = appear * (0.65 + Math.sin(t / 160) * 0.15);
      const drop = win(t, 200, 1000);
      crownSprite.y = lerp(-260, -6, ease.outElastic(drop)) + Math.sin(t / 380) * 3;
      crownSprite.rotation = Math.sin(t / 500) * 0.04;
      crownSprite.scale.set(180 / crownSprite.texture.width || 0);
      if (!landed && drop > 0.2) {
        landed = true;
        for (let i = 0; i < 3; i++) {
          rings.spawn(ctx.art.fx('ring'), {
            x: 0,
            y: 0,
            life: 900 + i * 250,
            scale: 0.6,
            endScale: 5 + i,
            alpha: 0.9,
            tint: i === 1 ? 0xff3b5c : GOLD,
            additive: true,
          });
        }
      }
      word.scale.set(ease.outBack(win(t, 800, 1150)));
      const orbit = t / 600;
      if (t > 500 && Math.random() < dt / 12) {
        const a = orbit + rand(0, Math.PI * 2);
        p.spawn(ctx.art.fx('spark'), {
          x: Math.cos(a) * 120,
          y: Math.sin(a) * 70,
          vx: -Math.sin(a) * 60,
          vy: Math.cos(a) * 40,
          life: 800,
          scale: 0.1,
          endScale: rand(0.5, 1),
          spin: 4,
          tint: pick([0xffffff, GOLD, 0xff3b5c, 0x00d1ff]),
          additive: true,
        });
      }
      if (t > 900 && t < 3000 && Math.random() < dt / 30) {
        p.spawn(ctx.art.fx('confetti'), {
          x: rand(-160, 160),
          y: -170,
          vy: rand(80, 150),
          gravity: 80,
          spin: rand(-6, 6),
          life: 2000,
          scale: rand(0.5, 0.9),
          tint: pick([GOLD, 0xfff2b0, 0xffffff]),
        });
      }
      rings.step(dt);
      p.step(dt);
    },
  };
}

/** The scene of each animation key. */
export const SCENES: Record<GiftAnimationKey, (ctx: SceneContext) => Scene> = {
  football,
  'air-horn': airHorn,
  flare,
  'golden-boot': goldenBoot,
  'stadium-wave': stadiumWave,
  fireworks,
  trophy,
  rocket,
  crown,
};
