/**
 * The room manager's actions in the live room: ban and unban a viewer, delete a message, clear
 * the chat, set the announcement and the chat modes. Each sends one frame on the room's socket; the hub checks
 * the manager right and answers with the frames the live-room store already handles.
 */
import { CLIENT_FRAME, type AnnouncementData } from '../realtime/protocol/index.ts';
import type { ChatModes } from '../live/chat-modes.ts';
import type { BanReason, BanUnit } from '../rules/chat.ts';
import { sendOnRoomSocket } from './live-room.ts';

/** Manager: bans `uid` for `amount` `unit`s for `reason`. */
export function banUser(
  uid: number,
  unit: BanUnit,
  amount: number,
  reason: Exclude<BanReason, 'auto'>,
): void {
  sendOnRoomSocket(CLIENT_FRAME.ban, { uid, unit, amount, reason });
}

/** Manager: lifts the ban of `uid`. */
export function unbanUser(uid: number): void {
  sendOnRoomSocket(CLIENT_FRAME.unban, { uid });
}

/** Manager: deletes message `id` for everyone. */
export function deleteChatMessage(id: number): void {
  sendOnRoomSocket(CLIENT_FRAME.deleteMsg, { id });
}

/** Manager: clears the chat for everyone. */
export function clearRoomChat(): void {
  sendOnRoomSocket(CLIENT_FRAME.clearChat, {});
}

/** Manager: sets the announcement. */
export function saveAnnouncement(content: string, contact: AnnouncementData['contact']): void {
  sendOnRoomSocket(CLIENT_FRAME.announce, { content, contact });
}

/** Anchor or manager: sets all of the room's chat modes at once. */
export function saveChatModes(modes: ChatModes): void {
  sendOnRoomSocket(CLIENT_FRAME.chatModes, modes);
}
