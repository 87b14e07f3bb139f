/**
 * gift: a logged-in viewer sends `count` of a gift to the room's anchor, paid from the wallet or
 * (`source: 'backpack'`) taken from the gift items in the backpack. Either is applied once per
 * client_msg_id; the room receives the same `gift` frame with the sender's running combo (hit),
 * the sender a `giftFeedRep` with the balance (and, from the backpack, the items left).
 * Refusals change nothing: guests, the anchor in their own room, unknown or disabled gifts,
 * counts off the panel, a balance too small (10152) and too few items (10153).
 */
import { randomUUID } from 'node:crypto';
import { CLIENT_FRAME_SCHEMAS } from '../../lib/realtime/protocol/schemas.ts';
import { PROP_TYPE } from '../../lib/live/props.ts';
import {
  GIFT_SOURCE,
  REALTIME_ERROR,
  SERVER_FRAME,
  type GiftData,
  type GiftFeedRepData,
} from '../../lib/realtime/protocol/index.ts';
import { clientMsgIdEcho } from '../../lib/realtime/client-msg-id.ts';
import { NotEnoughItemsError } from '../backpack/service.ts';
import { giftCharger } from '../gifts/charge.ts';
import { findGift, giftOutcome, sendBackpackGift, type GiftSend } from '../gifts/service.ts';
import { log } from '../log.ts';
import { InsufficientBalanceError } from '../wallet/ledger.ts';
import type { Db } from '../db/index.ts';
import type { Connection } from './connection.ts';
import type { RoomContext } from './room-handlers.ts';

/** Sends of one gift by one sender this close together count up one combo (spec: 3 s). */
export const COMBO_WINDOW_MS = 3_000;

/** What a send did, from either source: whether it was a repeat, and the answer to the sender. */
interface SendResult {
  replayed: boolean;
  feed: GiftFeedRepData;
}

/**
 * Pays for a gift from the wallet, through the process's gift queue (gifts sent together are
 * charged in one transaction); the sender's answer carries the new balance.
 */
async function payFromWallet(db: Db, send: GiftSend): Promise<SendResult> {
  const charged = await giftCharger(db).charge(send);
  const outcome = giftOutcome(send, charged);
  const { diamond, gold } = outcome.balances;
  return {
    replayed: outcome.replayed,
    feed: { client_msg_id: send.clientMsgId, bal: { diamond, gold } },
  };
}

/** Takes a gift from the backpack; the answer carries the balance and the items left. */
async function takeFromBackpack(db: Db, send: GiftSend): Promise<SendResult> {
  const outcome = await sendBackpackGift(db, send);
  const { diamond, gold } = outcome.balances;
  return {
    replayed: outcome.replayed,
    feed: {
      client_msg_id: send.clientMsgId,
      bal: { diamond, gold },
      source: GIFT_SOURCE.backpack,
      backpack: [{ type: PROP_TYPE.giftItem, props_id: send.gift.id, quantity: outcome.quantity }],
    },
  };
}

interface Combo {
  hit: number;
  at: number;
}

/**
 * The running combo of `count` more of one gift from one sender in one room, counted in the
 * shared state so that a sender whose presses reach several processes keeps one combo.
 */
function nextHit(ctx: RoomContext, key: string, count: number, now: number, comboable: boolean) {
  return ctx.rt.shared.update<Combo, number>(
    `combo:${key}`,
    COMBO_WINDOW_MS,
    () => ({ hit: 0, at: 0 }),
    (last) => {
      last.hit = comboable && now - last.at <= COMBO_WINDOW_MS ? last.hit + count : count;
      last.at = now;
      return last.hit;
    },
  );
}

/** gift: pays, answers the sender and shows the gift to the room with its combo. */
export async function handleGift(ctx: RoomContext, conn: Connection, data: unknown): Promise<void> {
  // Every refusal names the send it refuses, when the send carried a valid id.
  const echo = clientMsgIdEcho(data);
  const anchorId = conn.room;
  if (anchorId === undefined) {
    conn.fail(REALTIME_ERROR.notInRoom, 'liveChat.errors.notInRoom', echo);
    return;
  }
  const sender = conn.user;
  if (!sender) {
    conn.fail(REALTIME_ERROR.forbidden, 'gifts.errors.guest', echo);
    return;
  }
  if (sender.id === anchorId) {
    conn.fail(REALTIME_ERROR.forbidden, 'gifts.errors.self', echo);
    return;
  }
  const parsed = CLIENT_FRAME_SCHEMAS.gift.safeParse(data);
  if (!parsed.success) {
    conn.fail(REALTIME_ERROR.badFrame, 'gifts.errors.badGift', echo);
    return;
  }
  const { db } = ctx.rt;
  const gift = await findGift(db, parsed.data.giftid);
  if (!gift) {
    conn.fail(REALTIME_ERROR.badFrame, 'gifts.errors.noGift', echo);
    return;
  }
  const now = new Date();
  const send: GiftSend = {
    senderId: sender.id,
    anchorId,
    gift,
    count: parsed.data.count,
    clientMsgId: parsed.data.client_msg_id,
    at: now,
  };
  let result: SendResult;
  try {
    result =
      parsed.data.source === GIFT_SOURCE.backpack
        ? await takeFromBackpack(db, send)
        : await payFromWallet(db, send);
  } catch (err) {
    if (err instanceof InsufficientBalanceError) {
      conn.fail(REALTIME_ERROR.insufficientBalance, 'gifts.errors.insufficient', echo);
      return;
    }
    if (err instanceof NotEnoughItemsError) {
      conn.fail(REALTIME_ERROR.notEnoughItems, 'gifts.errors.notEnoughItems', echo);
      return;
    }
    log('error', 'gift_failed', { error: (err as Error).message });
    conn.fail(REALTIME_ERROR.badFrame, 'gifts.errors.failed', echo);
    return;
  }
  conn.send({ type: SERVER_FRAME.giftFeedRep, data: result.feed });
  if (result.replayed) return;
  const hit = await nextHit(
    ctx,
    `${anchorId}:${sender.id}:${gift.id}`,
    parsed.data.count,
    now.getTime(),
    gift.comboable,
  );
  const frame: GiftData = {
    id: randomUUID(),
    giftid: gift.id,
    gift_name: conn.locale === 'zh-CN' ? gift.nameZh : gift.nameEn,
    count: parsed.data.count,
    hit,
    uid: sender.id,
    sender: sender.nickName,
    avatar: sender.avatar,
    level: sender.level,
    vip_level: sender.vipLevel,
    icon: gift.icon,
    animation: gift.animation,
    animat_type: gift.animatType === 1 ? 1 : 0,
    time: now.getTime(),
  };
  ctx.rt.bus.publish({ kind: 'room', anchorId, frame: { type: SERVER_FRAME.gift, data: frame } });
}
