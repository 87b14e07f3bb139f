/**
 * Build step: zod in the browser bundle starts jitless. Zod probes once whether it may compile
 * its parsers with `new Function`; the site's Content-Security-Policy forbids that, so the probe
 * fails quietly but every page that parses with zod reports a policy violation. Jitless parsing
 * skips the probe. The server keeps zod's compiled parsers (faster for the API).
 */
import type { Plugin } from 'vite';

/** Where zod keeps its global configuration, created by its core module on first load. */
const CONFIG_LINE =
  /\(_a = globalThis\)\.__zod_globalConfig \?\? \(_a\.__zod_globalConfig = \{\}\);/;

/** A Vite plugin that creates zod's global configuration with `jitless: true` in the browser. */
export function zodJitless(): Plugin {
  return {
    name: 'arena-live:zod-jitless',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id.split('?')[0]!)) return null;
      if (!CONFIG_LINE.test(code)) {
        this.error('zod changed where it keeps its configuration: update the jitless plugin');
      }
      return code.replace(
        CONFIG_LINE,
        '(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = { jitless: true });',
      );
    },
  };
}
