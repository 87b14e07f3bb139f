import { describe, expect, it, vi } from 'vitest';
import { SERVER_FRAME, type Frame } from '../protocol/index.ts';
import { sayFrame, TENCENT_EXTENSION, TIM_CUSTOM, toTencent, type Speaker } from './mapping.ts';
import {
  openTencentChat,
  type ChatInstance,
  type ChatSdk,
  type TencentChatOptions,
} from './transport.ts';

const ROOM = '100003';
const ME: Speaker = {
  user_id: 100001,
  from_client_name: 'Viewer',
  avatar: '',
  level: 5,
  vip_level: 0,
  role: 1,
  is_manager: false,
};
const EVENT = { SDK_READY: 'ready', MESSAGE_RECEIVED: 'received', KICKED_OUT: 'kicked' };
const TYPES = { CONV_GROUP: 'GROUP', GRP_AVCHATROOM: 'AVChatRoom' };

/** A stand-in for the SDK: records calls, fires events when told. */
function fakeSdk() {
  const handlers = new Map<string, Set<(event: { data: unknown }) => void>>();
  const calls: string[] = [];
  let sequence = 100;
  const instance = {
    login: vi.fn(({ userID }: { userID: string }) => {
      calls.push(`login ${userID}`);
      queueMicrotask(() => emit(EVENT.SDK_READY, null));
      return Promise.resolve({});
    }),
    logout: vi.fn(() => (calls.push('logout'), Promise.resolve())),
    destroy: vi.fn(() => (calls.push('destroy'), Promise.resolve())),
    joinGroup: vi.fn(({ groupID, type }: { groupID: string; type?: string }) => {
      calls.push(`join ${groupID} ${type}`);
      return Promise.resolve({});
    }),
    quitGroup: vi.fn((id: string) => (calls.push(`quit ${id}`), Promise.resolve())),
    on: (event: string, handler: (event: { data: unknown }) => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
    },
    off: (event: string, handler: (event: { data: unknown }) => void) =>
      handlers.get(event)?.delete(handler),
    setLogLevel: vi.fn(),
    createCustomMessage: vi.fn((o: { to: string; conversationType: string; payload: unknown }) => ({
      ID: `out-${sequence}`,
      type: TIM_CUSTOM,
      conversationType: o.conversationType,
      to: o.to,
      from: String(ME.user_id),
      time: 1_800_000_000,
      payload: o.payload,
    })),
    sendMessage: vi.fn((message: Record<string, unknown>) =>
      Promise.resolve({ data: { message: { ...message, sequence: ++sequence } } }),
    ),
  } satisfies ChatInstance;
  function emit(event: string, data: unknown): void {
    for (const handler of handlers.get(event) ?? []) handler({ data });
  }
  const create = vi.fn(() => instance);
  const sdk: ChatSdk = { create, EVENT, TYPES };
  return { sdk, create, instance, emit, calls };
}

/** Opens a chat on a fake SDK and waits until it joined the room. */
async function open(extra: Partial<TencentChatOptions> = {}) {
  const fake = fakeSdk();
  const frames: Frame[] = [];
  const states: string[] = [];
  const chat = openTencentChat({
    sdkAppId: 1400000001,
    groupId: ROOM,
    credentials: () => Promise.resolve({ id: '100001', sig: 'tencent-sig' }),
    onFrame: (frame) => frames.push(frame),
    onState: (state) => states.push(state),
    load: () => Promise.resolve(fake.sdk),
    ...extra,
  });
  await vi.waitFor(() => expect(chat.ready()).toBe(true));
  return { ...fake, chat, frames, states };
}

/** A group message of the room from `from` carrying `frame`. */
function received(frame: Frame, from: string, to = ROOM, id = `in-${Math.random()}`) {
  return {
    ID: id,
    type: TIM_CUSTOM,
    conversationType: 'GROUP',
    from,
    to,
    time: 1_800_000_100,
    sequence: 7,
    payload: toTencent(frame, 'room'),
  };
}

describe('the Tencent chat transport', () => {
  it('logs in with getUserSig, waits for the SDK and joins the room as an audio-video group', async () => {
    const { create, instance, calls, states } = await open();
    expect(create).toHaveBeenCalledWith({ SDKAppID: 1400000001 });
    expect(instance.login).toHaveBeenCalledWith({ userID: '100001', userSig: 'tencent-sig' });
    expect(calls).toEqual(['login 100001', `join ${ROOM} AVChatRoom`]);
    expect(states).toEqual(['ready']);
  });

  it("hands the room's messages of ours to onFrame, once each, and drops the rest", async () => {
    const { emit, frames } = await open();
    const say = received(sayFrame('hello', ME), '100001', ROOM, 'm-1');
    emit(EVENT.MESSAGE_RECEIVED, [
      say,
      say,
      received(sayFrame('elsewhere', ME), '100001', '200000'),
      received(sayFrame('forged', ME), '100002'),
      {
        ...say,
        ID: 'm-2',
        payload: { data: 'x', description: 'say', extension: TENCENT_EXTENSION },
      },
      { ID: 'm-3', type: 'TIMTextElem', payload: { text: 'plain' } },
      null,
    ]);
    emit(EVENT.MESSAGE_RECEIVED, 'not a list');
    expect(frames).toEqual([
      {
        type: SERVER_FRAME.say,
        data: { ...sayFrame('hello', ME).data, id: -7, time: 1_800_000_100_000 },
      },
    ]);
  });

  it('sends a say to the group and shows it from the answer, since Tencent does not echo it', async () => {
    const { instance, chat, frames } = await open();
    const hi = sayFrame('hi all', ME, 5);
    expect(await chat.send(hi)).toBe(true);
    expect(instance.createCustomMessage).toHaveBeenCalledWith({
      to: ROOM,
      conversationType: 'GROUP',
      payload: toTencent(hi, 'room'),
    });
    expect(frames).toEqual([
      { type: SERVER_FRAME.say, data: { ...hi.data, id: -101, time: 1_800_000_000_000 } },
    ]);
  });

  it('refuses what Tencent does not carry, and reports a failed send', async () => {
    const { instance, chat } = await open();
    // Only a say goes to the group, whatever a caller passes.
    expect(await chat.send({ type: SERVER_FRAME.gift, data: {} } as never)).toBe(false);
    expect(await chat.send(sayFrame('', ME))).toBe(false);
    expect(instance.createCustomMessage).not.toHaveBeenCalled();
    instance.sendMessage.mockRejectedValueOnce(new Error('10017 muted'));
    expect(await chat.send(sayFrame('hi', ME))).toBe(false);
  });

  it('leaves the group, logs out and stops delivering on close', async () => {
    const { chat, calls, emit, frames, states, instance } = await open();
    chat.close();
    chat.close();
    expect(chat.ready()).toBe(false);
    expect(await chat.send(sayFrame('late', ME))).toBe(false);
    emit(EVENT.MESSAGE_RECEIVED, [received(sayFrame('late', ME), '100001')]);
    expect(frames).toEqual([]);
    await vi.waitFor(() => expect(instance.destroy).toHaveBeenCalled());
    expect(calls.slice(2)).toEqual([`quit ${ROOM}`, 'logout', 'destroy']);
    expect(states).toEqual(['ready', 'closed']);
  });

  it('closes when the account is kicked out, and when the login fails', async () => {
    const { emit, states } = await open();
    emit(EVENT.KICKED_OUT, { type: 'multipleAccount' });
    expect(states).toEqual(['ready', 'closed']);

    const fake = fakeSdk();
    fake.instance.login.mockRejectedValueOnce(new Error('70001 UserSig expired'));
    const failed: string[] = [];
    openTencentChat({
      sdkAppId: 1,
      groupId: ROOM,
      credentials: () => Promise.resolve({ id: '100001', sig: 'bad' }),
      onFrame: () => {},
      onState: (state) => failed.push(state),
      load: () => Promise.resolve(fake.sdk),
    });
    await vi.waitFor(() => expect(failed).toEqual(['closed']));
    expect(fake.instance.joinGroup).not.toHaveBeenCalled();
  });

  it('never creates an instance when closed while the SDK loads', async () => {
    const fake = fakeSdk();
    let loaded: (sdk: ChatSdk) => void = () => {};
    const chat = openTencentChat({
      sdkAppId: 1,
      groupId: ROOM,
      credentials: () => Promise.resolve({ id: '1', sig: 's' }),
      onFrame: () => {},
      load: () => new Promise<ChatSdk>((resolve) => (loaded = resolve)),
    });
    chat.close();
    loaded(fake.sdk);
    await Promise.resolve();
    expect(fake.create).not.toHaveBeenCalled();
  });
});
