// @vitest-environment happy-dom
/** The room's Tencent chat: only with an im_sdkappid, plain messages only, failures toasted. */
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COMMON_CONFIG } from '../common-config.ts';
import type { Frame } from '../realtime/protocol/index.ts';
import type { TencentChatOptions } from '../realtime/tencent/transport.ts';
import type { UserInfo } from '../user-info.ts';
import { $config } from './config.ts';
import { resetRoomModes, setRoomModes } from './live-room-modes.ts';
import { $userInfo } from './session.ts';
import { closeTencentRoom, openTencentRoom, sayThroughTencent } from './tencent-room.ts';
import { $toast } from './toast.ts';
import { tencentApi } from '../tencent/api.ts';

const fake = vi.hoisted(() => ({
  opened: [] as TencentChatOptions[],
  sent: [] as Frame[],
  ready: true,
  sendResult: true,
  closed: 0,
}));

vi.mock('../realtime/tencent/transport.ts', () => ({
  openTencentChat: (options: TencentChatOptions) => {
    fake.opened.push(options);
    return {
      send: (frame: Frame) => (fake.sent.push(frame), Promise.resolve(fake.sendResult)),
      ready: () => fake.ready,
      close: () => void fake.closed++,
    };
  },
}));

vi.mock('../api/client.ts', () => ({
  send: ({ path }: { path: string }) =>
    path === tencentApi.userSig.path
      ? Promise.resolve({ id: '100001', sig: 'tencent', hub_sig: 'hub' })
      : Promise.reject(new Error(path)),
}));

const USER: UserInfo = {
  id: 100001,
  nick_name: 'Viewer',
  avatar: '/a.png',
  level: 5,
  process: 0,
  remainder: 0,
  diamond: 0,
  gold: 0,
  mobile: '139****0001',
  formatPhone: '',
  vip_level: 2,
  role: 1,
};

beforeEach(() => {
  Object.assign(fake, { opened: [], sent: [], ready: true, sendResult: true, closed: 0 });
  $userInfo.set(USER);
});

afterEach(() => {
  closeTencentRoom();
  cleanStores($config, $userInfo, $toast);
});

describe('the room chat over Tencent Cloud Chat', () => {
  it('stays off with im_sdkappid 0: the hub carries everything', () => {
    $config.set({ ...DEFAULT_COMMON_CONFIG, im_sdkappid: 0 });
    openTencentRoom(100003, () => {});
    expect(fake.opened).toEqual([]);
    expect(sayThroughTencent({ content: 'hi' }, false)).toBe(false);
  });

  it("joins the room's group with getUserSig's Tencent signature", async () => {
    $config.set({ ...DEFAULT_COMMON_CONFIG, im_sdkappid: 1400000001 });
    openTencentRoom(100003, () => {});
    expect(fake.opened).toHaveLength(1);
    const [options] = fake.opened;
    expect(options).toMatchObject({ sdkAppId: 1400000001, groupId: '100003' });
    expect(await options!.credentials()).toMatchObject({ id: '100001', sig: 'tencent' });
    // Entering another room leaves the first.
    openTencentRoom(100004, () => {});
    expect(fake.closed).toBe(1);
    expect(fake.opened[1]!.groupId).toBe('100004');
  });

  it('sends a plain message as the user, and leaves props and unjoined rooms to the hub', () => {
    $config.set({ ...DEFAULT_COMMON_CONFIG, im_sdkappid: 1400000001 });
    openTencentRoom(100003, () => {});
    expect(sayThroughTencent({ content: 'hello' }, true)).toBe(true);
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]).toMatchObject({
      type: 'say',
      data: {
        content: 'hello',
        user_id: 100001,
        from_client_name: 'Viewer',
        avatar: '/a.png',
        level: 5,
        vip_level: 2,
        role: 1,
        is_manager: true,
        props: 0,
      },
    });
    expect(sayThroughTencent({ content: 'hi', props: { type: 100, props_id: 0 } }, false)).toBe(
      false,
    );
    fake.ready = false;
    expect(sayThroughTencent({ content: 'hi' }, false)).toBe(false);
    fake.ready = true;
    $userInfo.set(undefined);
    expect(sayThroughTencent({ content: 'hi' }, false)).toBe(false);
    expect(fake.sent).toHaveLength(1);
  });

  it('leaves every message to the hub while a chat mode is on, since only the hub enforces them', () => {
    $config.set({ ...DEFAULT_COMMON_CONFIG, im_sdkappid: 1400000001 });
    openTencentRoom(100003, () => {});
    for (const modes of [
      { slow: 30, followers: null, fans: false, emote: false },
      { slow: 0, followers: 10, fans: false, emote: false },
      { slow: 0, followers: null, fans: true, emote: false },
      { slow: 0, followers: null, fans: false, emote: true },
    ]) {
      setRoomModes(modes);
      expect(sayThroughTencent({ content: 'hello' }, false), JSON.stringify(modes)).toBe(false);
    }
    resetRoomModes();
    expect(sayThroughTencent({ content: 'hello' }, false)).toBe(true);
    expect(fake.sent).toHaveLength(1);
  });

  it('says so when Tencent refuses a message', async () => {
    $config.set({ ...DEFAULT_COMMON_CONFIG, im_sdkappid: 1400000001 });
    openTencentRoom(100003, () => {});
    fake.sendResult = false;
    expect(sayThroughTencent({ content: 'hello' }, false)).toBe(true);
    await vi.waitFor(() => expect($toast.get()?.kind).toBe('error'));
  });
});
