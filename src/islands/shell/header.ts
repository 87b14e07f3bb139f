/** Header behaviour over the server-rendered markup: active tab, login state, language, buttons. */
import { loadChunk } from '../../lib/chunk-reload.ts';
import { toLocale } from '../../lib/i18n/locale.ts';
import { activeTabFor, tabForPath } from '../../lib/routes.ts';
import { $anchorLive, checkAnchorStatus, startLiveFromHeader } from '../../lib/stores/anchor.ts';
import { $dialog, openDialog, openLogin } from '../../lib/stores/dialogs.ts';
import { formatMoney, formatVip } from '../../lib/format.ts';
import { levelBadgeSvg } from '../../lib/level-badge.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { $isEditor, followEditorGrant } from '../../lib/stores/staff.ts';
import { switchLocale } from '../../lib/stores/locale.ts';
import {
  $chatReady,
  $isAnchor,
  $loggedIn,
  $role,
  $userInfo,
  restoreSessionFromStorage,
} from '../../lib/stores/session.ts';

const ACTIVE_TAB_KEY = 'activeTab';

function markActiveTab(header: HTMLElement): void {
  const fromPath = tabForPath(location.pathname);
  const name = activeTabFor(location.pathname, sessionStorage.getItem(ACTIVE_TAB_KEY)) ?? '';
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

function setText(root: HTMLElement, selector: string, text: string): void {
  for (const el of root.querySelectorAll<HTMLElement>(selector)) el.textContent = text;
}

function fill(template: string | undefined, values: Record<string, string | number>): string {
  return (template ?? '').replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

/** Fills the avatar chip and the user card from the stored user info. */
function showUser(header: HTMLElement): void {
  const render = () => {
    const info = $userInfo.get();
    header.dataset.auth = $loggedIn.get() ? 'in' : 'out';
    if (!info) return;
    const level = info.level ?? 0;
    setText(header, '[data-user-nick]', info.nick_name ?? '');
    setText(header, '[data-user-id]', String(info.id ?? ''));
    setText(header, '[data-user-phone]', info.formatPhone ?? '');
    setText(header, '[data-user-gold]', formatMoney(info.gold ?? 0));
    setText(header, '[data-user-diamond]', formatMoney(info.diamond ?? 0));
    for (const img of header.querySelectorAll<HTMLImageElement>('[data-user-avatar]')) {
      if (info.avatar) img.src = info.avatar;
    }
    const badge = header.querySelector<HTMLElement>('[data-user-badge]');
    if (badge) badge.innerHTML = levelBadgeSvg(level);
    const vip = header.querySelector<HTMLElement>('[data-user-vip]');
    if (vip) {
      vip.hidden = !((info.vip_level ?? 0) > 0);
      vip.textContent = `VIP ${formatVip(info.vip_level ?? 0)}`;
    }
    const levelLabel = header.querySelector<HTMLElement>('[data-user-level]');
    if (levelLabel) levelLabel.textContent = fill(levelLabel.dataset.template, { level });
    // Spec §9: progress is process / (process + remainder); the top level shows a full bar.
    const process = info.process ?? 0;
    const total = process + (info.remainder ?? 0);
    const percent = total > 0 ? Math.round((100 * process) / total) : 100;
    const bar = header.querySelector<HTMLElement>('[data-user-progress]');
    if (bar) bar.style.width = `${percent}%`;
    header
      .querySelector<HTMLElement>('[data-user-progressbar]')
      ?.setAttribute('aria-valuenow', String(percent));
    const next = header.querySelector<HTMLElement>('[data-user-next]');
    if (next) {
      next.textContent =
        (info.remainder ?? 0) > 0
          ? fill(next.dataset.template, { remainder: info.remainder, next: level + 1 })
          : (next.dataset.max ?? '');
    }
  };
  render();
  $userInfo.listen(render);
  $loggedIn.listen(render);
  showStaffLinks(header);
  const anchorLinks = header.querySelectorAll<HTMLElement>('[data-user-anchor]');
  $isAnchor.subscribe((anchor) => {
    for (const link of anchorLinks) link.hidden = !anchor;
  });
}

/**
 * The staff links (user card and staff navigation) show for the roles each names in
 * `data-roles`; on a narrow screen the current screen's link is scrolled into the navigation.
 */
function showStaffLinks(header: HTMLElement): void {
  const links = header.querySelectorAll<HTMLElement>('[data-staff-link][data-roles]');
  const nav = header.querySelector<HTMLElement>('[data-staff-nav]');
  const revealCurrent = () => {
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]:not([hidden])');
    if (!nav || !current) return;
    const left = current.offsetLeft - nav.offsetLeft;
    const right = left + current.offsetWidth;
    if (left < nav.scrollLeft || right > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = left - 12;
    }
  };
  const show = () => {
    const role = $role.get();
    const editor = $isEditor.get();
    for (const link of links) {
      const roles = (link.dataset.roles ?? '').split(' ');
      link.hidden = !role || !(roles.includes(role) || (editor && roles.includes('editor')));
    }
    revealCurrent();
  };
  $role.subscribe(show);
  // Only a link for editors needs the grant asked of the server.
  if ([...links].some((link) => (link.dataset.roles ?? '').split(' ').includes('editor'))) {
    $isEditor.listen(show);
    followEditorGrant();
  }
  if (nav) window.addEventListener('resize', revealCurrent);
}

/**
 * The user card opens on hover (CSS) and on click or tap (pinned until a click outside or
 * Escape). Opening it refreshes the wallet with getUserAsset; that store module (and its
 * validation rules) is loaded only then, so content pages do not pay for it.
 */
function wireUserCard(header: HTMLElement): void {
  const area = header.querySelector<HTMLElement>('[data-user-area]');
  const chip = area?.querySelector<HTMLElement>('[data-action="user-card"]');
  if (!area || !chip) return;
  const refresh = () => {
    if (!$loggedIn.get()) return;
    void loadChunk(() => import('../../lib/stores/account.ts'))
      .then((m) => m.refreshUserAsset())
      .catch((err: unknown) => console.warn('user asset', err));
  };
  const setOpen = (open: boolean) => {
    area.classList.toggle('is-open', open);
    chip.setAttribute('aria-expanded', String(open));
    if (open) refresh();
  };
  area.addEventListener('pointerenter', (e) => {
    if (e.pointerType === 'mouse') refresh();
  });
  chip.addEventListener('click', () => setOpen(!area.classList.contains('is-open')));
  document.addEventListener('click', (e) => {
    if (area.classList.contains('is-open') && !area.contains(e.target as Node)) setOpen(false);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && area.classList.contains('is-open')) {
      setOpen(false);
      chip.focus();
    }
  });
}

/** The start-live button and the card's link show a live state while the user broadcasts. */
function showLiveState(header: HTMLElement): void {
  const labels = header.querySelectorAll<HTMLElement>('[data-live-label]');
  $anchorLive.subscribe((live) => {
    header.dataset.living = live ? '1' : '0';
    for (const label of labels) {
      label.textContent = live ? (label.dataset.living ?? '') : (label.dataset.idle ?? '');
    }
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
  wireUserCard(header);
  showLiveState(header);
  mountDialogsOnDemand();
  // Spec §4: when the tab comes back and chat is not connected, take the user from local storage.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !$chatReady.get()) restoreSessionFromStorage();
  });
  header.addEventListener('click', (event) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-action]');
    if (!target) return;
    const action = target.dataset.action;
    if (action === 'locale') {
      event.preventDefault();
      switchLocale(toLocale(target.dataset.locale));
    } else if (action === 'logout') {
      event.preventDefault();
      openDialog('logout');
    } else if (action === 'login' || action === 'login-panel') {
      event.preventDefault();
      openLogin();
    } else if (action === 'start-live') {
      event.preventDefault();
      startLiveFromHeader().catch((err: Error) => showToast(err.message, 'error'));
    } else if (action === 'checkin') {
      // Spec §5: check-in requires login; logged in, the button opens the check-in dialog.
      event.preventDefault();
      header.querySelector('[data-user-area]')?.classList.remove('is-open');
      header.querySelector('[data-action="user-card"]')?.setAttribute('aria-expanded', 'false');
      if ($loggedIn.get()) openDialog('checkin');
      else openLogin();
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
