/** The match centre's tabs in the browser: switch panels in place and keep ?tab= in the address. */

function select(tabs: HTMLAnchorElement[], tab: HTMLAnchorElement, focus: boolean): void {
  for (const other of tabs) {
    const on = other === tab;
    other.setAttribute('aria-selected', String(on));
    other.tabIndex = on ? 0 : -1;
    const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !on;
  }
  if (focus) tab.focus();
  const url = new URL(location.href);
  url.searchParams.set('tab', tab.dataset.tab ?? '');
  history.replaceState(history.state, '', url);
}

/** Wires the tab list inside `root` (arrow keys, Home and End move between tabs). */
export function initTabs(root: HTMLElement): void {
  const tabs = [...root.querySelectorAll<HTMLAnchorElement>('[role="tab"]')];
  for (const tab of tabs) {
    tab.addEventListener('click', (event) => {
      event.preventDefault();
      select(tabs, tab, false);
    });
    tab.addEventListener('keydown', (event) => {
      const i = tabs.indexOf(tab);
      const next =
        event.key === 'ArrowRight'
          ? tabs[(i + 1) % tabs.length]
          : event.key === 'ArrowLeft'
            ? tabs[(i - 1 + tabs.length) % tabs.length]
            : event.key === 'Home'
              ? tabs[0]
              : event.key === 'End'
                ? tabs.at(-1)
                : undefined;
      if (!next) return;
      event.preventDefault();
      select(tabs, next, true);
    });
  }
}
