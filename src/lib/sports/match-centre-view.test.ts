import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/index.ts';
import { clockLabel, type MatchLineups } from './match-centre.ts';
import {
  escapeHtml,
  lineupsHtml,
  statsHtml,
  textLiveHtml,
  viewLabels,
  type MatchView,
} from './match-centre-view.ts';

const view = (locale: 'en-US' | 'zh-CN', sportId = 1): MatchView => ({
  sportId,
  locale,
  labels: viewLabels(createI18n(locale), sportId),
  home: { name: 'Home <FC>', color: '#e4002b' },
  away: { name: 'Away', color: '#6cabdd' },
});

describe('match centre view', () => {
  it('escapes every text from data', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    const html = textLiveHtml(
      [{ id: 1, minute: 3, kind: 'info', zh: '<img src=x onerror=alert(1)>', en: '<b>hi</b>' }],
      view('zh-CN'),
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('writes lines in the page language with the clock of the sport', () => {
    const lines = [{ id: 1, minute: 29, kind: 'point' as const, zh: '三分命中', en: 'Three!' }];
    expect(textLiveHtml(lines, view('en-US', 2))).toContain('Q3 29&#39;');
    expect(textLiveHtml(lines, view('zh-CN', 2))).toContain('第3节 29&#39;');
    expect(textLiveHtml(lines, view('zh-CN', 2))).toContain('三分命中');
    expect(clockLabel(1, 67, 'Q{{n}}')).toBe("67'");
    expect(clockLabel(2, 48, 'Q{{n}}')).toBe("Q4 48'");
    expect(clockLabel(2, 0, 'Q{{n}}')).toBe("Q1 0'");
  });

  it('shows what is missing instead of an empty tab', () => {
    expect(textLiveHtml([], view('en-US'))).toContain('Text live starts at kick-off.');
    expect(statsHtml(null, view('zh-CN'))).toContain('技术统计将在比赛开始后更新');
    expect(lineupsHtml(null, view('en-US'))).toContain('Line-ups are announced');
  });

  it('draws statistics with percentages, shares and period names', () => {
    const html = statsHtml(
      {
        periods: [
          { home: 1, away: 0 },
          { home: 1, away: 2 },
        ],
        items: [
          { key: 'possession', home: 58, away: 42 },
          { key: 'shots', home: 3, away: 1 },
        ],
      },
      view('en-US'),
    );
    expect(html).toContain('58%');
    expect(html).toContain('width:75%');
    expect(html).toContain('2nd half');
    expect(html).toContain('Home &lt;FC&gt;');
    expect(html).toMatch(/<td class="st-total">2<\/td>/);
  });

  it('marks the captain and translates positions', () => {
    const side = {
      formation: '4-4-2',
      coachEn: 'Coach',
      coachZh: '教练',
      starters: [{ no: '9', pos: 'FW', en: 'Striker', zh: '射手', captain: true }],
      bench: [],
    };
    const lineups: MatchLineups = { home: side, away: side };
    const html = lineupsHtml(lineups, view('zh-CN'));
    expect(html).toContain('射手');
    expect(html).toContain('前锋');
    expect(html).toContain('title="队长"');
    expect(html).toContain('4-4-2');
  });
});
