/**
 * The inbox on every page: unread badges on the Messages tab, the avatar and the user card; a
 * toast when a private message arrives in a conversation that is not open (naming the anchor,
 * spec §8); a card with a link into the room when a followed anchor goes live (not on staff
 * screens); the muted and removed notices of fan groups.
 */
import { CHAT_TYPE, GROUP_MSG, type AnchorStartLive } from '../../lib/messaging/types.ts';
import { SERVER_FRAME, type ServerFrame } from '../../lib/realtime/protocol/index.ts';
import { isStaffScreen } from '../../lib/staff/nav.ts';
import {
  $inboxOpen,
  $openChat,
  $unreadTotal,
  chatKey,
  onInboxFrame,
  startInbox,
} from '../../lib/stores/inbox.ts';
import { $userId } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { shellT as t } from './text.ts';
import { DEFAULT_AVATAR } from '../../lib/user-info.ts';

/** How long the go-live card stays. */
const ALERT_MS = 8000;

function renderBadges(total: number): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-unread-badge]')) {
    el.hidden = total === 0;
    el.textContent = total > 99 ? '99+' : String(total);
  }
}

/** The go-live card: the anchor's avatar and name, the live's title and a link into the room. */
function showLiveAlert(alert: AnchorStartLive): void {
  let box = document.querySelector<HTMLElement>('[data-live-alerts]');
  if (!box) {
    box = document.createElement('div');
    box.className = 'live-alerts';
    box.dataset.liveAlerts = '';
    box.setAttribute('role', 'status');
    box.setAttribute('aria-live', 'polite');
    document.body.append(box);
  }
  const card = document.createElement('a');
  card.className = 'live-alert';
  card.href = `/liveMatchesTwo/${alert.anchor_id}`;
  card.dataset.liveAlert = String(alert.anchor_id);
  const img = document.createElement('img');
  img.src = alert.avatar || DEFAULT_AVATAR;
  img.alt = '';
  img.width = 40;
  img.height = 40;
  const text = document.createElement('span');
  text.className = 'live-alert-text';
  const name = document.createElement('strong');
  name.textContent = t('messaging.toast.live', { name: alert.nick_name });
  const title = document.createElement('small');
  title.textContent = alert.title;
  text.append(name, title);
  const go = document.createElement('span');
  go.className = 'live-alert-go';
  go.textContent = t('messaging.toast.watch');
  card.append(img, text, go);
  box.append(card);
  setTimeout(() => card.remove(), ALERT_MS);
}

function onFrame(frame: ServerFrame): void {
  const me = Number($userId.get());
  if (frame.type === SERVER_FRAME.AnchorStartLiveMessage) {
    // A viewer's invitation into a room: not over a staff screen.
    if (!isStaffScreen()) showLiveAlert(frame.data);
  } else if (frame.type === SERVER_FRAME.privateMsg) {
    const m = frame.data;
    if (m.sender_uid === me || $openChat.get() === chatKey(CHAT_TYPE.private, m.groupId)) return;
    const name = m.sender_uid === m.anchor_id ? m.anchor_nickname : m.user_nickname;
    showToast(t('messaging.toast.private', { name }), 'info');
  } else if (frame.type === SERVER_FRAME.groupMsg) {
    const m = frame.data;
    if (m.uid !== me) return;
    if (m.type === GROUP_MSG.mute) {
      showToast(t(m.target ? 'messaging.toast.muted' : 'messaging.toast.unmuted'), 'info');
    } else if (m.type === GROUP_MSG.kick) {
      showToast(t('messaging.toast.kicked', { name: t('messaging.openGroup') }), 'info');
    }
  }
}

/** Starts the inbox and its views on this page. */
export function initInbox(): void {
  $unreadTotal.subscribe(renderBadges);
  // Marks the page while the inbox is open (tests wait for it before an alert is sent).
  $inboxOpen.subscribe((open) => {
    document.documentElement.toggleAttribute('data-inbox-open', open);
  });
  onInboxFrame(onFrame);
  startInbox();
}
