/**
 * The stream health in the anchor's own live room (the anchor bar under the stage): rendered
 * for the room's anchor only, so viewers never ask for it.
 */
import { useStore } from '@nanostores/react';
import { $userId } from '../../lib/stores/session.ts';
import { StreamHealthPanel } from './StreamHealthPanel.tsx';

/** The island; `anchorId` is the room's. */
export function RoomStreamHealth({ anchorId }: { anchorId: number }) {
  const userId = useStore($userId);
  return userId === String(anchorId) ? <StreamHealthPanel compact /> : null;
}
