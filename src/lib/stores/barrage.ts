/** Barrage settings of this browser: on or off, opacity, the area comments fly in and density. */
import { persistentMap } from '@nanostores/persistent';
import { BARRAGE_DENSITIES, type BarrageDensity } from '../barrage/scheduler.ts';

/** Part of the player comments may use. */
export type BarrageArea = 'quarter' | 'half' | 'full';

/** Stored settings (strings, as local storage keeps them). */
export const $barrage = persistentMap<{
  enabled: 'on' | 'off';
  opacity: string;
  area: BarrageArea;
  density: BarrageDensity;
}>('barrage:', { enabled: 'on', opacity: '0.9', area: 'half', density: 'normal' });

/** Fraction of the player height of each area. */
export const AREA_FRACTION: Record<BarrageArea, number> = { quarter: 0.25, half: 0.5, full: 1 };

/** Turns the barrage on or off. */
export function toggleBarrage(): void {
  $barrage.setKey('enabled', $barrage.get().enabled === 'on' ? 'off' : 'on');
}

/** Sets the opacity, clamped to 0.1-1. */
export function setBarrageOpacity(value: number): void {
  $barrage.setKey('opacity', String(Math.min(1, Math.max(0.1, value))));
}

/** Sets the area. */
export function setBarrageArea(area: BarrageArea): void {
  $barrage.setKey('area', area);
}

/** Sets the density (sparse, normal, or full screen where comments may overlap). */
export function setBarrageDensity(density: BarrageDensity): void {
  if (BARRAGE_DENSITIES.includes(density)) $barrage.setKey('density', density);
}

/** The stored density, normal when local storage holds something else. */
export function densityOf(value: string): BarrageDensity {
  return (BARRAGE_DENSITIES as readonly string[]).includes(value)
    ? (value as BarrageDensity)
    : 'normal';
}
