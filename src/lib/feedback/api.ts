/** The feedback call (endpoint descriptor). */
import { post } from '../api/endpoint.ts';

/** The feedback form as sent. */
export type FeedbackParams = { kind: string; content: string; contact: string };

export const feedbackApi = {
  /** Sends the feedback form, for everyone (limited per device and address). */
  submit: post<null, FeedbackParams>('/api/feedback/submit'),
};
