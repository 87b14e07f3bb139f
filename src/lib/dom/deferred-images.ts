/**
 * Images a page renders without loading them yet: the element carries a one-pixel placeholder
 * and the real address in `data-defer-src`, and a script releases them when the page's urgent
 * work is done (the live room: once its player has settled). Their text and links stay in the
 * server's HTML; only the pictures wait.
 */

/** A transparent one-pixel GIF. */
export const IMAGE_PLACEHOLDER =
  'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

/** Starts loading every deferred image under `root`. */
export function releaseDeferredImages(root: ParentNode = document): void {
  for (const img of root.querySelectorAll<HTMLImageElement>('img[data-defer-src]')) {
    img.src = img.dataset.deferSrc ?? img.src;
    img.removeAttribute('data-defer-src');
  }
}
