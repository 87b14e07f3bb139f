/** Sending the feedback form. */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { feedbackApi, type FeedbackParams } from '../feedback/api.ts';

/** idle, sending, sent or an error message. */
export const $feedbackState = atom<
  { state: 'idle' | 'sending' | 'sent' } | { state: 'error'; message: string }
>({
  state: 'idle',
});

/** Sends the form; the server validates and limits it. */
export async function submitFeedback(body: FeedbackParams): Promise<void> {
  $feedbackState.set({ state: 'sending' });
  try {
    await send(feedbackApi.submit, body);
    $feedbackState.set({ state: 'sent' });
  } catch (err) {
    $feedbackState.set({ state: 'error', message: (err as Error).message });
  }
}
