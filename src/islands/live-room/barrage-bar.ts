/**
 * The barrage settings bar under a player: on or off, opacity, area and density, read from and
 * written to the barrage store (stores/barrage.ts). The live room and the replay page share it.
 */
import { BARRAGE_DENSITIES } from '../../lib/barrage/scheduler.ts';
import { createI18n } from '../../lib/i18n/index.ts';
import {
  $barrage,
  densityOf,
  setBarrageArea,
  setBarrageDensity,
  setBarrageOpacity,
  toggleBarrage,
  type BarrageArea,
} from '../../lib/stores/barrage.ts';
import { $locale } from '../../lib/stores/locale.ts';

/** Fills `bar` with the barrage settings (on/off, opacity, area, density) bound to the store. */
export function renderBar(bar: HTMLElement): void {
  const tr = createI18n($locale.get());
  bar.innerHTML = `
    <button type="button" class="barrage-toggle" data-barrage-toggle aria-pressed="true"></button>
    <label class="barrage-opacity"><span>${tr('liveRoom.barrage.opacity')}</span>
      <input type="range" min="0.1" max="1" step="0.1" data-barrage-opacity></label>
    <label class="barrage-area"><span>${tr('liveRoom.barrage.area')}</span>
      <select data-barrage-area>
        ${(['quarter', 'half', 'full'] as const).map((a) => `<option value="${a}">${tr(`liveRoom.barrage.areas.${a}`)}</option>`).join('')}
      </select></label>
    <label class="barrage-density"><span>${tr('liveRoom.barrage.density')}</span>
      <select data-barrage-density>
        ${BARRAGE_DENSITIES.map((d) => `<option value="${d}">${tr(`liveRoom.barrage.densities.${d}`)}</option>`).join('')}
      </select></label>`;
  const toggle = bar.querySelector<HTMLButtonElement>('[data-barrage-toggle]')!;
  const opacity = bar.querySelector<HTMLInputElement>('[data-barrage-opacity]')!;
  const area = bar.querySelector<HTMLSelectElement>('[data-barrage-area]')!;
  const density = bar.querySelector<HTMLSelectElement>('[data-barrage-density]')!;
  toggle.addEventListener('click', toggleBarrage);
  opacity.addEventListener('input', () => setBarrageOpacity(Number(opacity.value)));
  area.addEventListener('change', () => setBarrageArea(area.value as BarrageArea));
  density.addEventListener('change', () => setBarrageDensity(densityOf(density.value)));
  $barrage.subscribe((s) => {
    const on = s.enabled === 'on';
    toggle.textContent = on ? tr('liveRoom.barrage.on') : tr('liveRoom.barrage.off');
    toggle.setAttribute('aria-pressed', String(on));
    opacity.value = s.opacity;
    area.value = s.area;
    density.value = densityOf(s.density);
  });
}
