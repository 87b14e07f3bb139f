/** Debian's Chromium and the flags every test and benchmark launches it with (never a downloaded browser). */

/** Path of the browser binary. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless flags for a sandboxed machine without network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** WebRTC on loopback: Chromium hides or skips its host candidates otherwise. */
export const WEBRTC_LOOPBACK_ARGS = [
  '--disable-features=WebRtcHideLocalIpsWithMdns',
  '--allow-loopback-in-peer-connection',
];
