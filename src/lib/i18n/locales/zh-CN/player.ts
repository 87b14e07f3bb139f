/** zh-CN strings of the video player's controls. */
import type { PlayerResource } from '../../types.ts';

/** The video player. */
export const player: PlayerResource = {
  region: '视频播放器',
  controls: '播放控制',
  play: '播放',
  pause: '暂停',
  mute: '静音',
  unmute: '取消静音',
  volume: '音量',
  tapToUnmute: '点击取消静音',
  quality: '清晰度',
  qualityNow: '清晰度：{{label}}',
  auto: '自动',
  autoWith: '自动（{{label}}）',
  fullscreen: '全屏',
  exitFullscreen: '退出全屏',
  pip: '画中画',
  exitPip: '退出画中画',
  lowLatency: '低延迟',
  lowLatencyHint: '更接近实时，网络较慢时可能更易卡顿',
  modeWebrtc: 'WebRTC',
  modeWebrtcHint: '正在通过 WebRTC 播放，延迟不到一秒',
  modeHls: 'HLS',
  modeHlsHint: '正在通过 HLS 播放，延迟几秒',
  loading: '直播加载中…',
  live: '直播',
};
