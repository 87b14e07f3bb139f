/**
 * The embedded `sandbox` payment provider. It behaves like a real one, without real money: the
 * checkout session is a signed token (the provider's record of the payment), the hosted checkout
 * page is served under /sandbox-pay, and paying sends a signed, timestamped server-to-server
 * notification to the merchant's notify URL, retried with back-off until the merchant accepts it.
 * Signatures are HMAC-SHA256 with a key derived from SECRET for this purpose only.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../lib/i18n/locale.ts';
import { log } from '../log.ts';
import type {
  CheckoutRequest,
  NotifyReply,
  PaymentNotification,
  PaymentProvider,
} from './provider.ts';

/** Where the sandbox's pages live on our server. */
export const SANDBOX_PATH = '/sandbox-pay';
/** Header carrying `t=<unix seconds>,v1=<hex HMAC of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** A notification older or newer than this (seconds) is refused, so a captured one cannot be replayed later. */
export const NOTIFY_TOLERANCE_SECONDS = 300;
/** Delays of the delivery attempts after the first (ms), like a provider's retry schedule. */
export const NOTIFY_RETRY_MS = [2_000, 10_000, 30_000, 120_000] as const;

/** The payment session inside a checkout URL. */
export interface SandboxSession {
  /** Order number. */
  o: string;
  /** Amount in fen. */
  a: number;
  /** Subject. */
  s: string;
  /** Expiry, ms since the epoch. */
  e: number;
  /** Notify URL. */
  n: string;
  /** Return URL. */
  r: string;
  /** Language of the checkout page. */
  l: Locale;
}

/** The body the sandbox posts to the notify URL. */
export interface SandboxNotifyBody {
  order_no: string;
  trade_status: 'SUCCESS' | 'FAILED';
  total_fen: number;
  txn_id: string;
  reason: string;
}

/** The key of sandbox signatures, derived from SECRET. */
export function sandboxKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('payment:sandbox').digest();
}

function mac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** The signature header of a notification body sent at `now`. */
export function signNotification(key: Buffer, body: string, now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${mac(key, `${t}.${body}`)}`;
}

/** Reads and checks a notification; null unless the signature and time are right. */
export function verifySandboxNotification(
  key: Buffer,
  rawBody: string,
  header: string | null,
  now = new Date(),
): PaymentNotification | null {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string]),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || typeof parts.v1 !== 'string') return null;
  if (Math.abs(now.getTime() / 1000 - t) > NOTIFY_TOLERANCE_SECONDS) return null;
  if (!sameHex(mac(key, `${t}.${rawBody}`), parts.v1)) return null;
  let body: SandboxNotifyBody;
  try {
    body = JSON.parse(rawBody) as SandboxNotifyBody;
  } catch {
    return null;
  }
  if (
    typeof body.order_no !== 'string' ||
    (body.trade_status !== 'SUCCESS' && body.trade_status !== 'FAILED') ||
    !Number.isSafeInteger(body.total_fen) ||
    typeof body.txn_id !== 'string'
  ) {
    return null;
  }
  return {
    orderNo: body.order_no,
    outcome: body.trade_status === 'SUCCESS' ? 'paid' : 'failed',
    amountFen: body.total_fen,
    txnId: body.txn_id,
    reason: typeof body.reason === 'string' ? body.reason.slice(0, 200) : '',
  };
}

/** Signs a checkout session into a URL-safe token. */
export function encodeSession(key: Buffer, session: SandboxSession): string {
  const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
  return `${payload}.${mac(key, `checkout:${payload}`)}`;
}

/** The session of a token, or null when it was not signed by us. */
export function decodeSession(key: Buffer, token: string): SandboxSession | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature || !sameHex(mac(key, `checkout:${payload}`), signature)) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString()) as SandboxSession;
  } catch {
    return null;
  }
}

/** Sends one HTTP request (fetch by default; tests pass the app's in-process handler). */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Delivers a notification: the first attempt now, then on NOTIFY_RETRY_MS until the merchant
 * answers 200 with code SUCCESS. Each attempt is signed afresh. Resolves with the first attempt's
 * success; the retries continue in the background.
 */
export async function deliverNotification(
  key: Buffer,
  url: string,
  body: SandboxNotifyBody,
  send: Transport = fetch,
): Promise<boolean> {
  const text = JSON.stringify(body);
  const attempt = async (): Promise<boolean> => {
    try {
      const res = await send(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signNotification(key, text),
        },
        body: text,
      });
      const answer = (await res.json().catch(() => ({}))) as { code?: string };
      return res.status === 200 && answer.code === 'SUCCESS';
    } catch {
      return false;
    }
  };
  if (await attempt()) return true;
  const retry = (index: number) => {
    const delay = NOTIFY_RETRY_MS[index];
    if (delay === undefined) {
      log('error', 'sandbox_notify_gave_up', { order: body.order_no });
      return;
    }
    setTimeout(() => {
      void attempt().then((ok) => (ok ? undefined : retry(index + 1)));
    }, delay).unref();
  };
  retry(0);
  return false;
}

/** The notification of a paid or failed session; the transaction id is stable per order. */
export function notificationFor(
  key: Buffer,
  session: SandboxSession,
  outcome: 'paid' | 'failed',
): SandboxNotifyBody {
  return {
    order_no: session.o,
    trade_status: outcome === 'paid' ? 'SUCCESS' : 'FAILED',
    total_fen: session.a,
    txn_id: `SBX${mac(key, `txn:${session.o}`).slice(0, 20).toUpperCase()}`,
    reason: outcome === 'paid' ? '' : 'declined in the sandbox',
  };
}

/** The sandbox provider keyed by SECRET. */
export function createSandboxProvider(secret: string): PaymentProvider & { key: Buffer } {
  const key = sandboxKey(secret);
  return {
    name: 'sandbox',
    key,
    createCheckout(request: CheckoutRequest) {
      const token = encodeSession(key, {
        o: request.orderNo,
        a: request.amountFen,
        s: request.subject,
        e: request.expiresAt.getTime(),
        n: request.notifyUrl,
        r: request.returnUrl,
        l: request.locale,
      });
      const url = new URL(`${SANDBOX_PATH}/checkout`, request.returnUrl);
      url.searchParams.set('session', token);
      return Promise.resolve({ checkoutUrl: url.pathname + url.search });
    },
    verifyNotification(rawBody: string, headers: Headers, now?: Date) {
      return verifySandboxNotification(key, rawBody, headers.get(SANDBOX_SIGNATURE_HEADER), now);
    },
    reply(accepted: boolean, message = ''): NotifyReply {
      return accepted
        ? { status: 200, body: { code: 'SUCCESS' } }
        : { status: message === 'signature' ? 401 : 400, body: { code: 'FAIL', message } };
    },
  };
}
