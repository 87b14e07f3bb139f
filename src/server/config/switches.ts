/** Page and call guards that follow common-config switches (read fresh from the database). */
import type { Db } from '../db/index.ts';
import { pickCommonConfig, readSettings } from './service.ts';

/** True while the games are open: lottery_switch equals 1 (spec: the game button). */
export async function gamesOpen(db: Db): Promise<boolean> {
  return pickCommonConfig(await readSettings(db)).lottery_switch === 1;
}

/** True while the talent list is shown: talent_list_status equals 1 (spec: the ranking button). */
export async function talentListOpen(db: Db): Promise<boolean> {
  return pickCommonConfig(await readSettings(db)).talent_list_status === 1;
}

/** True while the check-in is open: checkin_switch equals 1 (spec §6: check-in if checkin_switch). */
export async function checkinOpen(db: Db): Promise<boolean> {
  return pickCommonConfig(await readSettings(db)).checkin_switch === 1;
}
