/**
 * The demo replays' chat tracks: a few hundred lines each, spread over the replay as a room's
 * chat would be (mostly Chinese, some English, a few colourful and speaker lines), so a newcomer
 * opening a replay sees its barrage fly and its chat-replay panel follow. They are stored as
 * replay barrage at their offsets, not as the rooms' live chat, so the live rooms' join history
 * stays empty until someone speaks (docs/decisions.md, "A replay's chat track").
 */
import { inArray } from 'drizzle-orm';
import { PROP_TYPE } from '../../lib/live/props.ts';
import type { Db } from '../db/index.ts';
import { replayComments, replays, ROLE, users } from '../db/schema.ts';

const ZH_LINES = [
  '来了来了',
  '前排围观',
  '这球必须进啊',
  '好球！',
  '裁判在干嘛',
  '666666',
  '主播解说太专业了',
  '这脚传球绝了',
  '防守太松了吧',
  '门将神扑！',
  '哈哈哈哈哈',
  '下半场加油',
  '这是越位吧',
  '回放看看',
  '主队稳了',
  '客队有点东西',
  '这波配合漂亮',
  '换人换得好',
  '打得太保守了',
  '可惜了，差一点',
  '进了进了！！！',
  '老铁们晚上好',
  '谁在看回放',
  '这个角球有机会',
  '补时还有几分钟',
  '绝杀！',
  '中场控制得不错',
  '边路突破好快',
  '这球该给点球',
  '主播我又来了',
  '全场最佳就是他',
  '笑死，这都不进',
  '稳住我们能赢',
  '看回放的举个手',
];
const EN_LINES = [
  'what a pass',
  'GOAL!!!',
  'that was offside for sure',
  'hello from London',
  'keeper is on fire tonight',
  'watching the replay, no spoilers pls',
  'great commentary',
  'unbelievable finish',
];
const EMOJI = ['👏👏👏', '🔥🔥', '😂', '⚽', '💪', '😱'];

/** A small deterministic generator, so every seed tells the same story. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(items: readonly T[], r: () => number): T {
  return items[Math.floor(r() * items.length)]!;
}

/**
 * The demo recording every seeded replay plays is 16 s long and loops: a quarter of each track is
 * said within it, so the barrage flies from the first second; the rest spreads over the length
 * the replay declares, as a full recording would carry it.
 */
const DEMO_RECORDING_MS = 16_000;

/** Lines per replay: between 180 and 300. */
function linesFor(replayId: number): number {
  return 180 + ((replayId * 37) % 121);
}

/** Inserts the chat tracks of every seeded replay, speakers taken from the demo members. */
export async function seedReplayChat(db: Db, people: Map<string, number>): Promise<void> {
  const rows = await db
    .select({ id: replays.id, anchorId: replays.anchorId, durationSec: replays.durationSec })
    .from(replays);
  const members = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.id, [...people.values()]));
  const speakers = members.filter((m) => m.role === ROLE.member).map((m) => m.id);
  if (speakers.length === 0 || rows.length === 0) return;
  const values: (typeof replayComments.$inferInsert)[] = [];
  for (const replay of rows) {
    const r = random(replay.id * 7919);
    const count = linesFor(replay.id);
    const span = replay.durationSec * 1000;
    for (let i = 0; i < count; i += 1) {
      const u = r();
      const shaped = i < count / 4 ? (u * DEMO_RECORDING_MS) / span : u;
      const roll = r();
      const content =
        roll < 0.72 ? pick(ZH_LINES, r) : roll < 0.88 ? pick(EN_LINES, r) : pick(EMOJI, r);
      const prop = r();
      values.push({
        replayId: replay.id,
        userId: pick(speakers, r),
        offsetMs: Math.min(span - 1, Math.floor(shaped * span)),
        content,
        propType: prop < 0.05 ? PROP_TYPE.colorful : prop < 0.065 ? PROP_TYPE.speaker : 0,
        propsId: prop < 0.05 ? 2 + Math.floor(r() * 3) : 0,
      });
    }
  }
  for (let i = 0; i < values.length; i += 2_000) {
    await db.insert(replayComments).values(values.slice(i, i + 2_000));
  }
}
