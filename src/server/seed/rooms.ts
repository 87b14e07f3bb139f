/** Demo live rooms, one per anchor, and the room manager of 13900000003's room. */
import type { Db } from '../db/index.ts';
import { DEMO_STREAM_URL } from '../live/rooms.ts';
import { liveRooms, roomManagers } from '../db/schema.ts';
import { coverPaths } from '../anchors/covers.ts';
import { DEMO_ROOM_MANAGER, DEMO_ROOMS } from './people.ts';

/** The looping demo HLS clip every demo room plays. */
export { DEMO_STREAM_URL };

/** Inserts the rooms, linking sports rooms to their tagged matches. */
export async function seedRooms(
  db: Db,
  userIds: Map<string, number>,
  matchIds: Map<string, number>,
  now: Date,
): Promise<void> {
  await db.insert(liveRooms).values(
    DEMO_ROOMS.map((room) => ({
      anchorId: userIds.get(room.anchorMobile)!,
      title: room.title,
      ...coverPaths(room),
      categoryId: room.categoryId,
      secondCategoryId: room.secondCategoryId,
      matchId: room.match ? matchIds.get(room.match)! : null,
      isLive: room.live,
      heat: room.heat,
      streamUrl: DEMO_STREAM_URL,
      ticket: room.ticket ?? 0,
      announcement: room.announcement,
      startedAt: new Date(now.getTime() - room.startedMinutesAgo * 60_000),
    })),
  );
  await db.insert(roomManagers).values({
    anchorId: userIds.get(DEMO_ROOM_MANAGER.anchorMobile)!,
    userId: userIds.get(DEMO_ROOM_MANAGER.userMobile)!,
  });
}
