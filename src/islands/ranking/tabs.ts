/** /ranking: daily and monthly tabs switch in place (links still work without JavaScript). */
import { wireTabs } from '../tabs.ts';

const tablist = document.querySelector<HTMLElement>('[data-rk-tabs]');
if (tablist) wireTabs(tablist);
