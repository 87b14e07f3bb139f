/**
 * The message centre's calls outside a conversation: the chat list, an anchor's profile (to open
 * a private chat or join a fan group), joining, a group's info and its moderation, and posting a
 * dynamic. Each answers what the server returned; refusals reject with the server's message.
 */
import { send } from '../api/client.ts';
import { followsApi } from '../follows/api.ts';
import {
  messagingApi,
  type AnchorProfile,
  type GroupInfo,
  type ModerateRequest,
} from '../messaging/api.ts';
import type { ChatListEntry } from '../messaging/types.ts';

/** The caller's conversations. */
export async function loadChatList(): Promise<ChatListEntry[]> {
  return (await send(messagingApi.chatList)).chat_list;
}

/** An anchor's profile with their fan groups and whether the caller follows them. */
export function loadAnchorProfile(anchorId: number): Promise<AnchorProfile> {
  return send(messagingApi.anchorProfile, { anchorId });
}

/** Joins the anchor's first fan group, following the anchor first when needed; the server's note. */
export async function joinFanGroup(profile: AnchorProfile): Promise<string> {
  const group = profile.groups[0];
  if (!group) throw new Error('no fan group');
  if (!profile.is_attend)
    await send(followsApi.toggle, { anchorid: profile.anchor_profile.anchor_id });
  return (await send(messagingApi.join, { group_id: group.group_id })).msg;
}

/** A fan group's info as its member sees it (role, mute). */
export function loadGroupInfo(groupId: number): Promise<GroupInfo> {
  return send(messagingApi.groupInfo, { group_id: groupId });
}

/** A manager's act in a fan group (delete a message, mute a member). */
export async function moderateGroup(groupId: number, request: ModerateRequest): Promise<void> {
  await send(messagingApi.moderate, { group_id: groupId, ...request });
}

/** Posts a dynamic to the anchor's followers. */
export async function postDynamic(text: string, images: string[]): Promise<void> {
  await send(messagingApi.postDynamic, { content: text, images });
}
