/**
 * The anchor's tools under the stage of their own live room: broadcasting from the browser
 * (loaded only for the anchor, so viewers never download it) and the incoming stream's health.
 * Rendered for the room's anchor only, so viewers never ask for either.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $userId } from '../../lib/stores/session.ts';
import { StreamHealthPanel } from './StreamHealthPanel.tsx';

const BroadcastConsole = lazy(() =>
  import('../broadcast/BroadcastConsole.tsx').then((m) => ({ default: m.BroadcastConsole })),
);

/** The island; `anchorId` is the room's. */
export function RoomStreamHealth({ anchorId }: { anchorId: number }) {
  const userId = useStore($userId);
  if (userId !== String(anchorId)) return null;
  return (
    <>
      <Suspense fallback={null}>
        <BroadcastConsole anchorId={anchorId} />
      </Suspense>
      <StreamHealthPanel compact />
    </>
  );
}
