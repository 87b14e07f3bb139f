/** The anchor's live session as their own room shows it: whether it is open, and ending it. */
import { call } from '../api/client.ts';

/** Whether the calling anchor's live session is open (startLive called, endLive not yet). */
export async function liveSessionOpen(): Promise<boolean> {
  const { session_open } = await call<{ session_open: number }>(
    'post',
    '/webapi/live/sessionState',
  );
  return session_open === 1;
}

/** Ends the calling anchor's live. */
export async function endLive(): Promise<void> {
  await call('post', '/webapi/live/endLive');
}
