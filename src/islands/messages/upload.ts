/** Picking an image for a message or an update: checked here, uploaded, handed on. */
import type { TFunction } from 'i18next';
import type { RefObject } from 'react';
import { checkImageFile, uploadImage } from '../../lib/stores/studio.ts';
import { showToast } from '../../lib/stores/toast.ts';

/**
 * Checks `picked` (type and size, as the server does), uploads it and gives its path to `use`;
 * refusals and failures are toasts. `busy` brackets the work; the file input is cleared after.
 */
export async function uploadPicked(
  picked: File | undefined,
  t: TFunction,
  input: RefObject<HTMLInputElement | null>,
  busy: (on: boolean) => void,
  use: (url: string) => Promise<void> | void,
): Promise<void> {
  if (!picked) return;
  const refusal = checkImageFile(picked);
  if (refusal) {
    showToast(t(refusal), 'error');
    return;
  }
  busy(true);
  try {
    await use(await uploadImage(picked, 'image', () => {}));
  } catch (e) {
    showToast((e as Error).message, 'error');
  } finally {
    busy(false);
    if (input.current) input.current.value = '';
  }
}
