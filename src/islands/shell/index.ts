/** The page shell's browser code, loaded on every page: a few KB, no framework. */
import { resumeAfterChunkReload, watchChunkErrors } from '../../lib/chunk-reload.ts';
import { toLocale } from '../../lib/i18n/locale.ts';
import { readConfigFromPage } from '../../lib/stores/config.ts';
import { syncLocale } from '../../lib/stores/locale.ts';
import { initCheckinPrompt } from './checkin.ts';
import { initNetworkBanner, initToast } from './feedback.ts';
import { initHeader } from './header.ts';
import { initInbox } from './inbox.ts';
import { initLocaleButtons } from './locale-switch.ts';
import { initMaintenance } from './maintenance.ts';
import { initSideMenu } from './side-menu.ts';

resumeAfterChunkReload();
watchChunkErrors();
// A page that holds its islands for its player (the live room) holds the shell with them: the
// header, inbox and prompts wait for the first frame (or the hold's cap), then start before any
// island, since the islands' code has yet to load.
const held = (window as { arenaHold?: Promise<unknown> }).arenaHold;
if (held) await held;
const locale = toLocale(document.documentElement.lang);
syncLocale(locale);
readConfigFromPage();
initHeader();
initLocaleButtons();
initSideMenu();
initToast();
initNetworkBanner();
initMaintenance(locale);
initInbox();
initCheckinPrompt();
