/**
 * The match centre island: tab switching, and while the match is not finished, live updates
 * from the hub drawn with the same renderers the server used.
 */
import {
  lineupsHtml,
  statsHtml,
  textLiveHtml,
  type MatchView,
} from '../../lib/sports/match-centre-view.ts';
import type { MatchLiveState } from '../../lib/sports/match-live-apply.ts';
import {
  $matchLive,
  $matchLiveChange,
  $matchLiveConnected,
  startMatchLive,
} from '../../lib/stores/match-live.ts';
import { initTabs } from './tabs.ts';

/** What the page embeds in #match-live-data. */
interface LiveData {
  view: MatchView;
  state: MatchLiveState;
  /** Labels of states 0 to 4 (MATCH_STATES). */
  statusLabels: string[];
  /** The label of a live match at half-time. */
  halfTime: string;
}

function panel(name: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-panel="${name}"]`);
}

function drawScore(state: MatchLiveState, data: LiveData): void {
  const score = document.querySelector<HTMLElement>('[data-score]');
  if (score) {
    score.textContent =
      state.status === 0 || state.status >= 3
        ? 'VS'
        : `${state.homeScore ?? 0} : ${state.awayScore ?? 0}`;
  }
  const label = document.querySelector<HTMLElement>('[data-state]');
  if (label) {
    label.textContent =
      state.status === 1 && state.phase === 'ht'
        ? data.halfTime
        : (data.statusLabels[state.status] ?? '');
    label.classList.remove('s0', 's1', 's2', 's3', 's4');
    label.classList.add(`s${state.status}`);
  }
  document.querySelector('.board')?.classList.toggle('live', state.status === 1);
}

function startLive(data: LiveData): void {
  const { view } = data;
  $matchLiveChange.listen((change) => {
    const state = $matchLive.get();
    if (!change || !state) return;
    if (change.kind === 'text' || change.kind === 'remove') {
      const target = panel('live');
      if (!target) return;
      target.innerHTML = textLiveHtml(state.lines, view);
      target.querySelector(`[data-line="${change.lineId}"]`)?.classList.add('is-new');
    } else if (change.kind === 'score') {
      drawScore(state, data);
    } else if (change.kind === 'stats') {
      const target = panel('stats');
      if (target) target.innerHTML = statsHtml(state.stats, view);
    } else {
      const target = panel('lineups');
      if (target) target.innerHTML = lineupsHtml(state.lineups, view);
    }
  });
  const indicator = document.querySelector<HTMLElement>('[data-live-indicator]');
  $matchLiveConnected.subscribe((connected) => {
    if (indicator) indicator.hidden = !connected;
  });
  let stop = startMatchLive(data.state);
  addEventListener('pagehide', () => stop());
  // Back from the page cache: follow again from what is on screen.
  addEventListener('pageshow', (event) => {
    if (event.persisted) stop = startMatchLive($matchLive.get() ?? data.state);
  });
}

const root = document.querySelector<HTMLElement>('[data-match-centre]');
if (root) initTabs(root);
const raw = document.getElementById('match-live-data')?.textContent;
if (raw) startLive(JSON.parse(raw) as LiveData);
