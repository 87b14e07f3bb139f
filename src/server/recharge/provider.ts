/**
 * The payment provider interface. A provider hosts the checkout page, takes the money and tells
 * us the outcome in a signed server-to-server notification; we credit only on that notification.
 */
import type { Locale } from '../../lib/i18n/locale.ts';

/** What we ask the provider to collect. */
export interface CheckoutRequest {
  orderNo: string;
  amountFen: number;
  /** Shown on the checkout page, e.g. "980 gems + 20 bonus". */
  subject: string;
  /** The provider stops taking payment for the order after this time. */
  expiresAt: Date;
  /** Where the provider posts its notification (absolute URL). */
  notifyUrl: string;
  /** Where the provider sends the browser after paying (absolute URL). */
  returnUrl: string;
  /** Language of the checkout page. */
  locale: Locale;
}

/** A verified notification: the provider's word on one order. */
export interface PaymentNotification {
  orderNo: string;
  /** paid: the money was taken; failed: the payment was declined or abandoned. */
  outcome: 'paid' | 'failed';
  amountFen: number;
  /** The provider's transaction id. */
  txnId: string;
  /** Why it failed, as the provider says. */
  reason: string;
}

/** How we answer a notification (the provider retries until it sees success). */
export interface NotifyReply {
  status: 200 | 400 | 401;
  body: Record<string, string>;
}

/** A payment provider. */
export interface PaymentProvider {
  /** Name stored on orders (sandbox ...). */
  readonly name: string;
  /** Registers the payment with the provider; returns its hosted checkout page. */
  createCheckout(request: CheckoutRequest): Promise<{ checkoutUrl: string }>;
  /**
   * Checks a notification's signature and freshness and reads it; null when it is not genuine
   * (nothing may change then).
   */
  verifyNotification(rawBody: string, headers: Headers, now?: Date): PaymentNotification | null;
  /** The answer the provider expects for an accepted or refused notification. */
  reply(accepted: boolean, message?: string): NotifyReply;
}
