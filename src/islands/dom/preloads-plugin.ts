/**
 * Build step: the hashed file names of chosen client modules and of every chunk they import
 * (statically, all the way down), written to `module-preloads.json` in the client output. The
 * server reads it to put `<link rel="modulepreload">` for a page's most urgent code in the
 * `<head>`, so the browser fetches it at once instead of discovering it one import at a time.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { PRELOADS_FILE } from '../../lib/dom/module-preloads.ts';

interface OutChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
}

/** A Vite plugin mapping each of `modules` (paths from the project root) to its chunk files. */
export function modulePreloads(root: string, modules: readonly string[]): Plugin {
  return {
    name: 'arena-live:module-preloads',
    apply: 'build',
    // Only the browser's bundle: the server's chunks are not fetched by anyone.
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      // Each module gets its own chunk, even one that nothing imports (a page names it).
      for (const id of modules) this.emitFile({ type: 'chunk', id: path.resolve(root, id) });
    },
    // After Vite's own steps, which drop the chunks that only carried CSS.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (o) => o.type === 'chunk',
      ) as unknown as OutChunk[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const map: Record<string, string[]> = {};
      for (const id of modules) {
        const file = path.resolve(root, id);
        // The chunk holding the module (a module shared by entries may sit in another's chunk).
        const home =
          chunks.find((c) => c.facadeModuleId === file) ??
          chunks.find((c) => c.moduleIds.includes(file));
        if (!home) continue;
        const files = new Set<string>();
        const visit = (name: string) => {
          if (files.has(name) || !byFile.has(name)) return;
          files.add(name);
          for (const next of byFile.get(name)?.imports ?? []) visit(next);
        };
        visit(home.fileName);
        map[id] = [...files].map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: PRELOADS_FILE, source: JSON.stringify(map) });
    },
  };
}
