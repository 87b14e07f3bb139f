/** The follow button and fan count of an anchor page, over the shared follow store. */
import { formatCount } from '../../lib/format.ts';
import { createI18n } from '../../lib/i18n/index.ts';
import { $follow, loadFollow, toggleFollow } from '../../lib/stores/follow.ts';
import { $locale } from '../../lib/stores/locale.ts';

const button = document.querySelector<HTMLButtonElement>('[data-follow]');
const fans = document.querySelector<HTMLElement>('[data-fans]');
if (button) {
  const anchorId = Number(button.dataset.anchor);
  button.addEventListener('click', () => void toggleFollow(anchorId));
  $follow.subscribe((state) => {
    if (!state) return;
    const t = createI18n($locale.get());
    const on = state.type === 1;
    button.setAttribute('aria-pressed', String(on));
    button.textContent = t(on ? 'liveRoom.following' : 'liveRoom.follow');
    if (fans) fans.textContent = formatCount(state.fans, $locale.get());
  });
  loadFollow(anchorId).catch(() => {});
}
