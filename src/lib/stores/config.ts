/** The common config in the browser: read from the page (server-rendered), refreshable from the API. */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { configApi } from '../config/api.ts';
import type { CommonConfig, CommonConfigResponse } from '../common-config.ts';

/** Switches and addresses of getCommonConfig; null until the page provides them. */
export const $config = atom<CommonConfig | null>(null);

/** Session-storage key of the live preview flag (spec §3). */
export const PREVIEW_SWITCH_KEY = 'preview_switch';

/** Sets the config and mirrors live_preview_switch into session storage. */
export function setConfig(config: CommonConfig): void {
  $config.set(config);
  if (config.live_preview_switch === 1) sessionStorage.setItem(PREVIEW_SWITCH_KEY, '1');
}

/** Reads the config the server rendered into `#common-config`, if present. */
export function readConfigFromPage(): void {
  const el = document.getElementById('common-config');
  if (!el?.textContent) return;
  try {
    setConfig(JSON.parse(el.textContent) as CommonConfig);
  } catch {
    console.warn('common config on the page is not valid JSON');
  }
}

/** Fetches getCommonConfig again (for long-lived pages such as the live room). */
export async function refreshConfig(): Promise<CommonConfigResponse> {
  const data = await send(configApi.common);
  setConfig(data.config);
  return data;
}
