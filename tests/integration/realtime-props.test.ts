/**
 * Chat props over the hub: a colourful or speaker message uses one prop and reaches the room
 * with its colour and flags; without the prop, or refused by the chat rules, nothing is sent,
 * stored or used; history keeps the props.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROP_TYPE } from '../../src/lib/live/props.ts';
import {
  CLIENT_FRAME,
  REALTIME_ERROR,
  SERVER_FRAME,
  type ErrorData,
  type LoginRepData,
  type SayData,
} from '../../src/lib/realtime/protocol/index.ts';
import { itemQuantity } from '../../src/server/backpack/service.ts';
import { chatMessages } from '../../src/server/db/schema.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import {
  connect,
  guestJoin,
  joinAsGuest,
  joinAsUser,
  startHubServer,
  type HubServer,
  speakRateOff,
} from './realtime-helpers.ts';

const ANCHOR = 100003;
const VIEWER = 100001;
const NOBLE = 100002;

describe.each(DB_KINDS)('chat props (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    await speakRateOff(t.rt);
    server = await startHubServer(t.rt, { tickMs: 20 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.dispose();
  });

  const stored = (content: string) =>
    t.rt.db.select().from(chatMessages).where(eq(chatMessages.content, content));

  it('sends a colourful and a speaker message, each using one prop', async () => {
    const watcher = await joinAsGuest(server, t.rt, 'props-watcher', ANCHOR);
    const viewer = await joinAsUser(server, t.rt, VIEWER, ANCHOR);

    viewer.send(CLIENT_FRAME.say, {
      content: 'pink and proud',
      props: { type: PROP_TYPE.colorful, props_id: 3 },
    });
    const pink = (
      await watcher.next(SERVER_FRAME.say, (d: SayData) => d.content === 'pink and proud')
    ).data as SayData;
    expect(pink).toMatchObject({
      user_id: VIEWER,
      props: 101,
      props_id: 3,
      font_color: '#E41EB1',
      isColorful: true,
      isSpeaker: false,
    });
    expect(await itemQuantity(t.rt.db, VIEWER, { type: 101, propsId: 3 })).toBe(4);

    viewer.send(CLIENT_FRAME.say, { content: 'GOAL!!!', props: { type: PROP_TYPE.speaker } });
    const loud = (await watcher.next(SERVER_FRAME.say, (d: SayData) => d.content === 'GOAL!!!'))
      .data as SayData;
    expect(loud).toMatchObject({ props: 100, props_id: 0, isSpeaker: true, isColorful: false });
    expect(loud.font_color).toBe('');
    expect(await itemQuantity(t.rt.db, VIEWER, { type: 100 })).toBe(2);

    viewer.send(CLIENT_FRAME.say, { content: 'plain words' });
    const plain = (
      await watcher.next(SERVER_FRAME.say, (d: SayData) => d.content === 'plain words')
    ).data as SayData;
    expect(plain).toMatchObject({ props: 0, props_id: 0, isColorful: false, isSpeaker: false });

    // History after a reconnect keeps the colour and the flags.
    const late = await connect(server.wsUrl);
    late.send(CLIENT_FRAME.first, guestJoin(t.rt, 'props-late', ANCHOR));
    const rep = (await late.next(SERVER_FRAME.loginRep)).data as LoginRepData;
    expect(rep.history.find((m) => m.content === 'pink and proud')).toMatchObject({
      props: 101,
      props_id: 3,
      font_color: '#E41EB1',
      isColorful: true,
    });
    expect(rep.history.find((m) => m.content === 'GOAL!!!')).toMatchObject({ isSpeaker: true });
    for (const c of [watcher, viewer, late]) c.close();
  });

  it('refuses a prop the speaker does not hold: nothing broadcast, stored or used', async () => {
    const watcher = await joinAsUser(server, t.rt, VIEWER, ANCHOR);
    const noble = await joinAsUser(server, t.rt, NOBLE, ANCHOR, 'zh_cn');
    const colourBefore = await itemQuantity(t.rt.db, NOBLE, { type: 101, propsId: 3 });

    noble.send(CLIENT_FRAME.say, { content: 'loud noble', props: { type: PROP_TYPE.speaker } });
    const speakerError = (await noble.next(SERVER_FRAME.error)).data as ErrorData;
    expect(speakerError).toMatchObject({ code: REALTIME_ERROR.noProp, msg: '您还没有喇叭' });

    const en = await joinAsUser(server, t.rt, NOBLE, ANCHOR, 'en');
    en.send(CLIENT_FRAME.say, { content: 'blue noble', props: { type: 101, props_id: 2 } });
    expect(((await en.next(SERVER_FRAME.error)).data as ErrorData).msg).toBe(
      'You dont have colorful yet',
    );
    en.send(CLIENT_FRAME.say, { content: 'loud again', props: { type: 100, props_id: 0 } });
    await expect
      .poll(() => en.all(SERVER_FRAME.error).map((f) => (f.data as ErrorData).msg))
      .toContain('You dont have speaker yet');

    // The noble holds two pink props: a message the rules refuse does not use one.
    en.send(CLIENT_FRAME.say, {
      content: 'see www.example.com',
      props: { type: 101, props_id: 3 },
    });
    await expect
      .poll(() => en.all(SERVER_FRAME.error).map((f) => (f.data as ErrorData).code))
      .toContain(REALTIME_ERROR.refused);
    // A marker message proves the earlier ones were never broadcast before it.
    en.send(CLIENT_FRAME.say, { content: 'marker after refusals' });
    await watcher.next(SERVER_FRAME.say, (d: SayData) => d.content === 'marker after refusals');
    const contents = watcher.all(SERVER_FRAME.say).map((f) => (f.data as SayData).content);
    for (const refused of ['loud noble', 'blue noble', 'loud again', 'see www.example.com']) {
      expect(contents).not.toContain(refused);
      expect(await stored(refused)).toHaveLength(0);
    }
    expect(await itemQuantity(t.rt.db, NOBLE, { type: 101, propsId: 3 })).toBe(colourBefore);
    for (const c of [watcher, noble, en]) c.close();
  });

  it('refuses malformed props and guests using props', async () => {
    const viewer = await joinAsUser(server, t.rt, VIEWER, ANCHOR);
    viewer.send(CLIENT_FRAME.say, { content: 'odd colour', props: { type: 101, props_id: 9 } });
    viewer.send(CLIENT_FRAME.say, { content: 'a ticket?', props: { type: 105, props_id: 0 } });
    await expect.poll(() => viewer.all(SERVER_FRAME.error).length).toBe(2);
    for (const f of viewer.all(SERVER_FRAME.error)) {
      expect((f.data as ErrorData).code).toBe(REALTIME_ERROR.badFrame);
    }
    const guest = await joinAsGuest(server, t.rt, 'props-guest', ANCHOR);
    guest.send(CLIENT_FRAME.say, { content: 'guest pink', props: { type: 101, props_id: 3 } });
    expect(((await guest.next(SERVER_FRAME.error)).data as ErrorData).code).toBe(
      REALTIME_ERROR.forbidden,
    );
    expect(await stored('odd colour')).toHaveLength(0);
    expect(await stored('guest pink')).toHaveLength(0);
    viewer.close();
    guest.close();
  });
});
