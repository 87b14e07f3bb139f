/** Gift scenes of the pitch: the football, the air horn, the flare, the golden boot, the wave. */
import { Container, Graphics } from 'pixi.js';
import { CONFETTI, ease, fadeInOut, lerp, Particles, pick, rand, win } from './fx.ts';
import {
  GOLD,
  iconSprite,
  fxSprite,
  shout,
  confettiBurst,
  type Scene,
  type SceneContext,
} from './scene-kit.ts';

export function football(ctx: SceneContext): Scene {
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

export function airHorn(ctx: SceneContext): Scene {
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

export function flare(ctx: SceneContext): Scene {
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

export function goldenBoot(ctx: SceneContext): Scene {
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

export function stadiumWave(ctx: SceneContext): Scene {
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
