/**
 * The image conversion process (started by converter.ts): receives accepted uploads over IPC,
 * converts each with processImage and answers the WebP bytes or why the image is refused. It has
 * its own libuv thread pool and memory, so a heavy image never holds up the server's file
 * reads or password hashing; libvips uses one thread per image and keeps no cache.
 */
import sharp from 'sharp';
import { processImage, type ImageKind, type ImageUse } from './images.ts';

/** A conversion asked of this process. */
export interface ConvertRequest {
  id: number;
  bytes: Uint8Array;
  kind: ImageKind;
  use: ImageUse;
}

sharp.concurrency(1);
sharp.cache(false);

process.on('message', (message: ConvertRequest) => {
  void processImage(message.bytes, message.kind, message.use).then(
    (result) => process.send?.({ id: message.id, result }),
    () => process.send?.({ id: message.id, result: { ok: false, reason: 'type' } }),
  );
});
// The server went away: nothing is left to answer.
process.on('disconnect', () => process.exit(0));
