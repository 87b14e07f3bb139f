/** The anchor's stream and live-session calls as the browser makes them. */
import { call } from '../api/client.ts';

/** getStreamInfo's answer (resetStreamKey answers the same). */
export interface StreamInfo {
  push_url: string;
  web_rtc_push_url: string;
  stream: string;
  anchor_secret: string;
}

export const studioApi = {
  /** POST /webapi/live/getStreamInfo: the calling anchor's push addresses and key. */
  streamInfo: () => call<StreamInfo>('post', '/webapi/live/getStreamInfo'),
  /** POST /webapi/live/resetStreamKey: a new push key; the old one stops working at once. */
  resetStreamKey: () => call<StreamInfo>('post', '/webapi/live/resetStreamKey'),
  /** POST /webapi/live/sessionState: whether the calling anchor's live session is open (1). */
  sessionState: () => call<{ session_open: number }>('post', '/webapi/live/sessionState'),
  /** POST /webapi/live/endLive: ends the calling anchor's live. */
  endLive: () => call<null>('post', '/webapi/live/endLive'),
};
