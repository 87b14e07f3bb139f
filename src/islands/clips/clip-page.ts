/** The clip page: counts a view when the clip first plays, and copies its link. */
import { createI18n } from '../../lib/i18n/index.ts';
import { toLocale } from '../../lib/i18n/locale.ts';
import { $clipViews, copyClipLink, countClipView } from '../../lib/stores/clips.ts';

const page = document.querySelector<HTMLElement>('[data-clip-page]');
if (page) {
  const id = Number(page.dataset.clipPage);
  const t = createI18n(toLocale(document.documentElement.lang));
  const views = page.querySelector<HTMLElement>('[data-clip-views]');
  page
    .querySelector<HTMLVideoElement>('[data-clip-video]')
    ?.addEventListener('playing', () => void countClipView(id), { once: true });
  $clipViews.subscribe((count) => {
    if (views && count !== null) views.textContent = t('clips.page.views', { count });
  });
  const share = page.querySelector<HTMLButtonElement>('[data-clip-share]');
  share?.addEventListener('click', () => void copyClipLink(share.dataset.clipShare!));
}
