/** The toast: one short message at a time, hidden after 1.5 s (spec §9). */
import { atom } from 'nanostores';

/** How long a toast stays. */
export const TOAST_MS = 1500;

/** A toast on screen. */
export interface Toast {
  id: number;
  text: string;
  kind: 'info' | 'success' | 'error';
}

/** The toast on screen, or null. */
export const $toast = atom<Toast | null>(null);

let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows a toast, replacing the current one. */
export function showToast(text: string, kind: Toast['kind'] = 'info'): void {
  seq += 1;
  const id = seq;
  $toast.set({ id, text, kind });
  clearTimeout(timer);
  timer = setTimeout(() => {
    if ($toast.get()?.id === id) $toast.set(null);
  }, TOAST_MS);
}
