/** The common config of spec §3: the switches and addresses the client reads at start. */
import { z } from 'zod';

/** Schema of the switch/address part of getCommonConfig (`data.config`). */
export const commonConfigSchema = z.object({
  /** Customer service chat address (side menu, zh-CN only). */
  service_url: z.string(),
  /** Mobile site address; its QR code is the download QR. */
  h5_domain: z.string(),
  /** Official Weibo account address. */
  weibo: z.string(),
  /** Prefix for uploaded image paths. */
  img_upload_url: z.string(),
  /** 1 enables ticket-paid rooms and the voucher entry. */
  ticket_switch: z.number().int(),
  /** 1 shows the check-in button and dialog. */
  checkin_switch: z.number().int(),
  /** 1 shows the live preview tab. */
  live_preview_switch: z.number().int(),
  /** How many times a day the check-in dialog may open by itself. */
  dialog_daily_times: z.number().int(),
  /** SDKAppID of Tencent Cloud Chat when the server runs IM_PROVIDER=tencent; 0 with the built-in hub. */
  im_sdkappid: z.number().int(),
  /** 1 shows the private chat tab. */
  private_message_toggle: z.number().int(),
  /** 1 shows the World Cup tab and themed page. */
  worldcup_thematic_toggle: z.number().int(),
  /** 1 shows the game (lottery) button. */
  lottery_switch: z.number().int(),
  /** 1 shows the ranking (talent list) button. */
  talent_list_status: z.number().int(),
});

/** The switches and addresses of the common config. */
export type CommonConfig = z.infer<typeof commonConfigSchema>;

/** Keys of the common config, in spec order. */
export const COMMON_CONFIG_KEYS = Object.keys(commonConfigSchema.shape) as (keyof CommonConfig)[];

/** One live category as getCommonConfig and getCategory return it. */
export interface LiveCategory {
  id: number;
  name: string;
  second_category: { id: number; name: string; sport_id: number | null }[];
}

/** A quick-bet chip value (minor units) offered by quizzes. */
export type Chip = number;

/** The whole `data` of getCommonConfig. */
export interface CommonConfigResponse {
  config: CommonConfig;
  live_category: LiveCategory[];
  chips: Chip[];
}

/** Values used when a key is missing from the database. */
export const DEFAULT_COMMON_CONFIG: CommonConfig = {
  service_url: '',
  h5_domain: '',
  weibo: '',
  img_upload_url: '/uploads/',
  ticket_switch: 0,
  checkin_switch: 0,
  live_preview_switch: 0,
  dialog_daily_times: 1,
  im_sdkappid: 0,
  private_message_toggle: 0,
  worldcup_thematic_toggle: 0,
  lottery_switch: 0,
  talent_list_status: 0,
};
