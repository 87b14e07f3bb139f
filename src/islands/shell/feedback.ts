/** Toast and network banner: small views over the toast and network stores. */
import { $online } from '../../lib/stores/network.ts';
import { $toast } from '../../lib/stores/toast.ts';

/** Renders the toast store into the toast element. */
export function initToast(): void {
  const el = document.querySelector<HTMLElement>('[data-toast]');
  if (!el) return;
  $toast.subscribe((toast) => {
    el.hidden = !toast;
    el.textContent = toast?.text ?? '';
    el.dataset.kind = toast?.kind ?? 'info';
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
