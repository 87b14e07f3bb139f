/**
 * A live room's chat over Tencent Cloud Chat: loads the SDK on first use (a dynamic import, so
 * pages on the built-in hub never download it), logs in with getUserSig's id and UserSig, joins
 * the room's audio-video group and hands each message of ours to `onFrame` as a hub frame.
 * It sends only a plain room `say` (what `tencentRoute` gives Tencent); the room's hub socket
 * stays open beside it for everything else.
 */
import type TencentCloudChat from '@tencentcloud/chat';
import { SERVER_FRAME, type ServerFrame } from '../protocol/index.ts';
import {
  roomFrameFromTencent,
  TENCENT_ADMIN,
  TIM_CONVERSATION,
  toTencent,
  type TencentCustomPayload,
  type TencentSayFrame,
} from './mapping.ts';

/**
 * The part of a Tencent Cloud Chat instance the transport uses (the SDK's ChatSDK); `T` is the
 * type of the SDK's TYPES constants (an enum in the SDK, strings in a test's fake).
 */
export interface ChatInstance<T = string> {
  login(options: { userID: string; userSig: string }): Promise<unknown>;
  logout(): Promise<unknown>;
  destroy(): Promise<unknown>;
  joinGroup(options: { groupID: string; type?: T }): Promise<unknown>;
  quitGroup(groupID: string): Promise<unknown>;
  on(event: string, handler: (event: { data: unknown }) => void): void;
  off(event: string, handler: (event: { data: unknown }) => void): void;
  setLogLevel(level: number): void;
  createCustomMessage(options: {
    to: string;
    conversationType: T;
    payload: TencentCustomPayload;
  }): unknown;
  sendMessage(message: unknown): Promise<{ data?: { message?: unknown } }>;
}

/** The part of the SDK's namespace the transport uses (`TencentCloudChat`). */
export interface ChatSdk<T = string> {
  create(options: { SDKAppID: number }): ChatInstance<T>;
  EVENT: { SDK_READY: string; MESSAGE_RECEIVED: string; KICKED_OUT: string };
  TYPES: { CONV_GROUP: T; GRP_AVCHATROOM: T };
}

/** Where the Tencent chat is: loading and logging in, joined to the group, or closed. */
export type TencentChatState = 'connecting' | 'ready' | 'closed';

/** What the room gives the transport. */
export interface TencentChatOptions {
  /** The application's SDKAppID (common config im_sdkappid). */
  sdkAppId: number;
  /** The room's group: its groupId, the anchor's user id. */
  groupId: string;
  /** getUserSig: the chat id and its Tencent UserSig. */
  credentials: () => Promise<{ id: string; sig: string }>;
  /** Each room frame of ours that arrives, and our own sent messages once Tencent took them. */
  onFrame: (frame: ServerFrame) => void;
  /** State changes. */
  onState?: (state: TencentChatState) => void;
  /** The account our server speaks as (default the application's `administrator`). */
  adminId?: string;
  /** Loads the SDK; tests give a fake. */
  load?: () => Promise<ChatSdk<string>>;
}

/** A room's Tencent chat. */
export interface TencentChat {
  /** Sends a room `say` (sayFrame); false when not joined yet, or Tencent or the mapping refused it. */
  send: (frame: TencentSayFrame) => Promise<boolean>;
  /** True once joined to the group. */
  ready: () => boolean;
  /** Leaves the group, logs out and drops the instance. */
  close: () => void;
}

/** The SDK, from npm, fetched only when a room uses Tencent Cloud Chat. */
async function loadSdk(): Promise<ChatSdk<string>> {
  const sdk: ChatSdk<TencentCloudChat.TYPES> = (await import('@tencentcloud/chat')).default;
  return sdk as ChatSdk<string>;
}

/** Message IDs remembered so one delivered twice (our echo, another tab) shows once. */
const SEEN_LIMIT = 500;

/** Opens the room's Tencent chat; it connects in the background. */
export function openTencentChat(options: TencentChatOptions): TencentChat {
  const { groupId, onFrame } = options;
  const adminId = options.adminId ?? TENCENT_ADMIN;
  let chat: ChatInstance | undefined;
  let sdk: ChatSdk | undefined;
  let state: TencentChatState = 'connecting';
  const seen = new Set<string>();

  const setState = (next: TencentChatState) => {
    if (state === 'closed' || state === next) return;
    state = next;
    options.onState?.(next);
  };

  /** Hands a message of ours in this room (or from the administrator to us) to onFrame, once. */
  function deliver(message: unknown): void {
    if (typeof message !== 'object' || message === null) return;
    const m = message as { ID?: unknown; conversationType?: unknown; to?: unknown };
    if (m.conversationType === TIM_CONVERSATION.group && m.to !== groupId) return;
    if (typeof m.ID === 'string') {
      if (seen.has(m.ID)) return;
      seen.add(m.ID);
      if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value!);
    }
    const frame = roomFrameFromTencent(message, adminId);
    if (frame) onFrame(frame);
  }

  const onMessages = (event: { data: unknown }) => {
    if (Array.isArray(event.data)) for (const message of event.data) deliver(message);
  };
  const onKicked = () => close();

  // A function, not `state` itself: close() may run during any await below.
  const closed = () => state === 'closed';

  async function connect(): Promise<void> {
    const loaded = await (options.load ?? loadSdk)();
    if (closed()) return;
    const { EVENT, TYPES } = loaded;
    const instance = loaded.create({ SDKAppID: options.sdkAppId });
    sdk = loaded;
    chat = instance;
    instance.setLogLevel(1);
    const ready = new Promise<void>((resolve) => {
      const onReady = () => {
        instance.off(EVENT.SDK_READY, onReady);
        resolve();
      };
      instance.on(EVENT.SDK_READY, onReady);
    });
    instance.on(EVENT.MESSAGE_RECEIVED, onMessages);
    instance.on(EVENT.KICKED_OUT, onKicked);
    const { id, sig } = await options.credentials();
    if (closed()) return;
    await instance.login({ userID: id, userSig: sig });
    // Sending and joining wait for the SDK to be ready after the login.
    await ready;
    if (closed()) return;
    await instance.joinGroup({ groupID: groupId, type: TYPES.GRP_AVCHATROOM });
    setState('ready');
  }

  function close(): void {
    if (state === 'closed') return;
    const wasReady = state === 'ready';
    setState('closed');
    const instance = chat;
    chat = undefined;
    if (!instance || !sdk) return;
    instance.off(sdk.EVENT.MESSAGE_RECEIVED, onMessages);
    instance.off(sdk.EVENT.KICKED_OUT, onKicked);
    const leave = wasReady ? instance.quitGroup(groupId) : Promise.resolve();
    // Leaving is best effort: the page may be going away.
    void leave
      .catch(() => {})
      .then(() => instance.logout())
      .catch(() => {})
      .then(() => instance.destroy())
      .catch(() => {});
  }

  async function send(frame: TencentSayFrame): Promise<boolean> {
    if (state !== 'ready' || !chat || !sdk || frame.type !== SERVER_FRAME.say) return false;
    const payload = toTencent(frame, 'room');
    if (!payload) return false;
    try {
      const message = chat.createCustomMessage({
        to: groupId,
        conversationType: sdk.TYPES.CONV_GROUP,
        payload,
      });
      const sent = await chat.sendMessage(message);
      // Tencent does not echo a message to the instance that sent it: show it from its answer.
      deliver(sent.data?.message ?? message);
      return true;
    } catch {
      return false;
    }
  }

  connect().catch(() => close());
  return { send, ready: () => state === 'ready', close };
}
