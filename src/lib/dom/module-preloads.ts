/**
 * Where the client build writes the map of each chosen module to its chunk files (the build step
 * in src/islands/dom/preloads-plugin.ts writes it; the server's page helpers read it).
 */

/** The file the map is written to, in the client output's root. */
export const PRELOADS_FILE = 'module-preloads.json';
