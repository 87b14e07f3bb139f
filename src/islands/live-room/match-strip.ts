/**
 * The score strip of a room that broadcasts a match: redraws the score, the state and the
 * newest text line whenever the room's match store changes (matchLive frames on the room's
 * socket). The server rendered the first state; #room-match-data carries it.
 */
import { matchStripView, type MatchStripLabels } from '../../lib/sports/match-strip.ts';
import type { MatchLiveState } from '../../lib/sports/match-live-apply.ts';
import { $roomMatch, followRoomMatch } from '../../lib/stores/room-match.ts';
import { $locale } from '../../lib/stores/locale.ts';

/** What the page embeds in #room-match-data. */
interface StripData {
  state: MatchLiveState;
  labels: MatchStripLabels;
}

/** Replays the strip's flash on `el` (a score or a new line). */
function flash(el: HTMLElement | null): void {
  if (!el) return;
  el.classList.remove('is-new');
  void el.offsetWidth;
  el.classList.add('is-new');
}

/** Starts the strip when the page has one. */
export function mountMatchStrip(): void {
  const strip = document.querySelector<HTMLElement>('[data-match-strip]');
  const raw = document.getElementById('room-match-data')?.textContent;
  if (!strip || !raw) return;
  const data = JSON.parse(raw) as StripData;
  const score = strip.querySelector<HTMLElement>('[data-ms-score]');
  const state = strip.querySelector<HTMLElement>('[data-ms-state]');
  const line = strip.querySelector<HTMLElement>('[data-ms-line]');
  const minute = strip.querySelector<HTMLElement>('[data-ms-minute]');
  const text = strip.querySelector<HTMLElement>('[data-ms-text]');
  let shown = matchStripView(data.state, data.labels, $locale.get());
  $roomMatch.listen((match) => {
    if (!match) return;
    const view = matchStripView(match, data.labels, $locale.get());
    if (score && view.score !== shown.score) {
      score.textContent = view.score;
      flash(score);
    }
    if (state) state.textContent = view.state;
    strip.classList.toggle('is-live', view.live);
    if (view.line.text !== shown.line.text || view.line.minute !== shown.line.minute) {
      if (minute) minute.textContent = view.line.minute;
      if (text) text.textContent = view.line.text;
      if (line) line.dataset.kind = view.line.kind;
      flash(line);
    }
    shown = view;
  });
  followRoomMatch(data.state);
}
