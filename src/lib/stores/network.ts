/** Whether the browser is online; the shell shows the network banner when it is not. */
import { atom, onMount } from 'nanostores';

/** navigator.onLine, kept current. */
export const $online = atom(true);

onMount($online, () => {
  const update = () => $online.set(navigator.onLine);
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
});
