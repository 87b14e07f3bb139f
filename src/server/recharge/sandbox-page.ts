/**
 * The sandbox's hosted pages: the checkout (order, amount, countdown, pay and fail buttons) and
 * the outcome pages. Plain HTML with an inline style and script, allowed by hash in their own
 * policy: they belong to the "provider", not to our site, so they share none of its assets.
 */
import { createHash } from 'node:crypto';
import type { TFunction } from 'i18next';
import { formatYuan } from '../../lib/wallet/recharge.ts';
import type { Locale } from '../../lib/i18n/locale.ts';
import { SANDBOX_PATH, type SandboxSession } from './sandbox.ts';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;font:15px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans CJK SC","PingFang SC",sans-serif;color:#1b2433;background:#eef2f7}
.top{display:flex;align-items:center;gap:10px;padding:14px 22px;background:#fff;border-bottom:1px solid #dfe5ee}
.logo{display:flex;align-items:center;gap:8px;font-weight:800;font-size:18px;color:#0b57d0}
.logo i{display:grid;place-items:center;width:28px;height:28px;border-radius:8px;background:linear-gradient(135deg,#0b57d0,#22a3ff);color:#fff;font-style:normal;font-size:15px}
.badge{margin-left:auto;padding:3px 10px;border-radius:999px;background:#fff4d6;color:#8a5a00;font-size:12px;font-weight:700;border:1px solid #f3d48a}
main{max-width:460px;margin:32px auto;padding:0 16px}
.card{background:#fff;border-radius:16px;box-shadow:0 8px 30px rgb(20 40 80/.08);overflow:hidden}
.head{padding:22px 24px;border-bottom:1px dashed #dfe5ee;text-align:center}
.head small{display:block;color:#667085}
.due{font-size:38px;font-weight:800;letter-spacing:-.5px;font-variant-numeric:tabular-nums;margin-top:4px}
.due span{font-size:22px;margin-right:2px}
dl{margin:0;padding:16px 24px;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}
dt{color:#667085}dd{margin:0;text-align:right;font-weight:600;word-break:break-all}
.timer{font-variant-numeric:tabular-nums;color:#c2410c}
fieldset{margin:0 24px 8px;padding:0;border:0}
legend{color:#667085;margin-bottom:8px}
label.m{display:flex;align-items:center;gap:10px;padding:11px 14px;border:1px solid #dfe5ee;border-radius:10px;margin-bottom:8px;cursor:pointer}
label.m:has(input:checked){border-color:#0b57d0;background:#f2f7ff}
.actions{display:grid;gap:10px;padding:12px 24px 24px}
button,.btn{display:block;width:100%;padding:13px;border-radius:10px;border:0;font:inherit;font-weight:700;font-size:16px;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#0b57d0;color:#fff}.pay:hover{background:#0a4ab0}
.fail{background:#fff;color:#b42318;border:1px solid #f1c4c0;font-weight:600;font-size:14px;padding:10px}
.note{margin:14px 4px 0;color:#667085;font-size:13px;text-align:center}
.result{padding:36px 24px;text-align:center}
.icon{display:grid;place-items:center;width:64px;height:64px;margin:0 auto 14px;border-radius:50%;font-size:32px;color:#fff}
.ok{background:#12b76a}.bad{background:#f04438}.late{background:#f79009}
.result h1{margin:0 0 6px;font-size:22px}.result p{margin:0 0 18px;color:#475467}
`;

/** The checkout's countdown: the seconds left as mm:ss, then a reload (which shows "expired"). */
const COUNTDOWN = `(()=>{const el=document.querySelector('[data-left]');let s=Number(el.dataset.left);const tick=()=>{el.textContent=String(Math.floor(s/60)).padStart(2,'0')+':'+String(s%60).padStart(2,'0');if(s>0){s--;setTimeout(tick,1000)}else{location.reload()}};tick()})()`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The sandbox pages' Content-Security-Policy: their one inline style and one inline script by
 * hash and nothing else loaded; the form posts to this server; no page may frame them.
 */
export const SANDBOX_CSP = [
  "default-src 'none'",
  `style-src ${sha256(STYLE)}`,
  `script-src ${sha256(COUNTDOWN)}`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function shell(locale: Locale, t: TFunction, title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(title)} · ${escape(t('wallet.sandbox.brand'))}</title>${head}<style>${STYLE}</style></head>
<body><header class="top"><span class="logo"><i>A</i>${escape(t('wallet.sandbox.brand'))}</span>
<span class="badge">${escape(t('wallet.sandbox.testMode'))}</span></header><main>${body}</main></body></html>`;
}

/** The checkout page of a live session. */
export function checkoutPage(
  t: TFunction,
  session: SandboxSession,
  token: string,
  now: Date,
): string {
  const amount = formatYuan(session.a);
  const left = Math.max(0, Math.floor((session.e - now.getTime()) / 1000));
  const body = `<form class="card" method="post" action="${SANDBOX_PATH}/pay">
<input type="hidden" name="session" value="${escape(token)}">
<div class="head"><small>${escape(t('wallet.sandbox.amount'))}</small>
<div class="due" data-amount><span>¥</span>${escape(amount)}</div></div>
<dl><dt>${escape(t('wallet.sandbox.merchant'))}</dt><dd>${escape(t('wallet.sandbox.merchantName'))}</dd>
<dt>${escape(t('wallet.sandbox.item'))}</dt><dd>${escape(session.s)}</dd>
<dt>${escape(t('wallet.sandbox.order'))}</dt><dd data-order>${escape(session.o)}</dd>
<dt>${escape(t('wallet.sandbox.expiresIn'))}</dt><dd class="timer" data-left="${left}">--:--</dd></dl>
<fieldset><legend>${escape(t('wallet.sandbox.method'))}</legend>
<label class="m"><input type="radio" name="method" value="balance" checked>${escape(t('wallet.sandbox.balance'))}</label>
<label class="m"><input type="radio" name="method" value="card">${escape(t('wallet.sandbox.card'))}</label></fieldset>
<div class="actions"><button class="pay" name="outcome" value="paid">${escape(t('wallet.sandbox.pay', { amount }))}</button>
<button class="fail" name="outcome" value="failed">${escape(t('wallet.sandbox.fail'))}</button></div></form>
<p class="note">${escape(t('wallet.sandbox.note'))}</p>
<script>${COUNTDOWN}</script>`;
  return shell(session.l, t, t('wallet.sandbox.title'), body);
}

/** Kinds of outcome page. */
export type OutcomeKind = 'paid' | 'paidLater' | 'failed' | 'expired' | 'invalid';

/** An outcome page; with a return URL it links back (and, when paid, returns by itself). */
export function outcomePage(
  locale: Locale,
  t: TFunction,
  kind: OutcomeKind,
  returnUrl?: string,
): string {
  const text = {
    paid: ['ok', '✓', 'paidTitle', 'paidBody'],
    paidLater: ['late', '✓', 'paidTitle', 'notifyLater'],
    failed: ['bad', '✕', 'failedTitle', 'failedBody'],
    expired: ['late', '!', 'expiredTitle', 'expiredBody'],
    invalid: ['bad', '!', 'invalidTitle', 'invalidBody'],
  }[kind];
  const [tone, icon, title, body] = text as [string, string, string, string];
  const back = returnUrl
    ? `<a class="btn pay" href="${escape(returnUrl)}" data-back>${escape(t('wallet.sandbox.back'))}</a>`
    : '';
  const head =
    returnUrl && kind.startsWith('paid')
      ? `<meta http-equiv="refresh" content="2;url=${escape(returnUrl)}">`
      : '';
  const html = `<section class="card result" data-outcome="${kind}"><div class="icon ${tone}">${icon}</div>
<h1>${escape(t(`wallet.sandbox.${title}`))}</h1><p>${escape(t(`wallet.sandbox.${body}`))}</p>${back}</section>`;
  return shell(locale, t, t(`wallet.sandbox.${title}`), html, head);
}
