/** /monopoly: roll on the server, tumble the die, walk the token tile by tile, show the points. */
import { BOARD, START_BONUS, tileCell } from '../../lib/games/monopoly.ts';
import type { MonopolyRoll } from '../../lib/games/api-types.ts';
import { $gameState, $rolling, rollMonopoly } from '../../lib/stores/games.ts';
import { DIE_SETTLE_MS, dieControl, fill, initPlayer, motion, readText, wait } from './common.ts';

interface Text {
  moved: string;
  gained: string;
  nothing: string;
  passedStart: string;
  chanceWin: string;
  chanceNone: string;
  die: string;
}

/** Time the token spends on each tile it passes. */
const STEP_MS = 260;

const root = document.querySelector<HTMLElement>('[data-monopoly]');
if (root) init(root);

/** The result lines of a move: what the tile, the chance card and the start gave. */
function resultLines(text: Text, roll: MonopolyRoll): { text: string; gain: boolean }[] {
  const tile = BOARD[roll.position]!;
  const lines: { text: string; gain: boolean }[] = [];
  if (tile.points > 0) lines.push({ text: fill(text.gained, { points: tile.points }), gain: true });
  if (roll.chance_points !== null) {
    lines.push(
      roll.chance_points > 0
        ? { text: fill(text.chanceWin, { points: roll.chance_points }), gain: true }
        : { text: text.chanceNone, gain: false },
    );
  }
  if (roll.passed_start) {
    lines.push({ text: fill(text.passedStart, { points: START_BONUS }), gain: true });
  }
  if (lines.length === 0) lines.push({ text: text.nothing, gain: false });
  return lines;
}

function init(root: HTMLElement): void {
  const text = readText<Text>(root);
  const die = dieControl(root.querySelector<HTMLElement>('[data-die]')!, text.die);
  const token = root.querySelector<HTMLElement>('[data-token]')!;
  const button = root.querySelector<HTMLButtonElement>('[data-mp-roll]')!;
  const none = root.querySelector<HTMLElement>('[data-mp-none]')!;
  const head = root.querySelector<HTMLElement>('[data-mp-head]')!;
  const lines = root.querySelector<HTMLElement>('[data-mp-lines]')!;
  const pop = root.querySelector<HTMLElement>('[data-mp-pop]')!;
  const tiles = [...root.querySelectorAll<HTMLElement>('[data-tile]')];
  let animating = false;
  let placed = false;

  const place = (index: number) => {
    const cell = tileCell(index);
    token.style.setProperty('--col', String(cell.col));
    token.style.setProperty('--row', String(cell.row));
    token.dataset.position = String(index);
    token.classList.remove('is-hopping');
    void token.offsetWidth;
    token.classList.add('is-hopping');
  };
  const refreshButton = () => {
    const left = $gameState.get()?.games.monopoly.plays_left;
    button.disabled = animating || $rolling.get() !== null || left === 0;
    none.hidden = left !== 0 || animating;
  };
  $gameState.subscribe((state) => {
    if (state && !placed) {
      placed = true;
      place(state.games.monopoly.position);
    }
    refreshButton();
  });
  $rolling.subscribe(refreshButton);
  initPlayer(root, 'monopoly');

  button.addEventListener('click', () => {
    if (!animating) void play();
  });

  async function play(): Promise<void> {
    animating = true;
    refreshButton();
    head.textContent = '';
    lines.replaceChildren();
    for (const tile of tiles) tile.classList.remove('is-landed');
    die.shake(true);
    const roll = await rollMonopoly();
    die.shake(false);
    if (roll) {
      placed = true;
      die.show(roll.die);
      await wait(motion(DIE_SETTLE_MS));
      for (const step of roll.path) {
        place(step);
        await wait(motion(STEP_MS));
      }
      tiles[roll.position]?.classList.add('is-landed');
      head.textContent = fill(text.moved, { die: roll.die });
      lines.replaceChildren(
        ...resultLines(text, roll).map((line) => {
          const span = document.createElement('span');
          span.textContent = line.text;
          if (line.gain) span.className = 'gain';
          return span;
        }),
      );
      if (roll.points > 0) {
        pop.textContent = `+${roll.points}`;
        pop.classList.remove('is-on');
        void pop.offsetWidth;
        pop.classList.add('is-on');
      }
    }
    animating = false;
    refreshButton();
  }
}
