import { describe, expect, it } from 'vitest';
import { isMatchLineups } from './match-centre.ts';
import { parsePlayers, playerLine } from './lineup-text.ts';

describe('team sheets typed one player a line', () => {
  it('reads number, position, both names and the captain', () => {
    expect(parsePlayers('7 fw Bukayo Saka / 萨卡 *\n\n1 GK David Raya')).toEqual([
      { no: '7', pos: 'FW', en: 'Bukayo Saka', zh: '萨卡', captain: true },
      { no: '1', pos: 'GK', en: 'David Raya', zh: 'David Raya' },
    ]);
  });

  it('names the first line that is not a player', () => {
    expect(parsePlayers('7 FW Saka\nSaka')).toEqual({ badLine: 2 });
    expect(parsePlayers(`9 FW ${'x'.repeat(61)}`)).toEqual({ badLine: 1 });
  });

  it('writes a player back as the line it was read from', () => {
    const text = '4 DF Ben White / 本·怀特 *';
    const [player] = parsePlayers(text) as { no: string }[];
    expect(playerLine(player as never)).toBe(text);
  });

  it('gives players the match centre accepts', () => {
    const starters = parsePlayers('1 GK Raya / 拉亚\n7 FW Saka / 萨卡 *') as never[];
    const side = { formation: '4-3-3', coachEn: 'A', coachZh: 'A', starters, bench: [] };
    expect(isMatchLineups({ home: side, away: side })).toBe(true);
  });
});
