/**
 * Demo messaging, so the Messages tab has life in it: the demo fans and 13900000001 follow
 * 阿杰解说 (13900000010) and chat in his fan group, where he posted an update; 13900000001 has a
 * private chat with him and a welcome from support; everyone has the platform's welcome notice.
 * Group messages go through the group service so sequence numbers and unread counts hold.
 */
import { GROUP_MSG, SYSTEM_KIND } from '../../lib/messaging/types.ts';
import type { Db } from '../db/index.ts';
import {
  dynamics,
  fanGroupMembers,
  follows,
  privateChats,
  privateMessages,
  staffMessages,
  staffThreads,
  systemMessages,
} from '../db/schema.ts';
import { appendMessage, groupOfAnchor } from '../messaging/groups.ts';
import { DEMO_FANS } from './fans.ts';

const ANCHOR = '13900000010';
const VIEWER = '13900000001';
const ADMIN = '13900000005';

/** Group chat lines: the fan (DEMO_FANS index, -1 the viewer) and the text. */
const LINES: [number, string][] = [
  [0, '今晚 BLG 打 JDG，谁来一起看？'],
  [2, 'Count me in! Game 1 at 7pm?'],
  [4, '上次那波团战解说太燃了 🔥'],
  [-1, '阿杰今天几点开播？'],
  [1, 'Same time as always, he said 6:45'],
  [6, '我押 BLG 2:1'],
  [3, 'JDG in four, calling it now'],
  [7, '求阿杰多讲讲 BP 思路'],
];

/** Seeds the demo conversations; `ids` maps mobiles to user ids. */
export async function seedMessaging(db: Db, ids: Map<string, number>, now: Date): Promise<void> {
  const anchorId = ids.get(ANCHOR)!;
  const viewerId = ids.get(VIEWER)!;
  const fanIds = DEMO_FANS.map((f) => ids.get(f.mobile)!);
  const members = [viewerId, ...fanIds];
  await db.insert(follows).values(members.map((userId) => ({ userId, anchorId })));
  const group = (await groupOfAnchor(db, anchorId))!;
  await db.insert(fanGroupMembers).values(members.map((userId) => ({ groupId: group.id, userId })));
  for (const userId of fanIds.slice(0, 3)) {
    await appendMessage(db, group.id, { uid: userId, type: GROUP_MSG.join });
  }
  const [dynamic] = await db
    .insert(dynamics)
    .values({ anchorId, content: '今晚 18:45 开播，BLG vs JDG 全程解说，不见不散！', images: [] })
    .returning();
  await appendMessage(db, group.id, {
    uid: anchorId,
    type: GROUP_MSG.dynamic,
    content: dynamic!.content,
    target: dynamic!.id,
  });
  for (const [fan, text] of LINES) {
    await appendMessage(db, group.id, {
      uid: fan < 0 ? viewerId : fanIds[fan]!,
      type: GROUP_MSG.normal,
      content: text,
    });
  }
  // A private chat: the viewer asked, the anchor answered (unread for the viewer).
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  const [chat] = await db
    .insert(privateChats)
    .values({
      userId: viewerId,
      anchorId,
      userUnread: 1,
      lastAt: minutesAgo(5),
      lastText: '会的，开播前在粉丝群发动态',
    })
    .returning();
  await db.insert(privateMessages).values([
    {
      chatId: chat!.id,
      senderUid: viewerId,
      content: '阿杰，今晚会讲 BP 吗？',
      createdAt: minutesAgo(30),
    },
    {
      chatId: chat!.id,
      senderUid: anchorId,
      content: '会的，开播前在粉丝群发动态',
      createdAt: minutesAgo(5),
    },
  ]);
  const adminId = ids.get(ADMIN)!;
  await db.insert(staffThreads).values({
    userId: viewerId,
    userUnread: 1,
    lastStaffId: adminId,
    lastAt: minutesAgo(60),
    lastText: 'Welcome to ArenaLive! Write here if you need help.',
  });
  await db.insert(staffMessages).values({
    userId: viewerId,
    senderUid: adminId,
    content: 'Welcome to ArenaLive! Write here if you need help.',
    createdAt: minutesAgo(60),
  });
  await db.insert(systemMessages).values({
    userId: null,
    kind: SYSTEM_KIND.notice,
    // Created with the accounts' own time, so every demo account sees it.
    content: '欢迎来到竞技直播！关注主播、加入粉丝群，开播第一时间通知你。Welcome to ArenaLive!',
  });
}
