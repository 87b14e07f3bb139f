/**
 * The quality menu: a button that opens a list of menuitemradio entries (1080p, 720p, 480p,
 * Auto). Arrow keys, Home and End move, Escape closes and returns focus to the button.
 */
import type { TFunction } from 'i18next';
import { heightLabel, qualityOptions, type QualityChoice } from '../../lib/player/quality.ts';
import type { PlayerView } from '../../lib/player/store.ts';
import { ICONS } from './icons.ts';

/** The menu's element and how to redraw it. */
export interface QualityMenu {
  el: HTMLElement;
  render: (view: PlayerView) => void;
}

let menus = 0;

/** Builds the menu; `choose` applies a pick, `setOpen` records whether the list is open. */
export function createQualityMenu(
  t: TFunction,
  choose: (choice: QualityChoice) => void,
  setOpen: (open: boolean) => void,
): QualityMenu {
  const el = document.createElement('div');
  el.className = 'pl-quality';
  const id = `pl-quality-${++menus}`;
  el.innerHTML = `<button type="button" class="pl-btn pl-quality-btn" aria-haspopup="menu" aria-expanded="false" aria-controls="${id}"><span class="pl-quality-label"></span>${ICONS.chevron}</button><div class="pl-menu" id="${id}" role="menu" hidden></div>`;
  const button = el.querySelector('button')!;
  const list = el.querySelector<HTMLElement>('[role="menu"]')!;
  const label = el.querySelector<HTMLElement>('.pl-quality-label')!;
  list.setAttribute('aria-label', t('player.quality'));
  let shape = '';
  let open = false;

  const items = () => [...list.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]')];
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  button.addEventListener('click', () => setOpen(!open));
  list.addEventListener('click', (event) => {
    const item = (event.target as Element).closest<HTMLElement>('[data-quality]');
    if (!item) return;
    const value = item.dataset.quality!;
    choose(value === 'auto' ? 'auto' : Number(value));
    button.focus();
  });
  list.addEventListener('keydown', (event) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      button.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  });
  document.addEventListener('pointerdown', (event) => {
    if (open && !el.contains(event.target as Node)) setOpen(false);
  });

  return {
    el,
    render(view) {
      const options = qualityOptions(view.renditions);
      const nextShape = options.map((o) => o.value).join();
      if (nextShape !== shape) {
        shape = nextShape;
        list.innerHTML = options
          .map(
            (o) =>
              `<button type="button" role="menuitemradio" tabindex="-1" data-quality="${o.value}"><span class="pl-check">${ICONS.check}</span><span>${o.value === 'auto' ? t('player.auto') : o.label}</span></button>`,
          )
          .join('');
      }
      for (const item of items()) {
        item.setAttribute('aria-checked', String(item.dataset.quality === String(view.quality)));
      }
      const active = view.activeHeight ? heightLabel(view.activeHeight) : '';
      const text =
        view.quality === 'auto'
          ? active
            ? t('player.autoWith', { label: active })
            : t('player.auto')
          : heightLabel(view.quality);
      label.textContent = text;
      // Narrow players show the height alone ("480p"); the button's name keeps the whole text.
      if (view.quality === 'auto' && active) label.dataset.short = active;
      else delete label.dataset.short;
      button.setAttribute('aria-label', t('player.qualityNow', { label: text }));
      button.disabled = options.length < 2;
      if (view.menuOpen !== open) {
        open = view.menuOpen;
        list.hidden = !open;
        button.setAttribute('aria-expanded', String(open));
        if (open)
          focusItem(
            Math.max(
              0,
              options.findIndex((o) => o.value === view.quality),
            ),
          );
      }
    },
  };
}
