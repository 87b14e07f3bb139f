/** /sieve: pick a guess, roll on the server, tumble the dice to the result, keep a history. */
import { parseBet, type SieveBet } from '../../lib/games/sieve.ts';
import type { SieveRoll } from '../../lib/games/api-types.ts';
import { $gameState, $rolling, $sieveHistory, rollSieve } from '../../lib/stores/games.ts';
import { DIE_SETTLE_MS, dieControl, fill, initPlayer, motion, readText, wait } from './common.ts';

interface Text {
  win: string;
  lose: string;
  resultLine: string;
  results: Record<SieveRoll['result'], string>;
  bets: { big: string; small: string };
  total: string;
  die: string;
}

const root = document.querySelector<HTMLElement>('[data-sieve]');
if (root) init(root);

function betName(text: Text, bet: SieveBet): string {
  return bet.kind === 'total' ? `${text.total} ${bet.total}` : text.bets[bet.kind];
}

function init(root: HTMLElement): void {
  const text = readText<Text>(root);
  const dice = [...root.querySelectorAll<HTMLElement>('[data-die]')].map((el) =>
    dieControl(el, text.die),
  );
  const form = root.querySelector<HTMLFormElement>('[data-sv-form]')!;
  const button = root.querySelector<HTMLButtonElement>('[data-sv-roll]')!;
  const none = root.querySelector<HTMLElement>('[data-sv-none]')!;
  const result = root.querySelector<HTMLElement>('[data-sv-result]')!;
  const line = root.querySelector<HTMLElement>('[data-sv-line]')!;
  const message = root.querySelector<HTMLElement>('[data-sv-msg]')!;
  const pop = root.querySelector<HTMLElement>('[data-sv-pop]')!;
  const history = root.querySelector<HTMLOListElement>('[data-sv-history]')!;
  let animating = false;

  const refreshButton = () => {
    const left = $gameState.get()?.games.sieve.plays_left;
    button.disabled = animating || $rolling.get() !== null || left === 0;
    none.hidden = left !== 0 || animating;
  };
  $gameState.subscribe(refreshButton);
  $rolling.subscribe(refreshButton);

  $sieveHistory.subscribe((rolls) => {
    if (rolls.length === 0) return;
    history.replaceChildren(
      ...rolls.map((roll) => {
        const li = document.createElement('li');
        const faces = document.createElement('span');
        faces.className = 'sv-h-dice';
        for (const d of roll.dice) {
          const b = document.createElement('b');
          b.textContent = String(d);
          faces.append(b);
        }
        const bet = document.createElement('span');
        bet.className = 'sv-h-bet';
        bet.textContent = betName(text, roll.bet);
        const points = document.createElement('span');
        points.className = `sv-h-points${roll.win ? ' win' : ''}`;
        points.textContent = roll.win ? `+${roll.points}` : '0';
        li.append(faces, bet, points);
        return li;
      }),
    );
  });

  initPlayer(root, 'sieve');

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = new FormData(form).get('bet');
    const bet = typeof value === 'string' ? parseBet(value) : null;
    if (!bet || animating) return;
    void play(bet);
  });

  async function play(bet: SieveBet): Promise<void> {
    animating = true;
    refreshButton();
    result.removeAttribute('data-win');
    line.textContent = '';
    message.textContent = '';
    for (const die of dice) die.shake(true);
    const roll = await rollSieve(bet);
    for (const die of dice) die.shake(false);
    if (roll) {
      roll.dice.forEach((face, i) => dice[i]?.show(face));
      await wait(motion(DIE_SETTLE_MS));
      line.textContent = `${fill(text.resultLine, { dice: roll.dice.join(' + '), total: roll.total })} · ${text.results[roll.result]}`;
      message.textContent = roll.win ? fill(text.win, { points: roll.points }) : text.lose;
      result.dataset.win = roll.win ? '1' : '0';
      if (roll.win) {
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
