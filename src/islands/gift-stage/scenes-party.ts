/** Gift scenes of celebration: fireworks, the trophy, the rocket, the crown. */
import { Container } from 'pixi.js';
import { CONFETTI, ease, fadeInOut, lerp, Particles, pick, rand, win } from './fx.ts';
import { GOLD, iconSprite, fxSprite, shout, type Scene, type SceneContext } from './scene-kit.ts';

export function fireworks(ctx: SceneContext): Scene {
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

export function trophy(ctx: SceneContext): Scene {
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

export function rocket(ctx: SceneContext): Scene {
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

export function crown(ctx: SceneContext): Scene {
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
