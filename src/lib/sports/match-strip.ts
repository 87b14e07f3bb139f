/**
 * What the score strip of a live room shows of the match it broadcasts: the score, the state
 * (the half for a live match) and the newest text line in the page's language. Shared by the
 * server's render and the room's island so both write the same text.
 */
import type { Locale } from '../i18n/index.ts';
import type { MatchEventKind } from './match-centre.ts';
import type { MatchLiveState } from './match-live-apply.ts';

/** Labels the strip needs, in the page's language. */
export interface MatchStripLabels {
  /** Labels of states 0 to 4 (MATCH_STATES). */
  status: string[];
  /** Labels of the phases of a live match by MATCH_PHASES key. */
  phase: Record<string, string>;
  /** Shown when the match has no line yet. */
  noLine: string;
}

/** The strip's text for one state of the match. */
export interface MatchStripView {
  score: string;
  state: string;
  live: boolean;
  line: { minute: string; text: string; kind: MatchEventKind | 'none' };
}

/** The strip for `state` in `locale`. */
export function matchStripView(
  state: MatchLiveState,
  labels: MatchStripLabels,
  locale: Locale,
): MatchStripView {
  const played = state.status === 1 || state.status === 2;
  const live = state.status === 1;
  const latest = state.lines[0];
  return {
    score: played ? `${state.homeScore ?? 0} : ${state.awayScore ?? 0}` : 'VS',
    state:
      live && state.phase
        ? (labels.phase[state.phase] ?? labels.status[1]!)
        : (labels.status[state.status] ?? ''),
    live,
    line: latest
      ? {
          minute: `${latest.minute}'`,
          text: locale === 'zh-CN' ? latest.zh : latest.en,
          kind: latest.kind,
        }
      : { minute: '', text: labels.noLine, kind: 'none' },
  };
}
