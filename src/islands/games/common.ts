/** Helpers shared by the game islands: page strings, timing, dice turns and the player panel. */
import { faceRotation, tumbleTo } from '../../lib/games/dice.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { $gameError, $gameState, loadGameState } from '../../lib/stores/games.ts';
import { $loggedIn } from '../../lib/stores/session.ts';

/** The strings the page rendered for its island (a JSON script inside `root`). */
export function readText<T>(root: HTMLElement): T {
  const el = root.querySelector('script[data-text]');
  return JSON.parse(el?.textContent ?? '{}') as T;
}

/** Fills `{{name}}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

/** `ms`, or 0 when the visitor asked for reduced motion (transitions are off then). */
export function motion(ms: number): number {
  return matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : ms;
}

/** Resolves after `ms`. */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** How long a die takes to settle (the cube's transition). */
export const DIE_SETTLE_MS = 1150;

/** A die on the page that remembers its rotation so every roll tumbles forward. */
export function dieControl(el: HTMLElement, label: string) {
  const cube = el.querySelector<HTMLElement>('[data-die-cube]');
  // Starts from the face the server drew, so the first roll tumbles on from there.
  let rotation = faceRotation(Number(el.dataset.value) || 1);
  return {
    /** Turns the die to `face` (with a tumble unless motion is reduced). */
    show(face: number): void {
      rotation = tumbleTo(face, rotation);
      if (cube) cube.style.transform = `rotateX(${rotation.x}deg) rotateY(${rotation.y}deg)`;
      el.dataset.value = String(face);
      el.setAttribute('aria-label', fill(label, { value: face }));
    },
    /** Shakes while the server answers. */
    shake(on: boolean): void {
      el.classList.toggle('is-shaking', on);
    },
  };
}

/**
 * Wires a player panel (and the root it is in): login state, the log-in button, points and
 * plays of `game` (or all games), and the last error.
 */
export function initPlayer(root: HTMLElement, game: 'sieve' | 'monopoly' | 'all'): void {
  $loggedIn.subscribe((inside) => {
    root.dataset.auth = inside ? 'in' : 'out';
  });
  root.addEventListener('click', (event) => {
    const target = (event.target as HTMLElement).closest('[data-action="game-login"]');
    if (!target) return;
    event.preventDefault();
    openLogin();
  });
  const set = (selector: string, value: string) => {
    for (const el of root.querySelectorAll<HTMLElement>(selector)) el.textContent = value;
  };
  $gameState.subscribe((state) => {
    if (!state) return;
    const points = game === 'all' ? state.total_points : state.games[game].points;
    set('[data-gp-points]', points.toLocaleString('en-US'));
    set('[data-gp-total]', state.total_points.toLocaleString('en-US'));
    if (game !== 'all') {
      set('[data-gp-plays]', String(state.games[game].plays_left));
      root.dataset.playsLeft = String(state.games[game].plays_left);
    }
    for (const el of root.querySelectorAll<HTMLElement>('[data-gp-game]')) {
      const id = el.dataset.gpGame as 'sieve' | 'monopoly';
      el.textContent = String(state.games[id].plays_left);
    }
  });
  $gameError.subscribe((message) => {
    for (const el of root.querySelectorAll<HTMLElement>('[data-gp-error]')) {
      el.textContent = message ?? '';
      el.hidden = !message;
    }
  });
  void loadGameState();
}
