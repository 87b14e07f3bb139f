/**
 * The anchor's calls (endpoint descriptors): the push address and key, starting, planning and
 * ending a live, the start-live dialog's categories, leagues and matches, the anchor centre's
 * reports and the incoming stream's health.
 */
import { get, post } from '../api/endpoint.ts';
import type { LiveCategory } from '../common-config.ts';
import type { AnalysisReport, CentreOverview, IncomeReport, LiveDetail } from './centre.ts';
import type { StreamHealth } from './stream-health.ts';

/** getStreamInfo's answer (resetStreamKey answers the same). */
export interface StreamInfo {
  push_url: string;
  web_rtc_push_url: string;
  stream: string;
  anchor_secret: string;
}

/** `/api/qcloud_sts`'s answer: the spec's fields, and where and how to send the upload. */
export interface CloudKeys {
  Credentials: { TmpSecretId: string; TmpSecretKey: string; Token: string };
  /** When the keys stop working, Unix seconds. */
  ExpiredTime: number;
  bucket: string;
  region: string;
  /** The one object name the keys may write (`images/...`). */
  filename: string;
  /** `tencent`: sign for COS (x-cos-security-token); `s3`: AWS signature v4. */
  provider: 'tencent' | 's3';
  /** Where the object is PUT: `<endpoint>/<filename>`. */
  endpoint: string;
}

/** A league with open matches. */
export interface LeagueOption {
  comp: number;
  name: string;
}

/** A match the live may link. */
export interface MatchOption {
  match_id: number;
  home: string;
  away: string;
  start_time: string;
  status: number;
}

/** One of the anchor's own planned lives. */
export interface OwnPlan {
  id: number;
  title: string;
  cover: string;
  category: string;
  second_category: string | null;
  category_id: number;
  child_category_id: number | null;
  match_id: number;
  ticket: number;
  /** Epoch seconds. */
  plan_time: number;
  /** 0 planned, 1 cancelled, 2 started. */
  status: number;
}

/** What startLive sends (the spec's fields; room_type, price and start_stamp are always 0). */
export type StartLiveParams = {
  title: string;
  category: number;
  cateid: number;
  match_id: number;
  thumb: string;
  thumb_y: string;
  ticket: 0 | 1;
  enable_webrtc: 0 | 1;
  plan_id: number;
  room_type: number;
  price: number;
  start_stamp: number;
};

/** What anchor_plan_create sends; `plan_time` in epoch seconds, absent when not given. */
export type PlanCreateParams = {
  anchor_id: number;
  title: string;
  category_id: number;
  child_category_id: number;
  thumb: string;
  match_id: number;
  ticket: 0 | 1;
  plan_time: number | undefined;
};

/** A date range of the anchor centre, both ends included (yyyy-mm-dd, site time zone). */
export type CentreRangeParams = { from: string; to: string };

export const studioApi = {
  /**
   * Uploads one image (multipart: `file` and its `use`); answers its path. The store sends it
   * with XMLHttpRequest for the upload's progress, so `send()` never carries it.
   */
  uploadImage: post<{ url: string }>('/api/user/file'),
  /**
   * Temporary keys that may upload one image straight to the cloud bucket, as `filename`
   * (status 1 with the noCloud message where the site keeps uploads itself).
   */
  cloudKeys: post<CloudKeys>('/api/qcloud_sts'),
  /**
   * Takes in the image uploaded to the bucket as `filename`: checked, converted and stored as
   * uploadImage's are; answers its path the same way.
   */
  claimCloudImage: post<{ url: string; list: string[] }, { filename: string; use?: string }>(
    '/api/user/cloud_file',
  ),
  /** The calling anchor's push addresses and key. */
  streamInfo: post<StreamInfo>('/webapi/live/getStreamInfo'),
  /** A new push key for the calling anchor; the old one stops working at once. */
  resetStreamKey: post<StreamInfo>('/webapi/live/resetStreamKey'),
  /** Whether the calling anchor's live session is open (1). */
  sessionState: post<{ session_open: number }>('/webapi/live/sessionState'),
  /** Ends the calling anchor's live. */
  endLive: post<null>('/webapi/live/endLive'),
  /** The live categories the start-live dialog offers. */
  categories: post<{ list: LiveCategory[] }>('/webapi/live/getCategory'),
  /** Leagues with open matches in a sports secondary category, for the start-live dialog. */
  leagues: post<{ sport_live_match_comp: LeagueOption[] }, { cateid: number }>(
    '/webapi/live/getSportMatchComp',
  ),
  /** A league's open matches, for the start-live dialog. */
  matches: post<{ sport_live_match: MatchOption[] }, { comp: number }>(
    '/webapi/live/getSportMatch',
  ),
  /** Starts the calling anchor's live; answers the room and the success message. */
  startLive: post<{ room_id: number; msg: string }, StartLiveParams>('/webapi/live/startLive'),
  /** The calling anchor's planned lives. */
  plans: post<{ list: OwnPlan[] }>('/api/live/anchor_plan_list'),
  /** Plans a live for the calling anchor; answers the plan and the success message. */
  createPlan: post<{ id: number; msg: string }, PlanCreateParams>('/api/live/anchor_plan_create'),
  /** Cancels one of the calling anchor's planned lives. */
  cancelPlan: post<{ id: number }, { id: number }>('/api/live/anchor_plan_cancel'),
  /** The calling anchor's incoming stream health. */
  streamHealth: get<StreamHealth>('/api/studio/stream_health'),
};

/** The anchor centre's reports (/user-center/center-anchor), for the calling anchor. */
export const anchorCentreApi = {
  /** The overview: balance, today's and this month's totals, followers and the newest lives. */
  overview: post<CentreOverview>('/api/studio/overview'),
  /** A page of the income report of a date range. */
  income: post<IncomeReport, CentreRangeParams & { page: number }>('/api/studio/income'),
  /** The analysis of a date range: per day and per live. */
  analysis: post<AnalysisReport, CentreRangeParams>('/api/studio/analysis'),
  /** One live's viewers per minute. */
  live: post<LiveDetail, { id: number }>('/api/studio/live'),
};
