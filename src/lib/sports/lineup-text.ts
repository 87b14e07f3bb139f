/**
 * Team sheets as the match desk types them: one player a line, "number position English name /
 * Chinese name", with `*` after the captain. Pure, so the desk and its tests share it.
 *
 * @example
 * parsePlayers('7 FW Bukayo Saka / 萨卡 *') // [{ no: '7', pos: 'FW', en: 'Bukayo Saka', zh: '萨卡', captain: true }]
 */
import type { LineupPlayer } from './match-centre.ts';

const LINE = /^(\S{1,3})\s+([A-Za-z]{1,4})\s+(.+?)(?:\s*\/\s*(.+?))?(\s*\*)?$/;

/** A player as one line of text. */
export function playerLine(p: LineupPlayer): string {
  return `${p.no} ${p.pos} ${p.en}${p.zh && p.zh !== p.en ? ` / ${p.zh}` : ''}${p.captain ? ' *' : ''}`;
}

/**
 * The players of a text (blank lines skipped), or the 1-based number of the first line that is
 * not a player. A player without a Chinese name gets the English one.
 */
export function parsePlayers(text: string): LineupPlayer[] | { badLine: number } {
  const players: LineupPlayer[] = [];
  const lines = text.split('\n');
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const m = LINE.exec(line);
    if (!m || m[3]!.length > 60 || (m[4]?.length ?? 0) > 60) return { badLine: i + 1 };
    const en = m[3]!.trim();
    players.push({
      no: m[1]!,
      pos: m[2]!.toUpperCase(),
      en,
      zh: m[4]?.trim() || en,
      ...(m[5] ? { captain: true } : {}),
    });
  }
  return players;
}
