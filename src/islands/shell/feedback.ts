/** Toast and network banner: small views over the toast and network stores. */
import { $online } from '../../lib/stores/network.ts';
import { $toast } from '../../lib/stores/toast.ts';

/**
 * Renders the toast store into the toast element. The element is a manual popover, so it is
 * drawn in the top layer: above an open modal dialog (the login dialog's 'sent successfully').
 */
export function initToast(): void {
  const el = document.querySelector<HTMLElement>('[data-toast]');
  if (!el) return;
  const popover = typeof el.showPopover === 'function';
  if (popover) el.popover = 'manual';
  $toast.subscribe((toast) => {
    el.hidden = !toast;
    el.textContent = toast?.text ?? '';
    el.dataset.kind = toast?.kind ?? 'info';
    if (!popover) return;
    // Hiding and showing again puts a new toast above a dialog opened since the last one.
    if (el.matches(':popover-open')) el.hidePopover();
    if (toast) el.showPopover();
  });
}

/** Shows the network banner while the browser is offline. */
export function initNetworkBanner(): void {
  const el = document.querySelector<HTMLElement>('[data-network-banner]');
  if (!el) return;
  $online.subscribe((online) => {
    el.hidden = online;
  });
}
