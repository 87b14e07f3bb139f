/** The anchor's live session as their own room shows it: whether it is open, and ending it. */
import { send } from '../api/client.ts';
import { studioApi } from '../studio/api.ts';

/** Whether the calling anchor's live session is open (startLive called, endLive not yet). */
export async function liveSessionOpen(): Promise<boolean> {
  return (await send(studioApi.sessionState)).session_open === 1;
}

/** Ends the calling anchor's live. */
export async function endLive(): Promise<void> {
  await send(studioApi.endLive);
}
