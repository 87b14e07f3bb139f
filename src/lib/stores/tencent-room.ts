/**
 * The live room's chat over Tencent Cloud Chat, when the common config names an application
 * (im_sdkappid ≠ 0): a plain message goes to the room's Tencent group and the group's messages
 * reach the room as hub frames. The room's hub socket stays open for everything else (history,
 * props, gifts, bets, moderation); with im_sdkappid 0 nothing here runs and the SDK never loads.
 */
import { send } from '../api/client.ts';
import { createI18n } from '../i18n/index.ts';
import { anyChatMode } from '../live/chat-modes.ts';
import { CLIENT_FRAME, type SayRequest, type ServerFrame } from '../realtime/protocol/index.ts';
import { sayFrame, tencentRoute } from '../realtime/tencent/mapping.ts';
import { openTencentChat, type TencentChat } from '../realtime/tencent/transport.ts';
import { tencentApi } from '../tencent/api.ts';
import { $config, readConfigFromPage } from './config.ts';
import { $chatModes } from './live-room-modes.ts';
import { $locale } from './locale.ts';
import { $userInfo } from './session.ts';
import { showToast } from './toast.ts';

let chat: TencentChat | undefined;

/** Opens the room's Tencent chat when the common config asks for one, feeding `onFrame`. */
export function openTencentRoom(anchorId: number, onFrame: (frame: ServerFrame) => void): void {
  closeTencentRoom();
  if (!$config.get()) readConfigFromPage();
  const sdkAppId = $config.get()?.im_sdkappid ?? 0;
  if (!sdkAppId) return;
  chat = openTencentChat({
    sdkAppId,
    groupId: String(anchorId),
    credentials: () => send(tencentApi.userSig),
    onFrame,
  });
}

/** Leaves the room's Tencent chat, if any. */
export function closeTencentRoom(): void {
  chat?.close();
  chat = undefined;
}

/**
 * Sends `request` through the room's Tencent group when it goes there (a plain message) and the
 * group is joined; false otherwise, and the caller sends it to the hub. A failed send is toasted.
 * While the room has a chat mode on, every message goes to the hub: only the hub enforces the
 * modes (Tencent's group knows none of them), and its refusals carry slow mode's wait.
 */
export function sayThroughTencent(request: SayRequest, isManager: boolean): boolean {
  const info = $userInfo.get();
  if (!chat?.ready() || !info || anyChatMode($chatModes.get())) return false;
  if (tencentRoute({ type: CLIENT_FRAME.say, data: request }) !== 'tencent') return false;
  const frame = sayFrame(request.content, {
    user_id: info.id,
    from_client_name: info.nick_name,
    avatar: info.avatar,
    level: info.level,
    vip_level: info.vip_level,
    role: info.role,
    is_manager: isManager,
  });
  void chat.send(frame).then((sent) => {
    if (!sent) showToast(createI18n($locale.get())('network.offline'), 'error');
  });
  return true;
}
