/** The checkout dialog of /mall: draws the store's checkout step into the server-rendered dialog. */
import type { Locale } from '../../lib/i18n/locale.ts';
import { formatMoney } from '../../lib/format.ts';
import { formatPrice, NOBLE_NAMES, type MallItem } from '../../lib/mall/catalogue.ts';
import type { BuyResult } from '../../lib/mall/api.ts';
import {
  $checkout,
  $holdings,
  $preview,
  closeCheckout,
  confirmCheckout,
  type Checkout,
  type CheckoutPreview,
} from '../../lib/stores/mall.ts';
import { siteDay } from '../../lib/time.ts';
import { fill, type MallText } from './text.ts';

/** A date as the page shows it (Beijing day). */
const day = (unix: number) => siteDay(new Date(unix * 1000));

/** "Fox Noble for 30 days" or "5 × Speaker". */
function whatYouGet(text: MallText, item: MallItem, locale: Locale): string {
  return item.kind === 'noble'
    ? fill(text.getNoble, { noble: item.name[locale], days: item.days })
    : fill(text.getPack, { count: item.count, name: item.name[locale] });
}

/** The line under the figures: what a noble title will do, or why it cannot be bought. */
function nobleNote(text: MallText, item: MallItem, preview: CheckoutPreview, locale: Locale) {
  const plan = preview.noble;
  if (item.kind !== 'noble' || !plan) return { note: '', refusal: '' };
  if (!plan.ok) return { note: '', refusal: plan.reason === 'lower' ? text.lower : text.permanent };
  const values = {
    date: day(plan.expiresAt.getTime() / 1000),
    days: item.days,
    noble: NOBLE_NAMES[item.level][locale],
  };
  const template =
    plan.change === 'extend'
      ? text.nobleExtend
      : plan.change === 'upgrade'
        ? text.nobleUpgrade
        : text.nobleNew;
  return { note: fill(template, values), refusal: '' };
}

function doneLine(text: MallText, result: BuyResult, item: MallItem, locale: Locale): string {
  if (item.kind === 'noble') {
    const date = result.vip_expires_at ? day(result.vip_expires_at) : '';
    return fill(text.doneNoble, { noble: NOBLE_NAMES[item.level][locale], date });
  }
  return fill(text.donePack, { count: item.count, name: item.name[locale] });
}

/**
 * Wires the dialog: it opens for a checkout, shows one step at a time, and closing it (button,
 * Escape, backdrop) ends the checkout. `artOf` gives the card art to show for an item.
 */
export function initCheckoutDialog(
  dialog: HTMLDialogElement,
  text: MallText,
  locale: Locale,
  artOf: (itemId: string) => Element | null,
): void {
  const q = <T extends HTMLElement>(selector: string) => dialog.querySelector<T>(selector)!;
  const steps = [...dialog.querySelectorAll<HTMLElement>('[data-md-step]')];
  const pay = q<HTMLButtonElement>('[data-mall-pay]');
  const recharge = q<HTMLAnchorElement>('[data-md-recharge]');
  const warn = q('[data-md-warn]');
  const note = q('[data-md-note]');
  let shownItem = '';

  const showStep = (step: string) => {
    dialog.dataset.step = step;
    for (const el of steps) el.hidden = el.dataset.mdStep !== step;
    q('[data-md-title]').textContent =
      step === 'done' ? text.doneTitle : step === 'refused' ? text.refusedTitle : text.confirmTitle;
  };

  const showItem = (item: MallItem) => {
    if (shownItem === item.id) return;
    shownItem = item.id;
    const art = artOf(item.id);
    q('[data-md-art]').replaceChildren(...(art ? [art.cloneNode(true)] : []));
    q('[data-md-art]').dataset.kind = item.kind === 'noble' ? `noble-${item.level}` : 'pack';
    q('[data-md-name]').textContent = item.name[locale];
  };

  const renderConfirm = (checkout: Extract<Checkout, { step: 'confirm' | 'paying' }>) => {
    const preview = $preview.get();
    if (!preview) return;
    const { item } = checkout;
    q('[data-md-get]').textContent = whatYouGet(text, item, locale);
    q('[data-md-price]').textContent = fill(text.gems, { price: formatPrice(item.price) });
    q('[data-md-balance]').textContent = formatMoney(preview.balance);
    q('[data-md-after]').textContent = preview.short > 0 ? '–' : formatMoney(preview.after);
    const { note: line, refusal } = nobleNote(text, item, preview, locale);
    note.textContent = line;
    note.hidden = !line;
    const problem =
      refusal ||
      (preview.short > 0 ? fill(text.short, { gems: formatPrice(preview.short) }) : '') ||
      (checkout.step === 'confirm' ? (checkout.error ?? '') : '');
    warn.textContent = problem;
    warn.hidden = !problem;
    const blocked = Boolean(refusal) || preview.short > 0;
    recharge.hidden = !(preview.short > 0) || Boolean(refusal);
    pay.hidden = preview.short > 0 && !refusal;
    pay.disabled = blocked || checkout.step === 'paying';
    pay.textContent =
      checkout.step === 'paying' ? text.paying : fill(text.pay, { price: formatPrice(item.price) });
    dialog.setAttribute('aria-busy', String(checkout.step === 'paying'));
  };

  const render = () => {
    const checkout = $checkout.get();
    if (checkout.step === 'closed') {
      shownItem = '';
      if (dialog.open) dialog.close();
      return;
    }
    showItem(checkout.item);
    if (checkout.step === 'confirm' || checkout.step === 'paying') {
      showStep('confirm');
      renderConfirm(checkout);
    } else if (checkout.step === 'done') {
      showStep('done');
      const { result, item } = checkout;
      q('[data-md-done]').textContent = doneLine(text, result, item, locale);
      q('[data-md-replayed]').hidden = !result.replayed;
      q('[data-md-new-balance]').textContent = formatMoney(result.bal.gold);
      const next = q<HTMLAnchorElement>('[data-md-next]');
      next.textContent = item.kind === 'noble' ? text.toLive : text.toBackpack;
      next.href = item.kind === 'noble' ? '/liveMatches' : '/user-center/voucher';
    } else {
      showStep('refused');
      q('[data-md-refused]').textContent = checkout.message;
      q('[data-md-refused-recharge]').hidden = !checkout.short;
      const gold = $holdings.get()?.bal.gold;
      q('[data-md-refused-balance]').hidden = !checkout.short || gold === undefined;
      q('[data-md-refused-gold]').textContent = formatMoney(gold ?? 0);
    }
    if (!dialog.open) dialog.showModal();
    if (checkout.step === 'done' || checkout.step === 'refused') {
      dialog
        .querySelector<HTMLElement>(`[data-md-step="${checkout.step}"] .btn-primary:not([hidden])`)
        ?.focus();
    }
  };

  $checkout.subscribe(render);
  $preview.listen(render);
  pay.addEventListener('click', () => void confirmCheckout());
  dialog.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    if (target.closest('[data-mall-close]')) return closeCheckout();
    // A click on the backdrop lands on the dialog element, outside its box.
    const box = dialog.getBoundingClientRect();
    const outside =
      event.clientX < box.left ||
      event.clientX > box.right ||
      event.clientY < box.top ||
      event.clientY > box.bottom;
    if (target === dialog && outside) closeCheckout();
  });
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    closeCheckout();
  });
}
