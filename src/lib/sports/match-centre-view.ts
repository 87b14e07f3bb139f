/**
 * The match centre's tab contents as HTML strings: the server renders the page with them and the
 * live island renders updates with the same functions, so both always draw the same markup.
 * Every text from data is escaped.
 */
import type { TFunction } from 'i18next';
import type { Locale } from '../i18n/locale.ts';
import {
  clockLabel,
  PERCENT_STATS,
  STAT_KEYS,
  type LineupPlayer,
  type MatchLineups,
  type MatchStats,
  type TeamLineup,
  type TextLine,
} from './match-centre.ts';

/** Translated labels the tabs need; sent to the browser with the page. */
export interface ViewLabels {
  quarter: string;
  noLines: string;
  noStats: string;
  noLineups: string;
  byPeriod: string;
  total: string;
  teamStats: string;
  starters: string;
  bench: string;
  coach: string;
  captain: string;
  /** Period names of the sport by number (1st half, Q1, Set 1 ...). */
  periods: Record<string, string>;
  /** Statistic names by key. */
  stats: Record<string, string>;
  /** Position names by code. */
  pos: Record<string, string>;
}

/** What the tab renderers need besides the data. */
export interface MatchView {
  sportId: number;
  locale: Locale;
  labels: ViewLabels;
  home: { name: string; color: string };
  away: { name: string; color: string };
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The labels of a sport in the translator's language. */
export function viewLabels(t: TFunction, sportId: number): ViewLabels {
  const map = (prefix: string, keys: readonly string[]) =>
    Object.fromEntries(keys.map((k) => [k, t(`${prefix}.${k}`)]));
  const periods = t(`sports.centre.periods.${sportId}`, { returnObjects: true }) as unknown;
  return {
    quarter: t('sports.centre.quarter', { n: '{{n}}' }),
    noLines: t('sports.centre.noLines'),
    noStats: t('sports.centre.noStats'),
    noLineups: t('sports.centre.noLineups'),
    byPeriod: t('sports.centre.byPeriod'),
    total: t('sports.centre.total'),
    teamStats: t('sports.centre.teamStats'),
    starters: t('sports.centre.starters'),
    bench: t('sports.centre.bench'),
    coach: t('sports.centre.coach'),
    captain: t('sports.centre.captain'),
    periods:
      typeof periods === 'object' && periods !== null ? (periods as Record<string, string>) : {},
    stats: map('sports.stat', STAT_KEYS[sportId] ?? []),
    pos: map('sports.pos', ['GK', 'DF', 'MF', 'FW', 'PG', 'SG', 'SF', 'PF', 'C']),
  };
}

const empty = (text: string) => `<p class="mc-empty">${escapeHtml(text)}</p>`;

/** The text live list, newest first. */
export function textLiveHtml(lines: readonly TextLine[], view: MatchView): string {
  if (lines.length === 0) return empty(view.labels.noLines);
  const items = lines.map((line) => {
    const text = view.locale === 'zh-CN' ? line.zh : line.en;
    const clock = clockLabel(view.sportId, line.minute, view.labels.quarter);
    return (
      `<li class="tl-line k-${line.kind}" data-line="${line.id}">` +
      `<span class="tl-min">${escapeHtml(clock)}</span>` +
      `<span class="tl-dot" aria-hidden="true"></span>` +
      `<p class="tl-text">${escapeHtml(text)}</p></li>`
    );
  });
  return `<ol class="tl">${items.join('')}</ol>`;
}

function statValue(key: string, value: number): string {
  return PERCENT_STATS.has(key) ? `${value}%` : String(value);
}

/** Score by period and the team statistics with bars. */
export function statsHtml(stats: MatchStats | null, view: MatchView): string {
  if (!stats || (stats.items.length === 0 && stats.periods.length === 0)) {
    return empty(view.labels.noStats);
  }
  const { labels } = view;
  let html = '';
  if (stats.periods.length > 0) {
    const heads = stats.periods
      .map(
        (_, i) =>
          `<th scope="col">${escapeHtml(labels.periods[String(i + 1)] ?? String(i + 1))}</th>`,
      )
      .join('');
    const row = (side: 'home' | 'away') => {
      const cells = stats.periods.map((p) => `<td>${p[side]}</td>`).join('');
      const total = stats.periods.reduce((sum, p) => sum + p[side], 0);
      return (
        `<tr><th scope="row">${escapeHtml(view[side].name)}</th>${cells}` +
        `<td class="st-total">${view.sportId === 3 ? '' : total}</td></tr>`
      );
    };
    html +=
      `<div class="st-scroll"><table class="st-periods"><caption>${escapeHtml(labels.byPeriod)}</caption>` +
      `<thead><tr><td></td>${heads}<th scope="col">${view.sportId === 3 ? '' : escapeHtml(labels.total)}</th></tr></thead>` +
      `<tbody>${row('home')}${row('away')}</tbody></table></div>`;
  }
  if (stats.items.length > 0) {
    const items = stats.items.map((item) => {
      const percent = PERCENT_STATS.has(item.key);
      const sum = item.home + item.away;
      const share = (v: number) => (percent ? v : sum === 0 ? 0 : Math.round((100 * v) / sum));
      const lead = item.home === item.away ? '' : item.home > item.away ? ' lead-h' : ' lead-a';
      return (
        `<li class="st-item${lead}"><div class="st-row">` +
        `<span class="st-h">${statValue(item.key, item.home)}</span>` +
        `<span class="st-label">${escapeHtml(labels.stats[item.key] ?? item.key)}</span>` +
        `<span class="st-a">${statValue(item.key, item.away)}</span></div>` +
        `<div class="st-bars" aria-hidden="true"><span class="st-bar h"><i style="width:${share(item.home)}%"></i></span>` +
        `<span class="st-bar a"><i style="width:${share(item.away)}%"></i></span></div></li>`
      );
    });
    html +=
      `<h3 class="st-title">${escapeHtml(labels.teamStats)}</h3>` +
      `<div class="st-teams"><span>${escapeHtml(view.home.name)}</span><span>${escapeHtml(view.away.name)}</span></div>` +
      `<ul class="st-items">${items.join('')}</ul>`;
  }
  return html;
}

function playerHtml(player: LineupPlayer, view: MatchView): string {
  const name = view.locale === 'zh-CN' ? player.zh : player.en;
  const captain = player.captain
    ? ` <abbr class="lu-c" title="${escapeHtml(view.labels.captain)}">C</abbr>`
    : '';
  return (
    `<li><span class="lu-no">${escapeHtml(player.no)}</span>` +
    `<span class="lu-name">${escapeHtml(name)}${captain}</span>` +
    `<span class="lu-pos">${escapeHtml(view.labels.pos[player.pos] ?? player.pos)}</span></li>`
  );
}

/** One side's team sheet (the team page shows its latest one alone). */
export function teamLineupHtml(team: TeamLineup, side: 'home' | 'away', view: MatchView): string {
  const coach = view.locale === 'zh-CN' ? team.coachZh : team.coachEn;
  const list = (players: LineupPlayer[]) =>
    `<ol class="lu-list">${players.map((p) => playerHtml(p, view)).join('')}</ol>`;
  return (
    `<section class="lu-team ${side}" style="--team:${escapeHtml(view[side].color)}">` +
    `<header class="lu-head"><h3>${escapeHtml(view[side].name)}</h3>` +
    (team.formation ? `<span class="lu-form">${escapeHtml(team.formation)}</span>` : '') +
    `</header><h4>${escapeHtml(view.labels.starters)}</h4>${list(team.starters)}` +
    (team.bench.length > 0 ? `<h4>${escapeHtml(view.labels.bench)}</h4>${list(team.bench)}` : '') +
    (coach
      ? `<p class="lu-coach">${escapeHtml(view.labels.coach)}: <strong>${escapeHtml(coach)}</strong></p>`
      : '') +
    `</section>`
  );
}

/** Both team sheets side by side (stacked on narrow screens). */
export function lineupsHtml(lineups: MatchLineups | null, view: MatchView): string {
  if (!lineups) return empty(view.labels.noLineups);
  return `<div class="lu">${teamLineupHtml(lineups.home, 'home', view)}${teamLineupHtml(lineups.away, 'away', view)}</div>`;
}
