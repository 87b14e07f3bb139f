/** Header behaviour over the server-rendered markup: active tab, login state, language, buttons. */
import { loadChunk } from '../../lib/chunk-reload.ts';
import { toLocale } from '../../lib/i18n/locale.ts';
import { tabForPath } from '../../lib/routes.ts';
import { $anchorLive, checkAnchorStatus, startLiveFromHeader } from '../../lib/stores/anchor.ts';
import { $dialog, openLogin } from '../../lib/stores/dialogs.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { switchLocale } from '../../lib/stores/locale.ts';
import { $loggedIn, $userInfo } from '../../lib/stores/session.ts';

const ACTIVE_TAB_KEY = 'activeTab';

function markActiveTab(header: HTMLElement): void {
  const fromPath = tabForPath(location.pathname);
  const name = fromPath ?? sessionStorage.getItem(ACTIVE_TAB_KEY) ?? '';
  if (fromPath) sessionStorage.setItem(ACTIVE_TAB_KEY, fromPath);
  for (const link of header.querySelectorAll<HTMLAnchorElement>('[data-tab]')) {
    const active = link.dataset.tab === name;
    link.classList.toggle('is-active', active);
    if (active) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
    link.addEventListener('click', () =>
      sessionStorage.setItem(ACTIVE_TAB_KEY, link.dataset.tab ?? ''),
    );
  }
  if (sessionStorage.getItem('preview_switch') === '1') {
    header.querySelector<HTMLElement>('[data-tab="livePreview"]')?.removeAttribute('hidden');
  }
}

function showUser(header: HTMLElement): void {
  const render = () => {
    const info = $userInfo.get();
    const loggedIn = $loggedIn.get();
    header.dataset.auth = loggedIn ? 'in' : 'out';
    const nick = header.querySelector<HTMLElement>('[data-user-nick]');
    const avatar = header.querySelector<HTMLImageElement>('[data-user-avatar]');
    if (nick) nick.textContent = info?.nick_name ?? '';
    if (avatar && info?.avatar) avatar.src = info.avatar;
  };
  render();
  $userInfo.listen(render);
  $loggedIn.listen(render);
}

/** The start-live button shows a live state while the user broadcasts. */
function showLiveState(header: HTMLElement): void {
  const label = header.querySelector<HTMLElement>('[data-live-label]');
  $anchorLive.subscribe((live) => {
    header.dataset.living = live ? '1' : '0';
    if (label) label.textContent = live ? (label.dataset.living ?? '') : (label.dataset.idle ?? '');
  });
  if ($loggedIn.get())
    checkAnchorStatus().catch((err: unknown) => console.warn('anchor status', err));
}

/** Loads the React dialogs on first need (they are not part of content pages' JavaScript). */
function mountDialogsOnDemand(): void {
  let mounted = false;
  $dialog.subscribe((name) => {
    if (!name || mounted) return;
    mounted = true;
    void loadChunk(() => import('../dialogs/mount.tsx')).then((m) => m.mountDialogs());
  });
}

/** Wires the header found in the page. */
export function initHeader(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  markActiveTab(header);
  showUser(header);
  showLiveState(header);
  mountDialogsOnDemand();
  header.addEventListener('click', (event) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-action]');
    if (!target) return;
    const action = target.dataset.action;
    if (action === 'locale') {
      event.preventDefault();
      switchLocale(toLocale(target.dataset.locale));
    } else if (action === 'login') {
      event.preventDefault();
      openLogin();
    } else if (action === 'start-live') {
      event.preventDefault();
      startLiveFromHeader().catch((err: Error) => showToast(err.message, 'error'));
    } else if (action === 'checkin' && !$loggedIn.get()) {
      event.preventDefault();
      openLogin();
    } else if (action === 'menu') {
      header.classList.toggle('menu-open');
    }
  });
  const search = header.querySelector<HTMLFormElement>('[data-search]');
  search?.addEventListener('submit', (event) => {
    const input = search.querySelector('input');
    if (!input) return;
    input.value = input.value.trim().slice(0, 10);
    if (!input.value) event.preventDefault();
  });
}
