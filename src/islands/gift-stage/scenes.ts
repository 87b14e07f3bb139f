/**
 * The gift animations, one drawing routine per animation key. Each scene draws in a 300 x 300
 * box centred on (0, 0) that the stage scales to the canvas, and is driven by `update(t, dt)`
 * with its own elapsed time until `duration`.
 */
import type { GiftAnimationKey } from '../../lib/gifts/catalogue.ts';
import type { Scene, SceneContext } from './scene-kit.ts';
import { fireworks, trophy, rocket, crown } from './scenes-party.ts';
import { football, airHorn, flare, goldenBoot, stadiumWave } from './scenes-pitch.ts';

export type { Scene };

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
