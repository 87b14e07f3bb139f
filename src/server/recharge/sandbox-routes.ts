/**
 * The sandbox provider's own pages, served by our server under /sandbox-pay: the hosted checkout
 * and the pay/fail form. Paying makes the sandbox post its signed notification to the order's
 * notify URL, like a real provider's server would; only that notification credits the order.
 */
import { Hono, type Context } from 'hono';
import { createI18n, toLocale } from '../../lib/i18n/index.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { paymentProvider } from './index.ts';
import { SANDBOX_CSP, checkoutPage, outcomePage } from './sandbox-page.ts';
import { decodeSession, deliverNotification, notificationFor } from './sandbox.ts';

function html(c: Context<ApiEnv>, body: string, status: 200 | 400 | 404 | 410 = 200) {
  c.header('cache-control', 'no-store');
  c.header('x-frame-options', 'DENY');
  c.header('content-security-policy', SANDBOX_CSP);
  return c.html(body, status);
}

/** Sandbox routes, mounted under /sandbox-pay. */
export const sandboxRoutes = new Hono<ApiEnv>()
  .get('/checkout', (c) => {
    const provider = paymentProvider(c.get('rt'));
    const locale = c.get('locale');
    const token = c.req.query('session') ?? '';
    const session = provider?.name === 'sandbox' ? decodeSession(provider.key, token) : null;
    if (!session) return html(c, outcomePage(locale, createI18n(locale), 'invalid'), 404);
    const t = createI18n(toLocale(session.l));
    const now = new Date();
    if (now.getTime() >= session.e) {
      return html(c, outcomePage(session.l, t, 'expired', session.r), 410);
    }
    return html(c, checkoutPage(t, session, token, now));
  })
  .post('/pay', async (c) => {
    const provider = paymentProvider(c.get('rt'));
    const form = await c.req.parseBody();
    const token = typeof form.session === 'string' ? form.session : '';
    const session = provider?.name === 'sandbox' ? decodeSession(provider.key, token) : null;
    const locale = c.get('locale');
    if (!provider || !session) {
      return html(c, outcomePage(locale, createI18n(locale), 'invalid'), 400);
    }
    const t = createI18n(toLocale(session.l));
    if (Date.now() >= session.e)
      return html(c, outcomePage(session.l, t, 'expired', session.r), 410);
    const outcome = form.outcome === 'failed' ? 'failed' : 'paid';
    const delivered = await deliverNotification(
      provider.key,
      session.n,
      notificationFor(provider.key, session, outcome),
    );
    const kind = outcome === 'failed' ? 'failed' : delivered ? 'paid' : 'paidLater';
    return html(c, outcomePage(session.l, t, kind, session.r));
  });
