/**
 * The chunk-load rule (spec §2): when code for a screen fails to load, save the target path,
 * reload once, then go to the saved path; a second failure does not retry.
 * Keys: local storage `targetPath` and `tryReload`.
 */

/** A load of island code gives up after this long (spec ChunkLoadError after 120 s). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Message fragments browsers use for failed dynamic imports and CSS chunks. */
const CHUNK_ERRORS = [
  'dynamically imported module',
  'Importing a module script failed',
  'error loading dynamically imported module',
  'ChunkLoadError',
  'CSS_CHUNK_LOAD_FAILED',
  'Unable to preload CSS',
];

/** True when `error` looks like failed island code or CSS. */
export function isChunkError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return CHUNK_ERRORS.some((s) => text.includes(s));
}

/** Handles a failed load of code meant for `targetPath`: reloads once, never twice. */
export function onChunkError(targetPath: string): void {
  if (localStorage.getItem('tryReload') === '1') {
    console.error('chunk failed to load again; not retrying', targetPath);
    return;
  }
  localStorage.setItem('targetPath', targetPath);
  localStorage.setItem('tryReload', '1');
  location.reload();
}

/** On page start: finish a pending reload by going to the saved path, and clear the flags. */
export function resumeAfterChunkReload(): void {
  const target = localStorage.getItem('targetPath');
  if (localStorage.getItem('tryReload') !== '1') return;
  localStorage.removeItem('targetPath');
  const here = location.pathname + location.search;
  if (target && target !== here && target.startsWith('/')) {
    location.replace(target);
    return;
  }
  // Keep tryReload until the page has stayed up, so an immediate second failure does not loop.
  setTimeout(() => localStorage.removeItem('tryReload'), 10_000);
}

/** Imports island code with the 120 s limit; a failure applies the chunk-load rule. */
export async function loadChunk<T>(importer: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('ChunkLoadError: timed out')), CHUNK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([importer(), timeout]);
  } catch (err) {
    if (isChunkError(err)) onChunkError(location.pathname + location.search);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Applies the rule to failures no code awaited (Astro islands, Vite preload errors). */
export function watchChunkErrors(): void {
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkError(event.reason)) onChunkError(location.pathname + location.search);
  });
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    onChunkError(location.pathname + location.search);
  });
}
