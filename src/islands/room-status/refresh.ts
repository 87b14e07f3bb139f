/** Keeps room cards on the page current: heat numbers and live badges follow the room states. */
import { formatCount } from '../../lib/format.ts';
import { toLocale } from '../../lib/i18n/locale.ts';
import { $roomStatus, watchRoomStatus } from '../../lib/stores/rooms.ts';

const locale = toLocale(document.documentElement.lang);
$roomStatus.listen((rooms) => {
  for (const card of document.querySelectorAll<HTMLElement>('[data-room]')) {
    const room = rooms[card.dataset.room ?? ''];
    if (!room) continue;
    const heat = card.querySelector<HTMLElement>('[data-heat]');
    if (heat) heat.textContent = formatCount(room.heat, locale);
    const pill = card.querySelector<HTMLElement>('.live-pill');
    if (pill) {
      pill.classList.toggle('off', room.is_live !== 1);
      pill.textContent = (room.is_live === 1 ? pill.dataset.live : pill.dataset.off) ?? '';
    }
  }
});
watchRoomStatus();
