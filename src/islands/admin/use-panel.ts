/** Loading a console panel's data once it shows, and the panel's refusal or failure message. */
import { useCallback, useEffect, useState } from 'react';
import { showToast } from '../../lib/stores/toast.ts';

/** Runs `load` when the panel shows; `error` holds its failure (an administrators-only refusal). */
export function usePanel(load: () => Promise<void>) {
  const [error, setError] = useState('');
  useEffect(() => {
    load().catch((e: unknown) => setError((e as Error).message));
  }, [load]);
  return error;
}

/**
 * Runs a change with a busy flag; success toasts `done` (unless empty), a refusal its message. Returns
 * true when it went through.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      if (done) showToast(done, 'success');
      return true;
    } catch (e) {
      showToast((e as Error).message, 'error');
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}

/** A unix time as the administrator's browser writes it. */
export function formatTime(seconds: number, locale: string): string {
  return new Date(seconds * 1000).toLocaleString(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/** Minor units as units with two decimals and thousands separators. */
export function formatUnits(minor: number, locale: string): string {
  return (minor / 100).toLocaleString(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}
