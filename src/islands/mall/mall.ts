/**
 * /mall in the browser: the tabs, the account panel (gems, noble title, backpack) and the buy
 * buttons over the server-rendered page; the checkout dialog is in dialog.ts. Purchases go
 * through the mall store.
 */
import { toLocale } from '../../lib/i18n/locale.ts';
import { formatMoney } from '../../lib/format.ts';
import { NOBLE_ART, NOBLE_NAMES, type NobleLevelOnSale } from '../../lib/mall/catalogue.ts';
import type { MallHoldings } from '../../lib/mall/api.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { $holdings, loadHoldings, openCheckout } from '../../lib/stores/mall.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { siteDay } from '../../lib/time.ts';
import { wireTabs } from '../tabs.ts';
import { initCheckoutDialog } from './dialog.ts';
import { fill, readMallText, type MallText } from './text.ts';

const root = document.querySelector<HTMLElement>('[data-mall]');
if (root) init(root);

/** Fills the account panel and marks the noble card the user holds. */
function showHoldings(root: HTMLElement, text: MallText, holdings: MallHoldings | null): void {
  const set = (selector: string, value: string) => {
    for (const el of root.querySelectorAll<HTMLElement>(selector)) el.textContent = value;
  };
  const locale = toLocale(document.documentElement.lang);
  const level = holdings?.vip_level ?? 0;
  set('[data-me-gold]', holdings ? formatMoney(holdings.bal.gold) : '–');
  const row = root.querySelector<HTMLElement>('[data-me-level]');
  if (row) row.dataset.meLevel = String(level);
  const crest = root.querySelector<HTMLImageElement>('[data-me-crest]');
  if (level >= 1 && level <= 3) {
    const noble = level as NobleLevelOnSale;
    set('[data-me-noble]', NOBLE_NAMES[noble][locale]);
    if (crest) crest.src = `/gifts/nobles/${NOBLE_ART[noble]}.svg`;
    const until = holdings?.vip_expires_at;
    set(
      '[data-me-until]',
      until ? fill(text.until, { date: siteDay(new Date(until * 1000)) }) : text.forever,
    );
  } else {
    set('[data-me-noble]', text.none);
    set('[data-me-until]', '');
  }
  const props = holdings?.props;
  set('[data-me-count="speaker"]', String(props?.speaker ?? 0));
  set(
    '[data-me-count="colourful"]',
    String((props?.colorful1 ?? 0) + (props?.colorful2 ?? 0) + (props?.colorful3 ?? 0)),
  );
  set('[data-me-count="ticket"]', String(holdings?.ticket ?? 0));
  for (const card of root.querySelectorAll<HTMLElement>('[data-noble]')) {
    const held = Number(card.dataset.noble) === level;
    card.classList.toggle('is-held', held);
    const badge = card.querySelector<HTMLElement>('[data-nb-held]');
    if (badge) badge.hidden = !held;
  }
}

function init(root: HTMLElement): void {
  const text = readMallText(root);
  const locale = toLocale(document.documentElement.lang);
  const tablist = root.querySelector<HTMLElement>('[data-mall-tabs]');
  if (tablist) wireTabs(tablist);
  $loggedIn.subscribe((inside) => {
    root.dataset.auth = inside ? 'in' : 'out';
    void loadHoldings();
  });
  $holdings.subscribe((holdings) => showHoldings(root, text, holdings));
  root.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    if (target.closest('[data-action="mall-login"]')) return openLogin();
    const offer = target.closest<HTMLElement>('[data-buy]');
    if (offer?.dataset.buy) openCheckout(offer.dataset.buy);
  });
  const dialog = root.querySelector<HTMLDialogElement>('[data-mall-dialog]');
  if (dialog) {
    initCheckoutDialog(
      dialog,
      text,
      locale,
      (itemId) =>
        root
          .querySelector(`[data-buy="${CSS.escape(itemId)}"]`)
          ?.closest('[data-card]')
          ?.querySelector('[data-card-art]') ?? null,
    );
  }
  root.dataset.ready = '1';
}
