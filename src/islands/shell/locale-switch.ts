/** Language buttons outside the global header (document pages hide the header, spec §2). */
import { toLocale } from '../../lib/i18n/locale.ts';
import { switchLocale } from '../../lib/stores/locale.ts';

/** Switches language from any `[data-action="locale"]` button that the header does not own. */
export function initLocaleButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>('[data-action="locale"]');
    if (!button || button.closest('[data-site-header]')) return;
    event.preventDefault();
    switchLocale(toLocale(button.dataset.locale));
  });
}
