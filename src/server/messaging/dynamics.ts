/**
 * Anchors' dynamics: a short update with up to nine images, posted to the anchor's fan group
 * (a type 8 message) and listed on the anchor's page.
 */
import { desc, eq } from 'drizzle-orm';
import { GROUP_MSG } from '../../lib/messaging/types.ts';
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import { unixSeconds } from '../../lib/time.ts';
import type { Db } from '../db/index.ts';
import { dynamics } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import type { Bus } from '../shared/bus.ts';
import { toInbox } from './common.ts';
import { appendMessage, groupOfAnchor, toViews } from './groups.ts';

/** Dynamics an anchor's page lists per page. */
export const DYNAMICS_PAGE = 10;

/** Posts a dynamic and sends it to the fan group. */
export async function postDynamic(
  db: Db,
  bus: Bus,
  anchorId: number,
  content: string,
  images: string[],
) {
  const group = await groupOfAnchor(db, anchorId);
  if (!group) throw new ApiError('messaging.errors.anchorOnly');
  const [dynamic] = await db.insert(dynamics).values({ anchorId, content, images }).returning();
  const row = await appendMessage(db, group.id, {
    uid: anchorId,
    type: GROUP_MSG.dynamic,
    content,
    imgUrl: images[0] ?? '',
    target: dynamic!.id,
  });
  const [view] = await toViews(db, [row]);
  toInbox(bus, { group: group.id }, { type: SERVER_FRAME.groupMsg, data: view! });
  return { id: dynamic!.id, content, images, send_time: unixSeconds(dynamic!.createdAt) };
}

/** An anchor's dynamics, newest first. */
export async function listDynamics(db: Db, anchorId: number, page: number) {
  const rows = await db
    .select()
    .from(dynamics)
    .where(eq(dynamics.anchorId, anchorId))
    .orderBy(desc(dynamics.id))
    .limit(DYNAMICS_PAGE)
    .offset((page - 1) * DYNAMICS_PAGE);
  return rows.map((d) => ({
    id: d.id,
    content: d.content,
    images: d.images,
    send_time: unixSeconds(d.createdAt),
  }));
}
