/**
 * The chunk files a page preloads, from the map the client build writes (see
 * src/islands/dom/preloads-plugin.ts). Read once; under the development server (or without a
 * build) there is nothing to preload, and a module is named by its source path.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PRELOADS_FILE } from '../../lib/dom/module-preloads.ts';

let map: Record<string, string[]> | undefined;

function load(): Record<string, string[]> {
  if (map) return map;
  // The development server serves modules from their sources, never the build's chunks.
  if (import.meta.env?.DEV) return (map = {});
  const file = path.resolve('dist', 'client', PRELOADS_FILE);
  map = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>)
    : {};
  return map;
}

/**
 * The URL of module `id`'s own chunk; without a build (the development server) the module's
 * source path, which the development server serves as a module.
 */
export function moduleUrl(id: string): string {
  return load()[id]?.[0] ?? `/${id}`;
}

/** The files of `modules` and of everything they import, each once, in order. */
export function modulePreloadsFor(modules: readonly string[]): string[] {
  const all = load();
  return [...new Set(modules.flatMap((m) => all[m] ?? []))];
}
