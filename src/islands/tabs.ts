/**
 * Link tabs that switch panels in place: the selected tab takes the focus stop, its panel shows,
 * and the address becomes the tab's link (the links still work without JavaScript).
 */

/** Wires the `[role="tab"]` links inside `tablist` (click, ArrowLeft and ArrowRight). */
export function wireTabs(tablist: HTMLElement): void {
  const tabs = [...tablist.querySelectorAll<HTMLAnchorElement>('[role="tab"]')];
  const select = (tab: HTMLAnchorElement, focus: boolean) => {
    for (const other of tabs) {
      const on = other === tab;
      other.setAttribute('aria-selected', String(on));
      other.tabIndex = on ? 0 : -1;
      const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !on;
    }
    if (focus) tab.focus();
    history.replaceState(null, '', tab.href);
  };
  for (const tab of tabs) {
    tab.addEventListener('click', (event) => {
      event.preventDefault();
      select(tab, false);
    });
    tab.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      event.preventDefault();
      select(tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!, true);
    });
  }
}
