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

const locale = toLocale(document.documentElement.lang);
resumeAfterChunkReload();
watchChunkErrors();
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
