/**
 * The controls overlay: spinner, state notice, "tap to unmute", big play button and the bar
 * (play, mute and volume, LIVE and how it plays, low latency, quality, picture-in-picture, full
 * screen).
 * Built once; `render` only updates attributes and text from the store's view.
 */
import type { TFunction } from 'i18next';
import type { QualityChoice } from '../../lib/player/quality.ts';
import type { PlayerView } from '../../lib/player/store.ts';
import { ICONS } from './icons.ts';
import { createQualityMenu } from './quality-menu.ts';

/** What the controls can ask the player to do. */
export interface ControlActions {
  togglePlay: () => void;
  toggleMute: () => void;
  unmute: () => void;
  setVolume: (volume: number) => void;
  chooseQuality: (choice: QualityChoice) => void;
  setMenuOpen: (open: boolean) => void;
  toggleLowLatency: () => void;
  togglePip: () => void;
  toggleFullscreen: () => void;
}

/** Optional features this browser has. */
export interface ControlFeatures {
  pip: boolean;
  fullscreen: boolean;
}

/** The overlay element and its redraw. */
export interface Controls {
  el: HTMLElement;
  render: (view: PlayerView, lowLatency: boolean) => void;
}

const button = (name: string, extra = ''): string =>
  `<button type="button" class="pl-btn" data-act="${name}" ${extra}></button>`;

/** Builds the overlay for one player. */
export function createControls(
  t: TFunction,
  actions: ControlActions,
  features: ControlFeatures,
): Controls {
  const el = document.createElement('div');
  el.className = 'pl-ui';
  el.innerHTML = `
    <div class="pl-spinner" aria-hidden="true"></div>
    <button type="button" class="pl-unmute" data-act="unmute" hidden>${ICONS.muted}<span>${t('player.tapToUnmute')}</span></button>
    <button type="button" class="pl-bigplay" data-act="bigplay" aria-label="${t('player.play')}" hidden>${ICONS.play}</button>
    <div class="pl-bar" role="group" aria-label="${t('player.controls')}">
      ${button('play')}
      <div class="pl-volume">
        ${button('mute')}
        <input class="pl-slider" type="range" min="0" max="100" step="5" aria-label="${t('player.volume')}" />
      </div>
      <span class="pl-live"><i aria-hidden="true"></i>${t('player.live')}</span>
      <span class="pl-mode" hidden><span class="pl-mode-text" aria-hidden="true"></span><span class="pl-mode-hint"></span></span>
      <span class="pl-spacer"></span>
      ${button('latency', `aria-pressed="false" title="${t('player.lowLatencyHint')}"`)}
      <span class="pl-quality-slot"></span>
      ${features.pip ? button('pip') : ''}
      ${features.fullscreen ? button('fullscreen') : ''}
    </div>`;
  const menu = createQualityMenu(t, actions.chooseQuality, actions.setMenuOpen);
  el.querySelector('.pl-quality-slot')!.replaceWith(menu.el);
  const q = <T extends HTMLElement>(selector: string) => el.querySelector<T>(selector);
  const slider = q<HTMLInputElement>('.pl-slider')!;
  const latency = q<HTMLButtonElement>('[data-act="latency"]')!;
  const mode = q('.pl-mode')!;
  latency.innerHTML = `${ICONS.bolt}<span class="pl-latency-text">${t('player.lowLatency')}</span>`;
  latency.setAttribute('aria-label', t('player.lowLatency'));

  const byAct: Record<string, () => void> = {
    play: actions.togglePlay,
    bigplay: actions.togglePlay,
    mute: actions.toggleMute,
    unmute: actions.unmute,
    latency: actions.toggleLowLatency,
    pip: actions.togglePip,
    fullscreen: actions.toggleFullscreen,
  };
  el.addEventListener('click', (event) => {
    const act = (event.target as Element).closest<HTMLElement>('[data-act]')?.dataset.act;
    if (act) byAct[act]?.();
  });
  slider.addEventListener('input', () => actions.setVolume(Number(slider.value) / 100));

  const set = (act: string, icon: string, label: string) => {
    const b = q(`[data-act="${act}"]`);
    if (!b) return;
    if (b.dataset.icon !== icon) {
      b.innerHTML = ICONS[icon as keyof typeof ICONS];
      b.dataset.icon = icon;
    }
    b.setAttribute('aria-label', label);
    b.title = label;
  };

  return {
    el,
    render(view, lowLatency) {
      const playingish = !view.paused && !view.blocked;
      set('play', playingish ? 'pause' : 'play', t(playingish ? 'player.pause' : 'player.play'));
      const silent = view.muted || view.volume === 0;
      set('mute', silent ? 'muted' : 'volume', t(silent ? 'player.unmute' : 'player.mute'));
      const percent = Math.round((silent ? 0 : view.volume) * 100);
      if (slider.value !== String(percent)) slider.value = String(percent);
      slider.setAttribute('aria-valuetext', `${percent}%`);
      slider.style.setProperty('--fill', `${percent}%`);
      set('pip', 'pip', t(view.pip ? 'player.exitPip' : 'player.pip'));
      set(
        'fullscreen',
        view.fullscreen ? 'exitFullscreen' : 'fullscreen',
        t(view.fullscreen ? 'player.exitFullscreen' : 'player.fullscreen'),
      );
      latency.setAttribute('aria-pressed', String(lowLatency));
      mode.hidden = !view.mode;
      if (view.mode && mode.dataset.mode !== view.mode) {
        const key = view.mode === 'webrtc' ? 'Webrtc' : 'Hls';
        mode.dataset.mode = view.mode;
        mode.title = t(`player.mode${key}Hint`);
        mode.firstElementChild!.textContent = t(`player.mode${key}`);
        mode.lastElementChild!.textContent = t(`player.mode${key}Hint`);
      }
      q('.pl-unmute')!.hidden = !(view.autoMuted && view.muted) || view.status !== 'playing';
      q('.pl-bigplay')!.hidden = !(view.status === 'playing' && (view.paused || view.blocked));
      menu.render(view);
    },
  };
}
