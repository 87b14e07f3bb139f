/**
 * The clip page: counts a view when the clip first plays, copies its link, and offers Remove to
 * the room's anchor and managers and to administrators.
 */
import { createI18n } from '../../lib/i18n/index.ts';
import { toLocale } from '../../lib/i18n/locale.ts';
import {
  $clipViews,
  copyClipLink,
  countClipView,
  mayRemoveClip,
  removeClip,
} from '../../lib/stores/clips.ts';

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
  const remove = page.querySelector<HTMLButtonElement>('[data-clip-remove]');
  if (remove) {
    void mayRemoveClip(id).then((may) => (remove.hidden = !may));
    remove.addEventListener('click', () => {
      if (!confirm(t('clips.list.confirmRemove', { title: remove.dataset.title ?? '' }))) return;
      remove.disabled = true;
      void removeClip(id).then((gone) => {
        if (gone) location.assign(`/anchorInfo/${remove.dataset.anchor}`);
        else remove.disabled = false;
      });
    });
  }
}
