/** Side menu: appears after 400 px of scrolling; its QR panel hides 100 ms after the pointer leaves. */

/** Scroll distance before the menu shows (spec §9). */
export const SIDE_MENU_SCROLL_PX = 400;
/** Delay before the hover panel hides (spec §9). */
export const SIDE_MENU_HIDE_DELAY_MS = 100;

/** Wires the side menu when the page has one. */
export function initSideMenu(): void {
  const menu = document.querySelector<HTMLElement>('[data-side-menu]');
  if (!menu) return;
  const update = () => menu.classList.toggle('is-visible', window.scrollY > SIDE_MENU_SCROLL_PX);
  update();
  window.addEventListener('scroll', update, { passive: true });
  menu.querySelector('[data-action="top"]')?.addEventListener('click', () => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  });
  for (const item of menu.querySelectorAll<HTMLElement>('[data-hover-panel]')) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    item.addEventListener('mouseenter', () => {
      clearTimeout(timer);
      item.classList.add('is-open');
    });
    item.addEventListener('mouseleave', () => {
      timer = setTimeout(() => item.classList.remove('is-open'), SIDE_MENU_HIDE_DELAY_MS);
    });
  }
}
