/** Reading an SDP offer's body, bounded: the ingest and the site's pass-through share it. */
import type { IncomingMessage } from 'node:http';

/** The largest offer taken (a real one is a few kilobytes). */
export const MAX_OFFER_BYTES = 64 * 1024;

/**
 * The request's body, or null when it is larger than `max` bytes or breaks off. Too large: the
 * rest is read and dropped, so the refusal still reaches the caller.
 */
export function readOffer(req: IncomingMessage, max = MAX_OFFER_BYTES): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) return resolve(null);
      chunks.push(chunk);
    });
    req.on('end', () => resolve(size > max ? null : Buffer.concat(chunks)));
    req.on('error', () => resolve(null));
  });
}
