/**
 * POST /api/user/file: one image (multipart field `image`, optional `use`: cover, cover_v,
 * image or avatar) checked, processed and stored; answers its path under img_upload_url.
 * POST /api/qcloud_sts: temporary cloud-storage credentials, only when cloud storage is
 * configured; this deployment stores uploads itself, so it says so and clients use /api/user/file.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { log } from '../log.ts';
import { checkImage, MAX_IMAGE_BYTES, processImage, storeImage, type ImageUse } from './images.ts';

/** Uploads per user per minute. */
const uploads = rateLimit('uploads', 20, 60_000);
const USES: readonly ImageUse[] = ['cover', 'cover_v', 'image', 'avatar'];
/** Room for the multipart envelope around a file just under the limit. */
const MAX_BODY = MAX_IMAGE_BYTES + 64 * 1024;

/** Upload routes, mounted under /api. */
export const uploadRoutes = new Hono<ApiEnv>()
  .post(
    '/user/file',
    requireUser,
    bodyLimit({
      maxSize: MAX_BODY,
      onError: () => {
        throw new ApiError('studio.upload.size');
      },
    }),
    async (c) => {
      const user = c.get('user')!;
      await uploads.enforce(c.get('rt'), String(user.id));
      const body = await c.req.parseBody().catch(() => {
        throw new ApiError('studio.upload.type');
      });
      const file = body.image ?? body.file;
      if (!(file instanceof File)) throw new ApiError('studio.upload.type');
      if (file.size >= MAX_IMAGE_BYTES) throw new ApiError('studio.upload.size');
      const bytes = new Uint8Array(await file.arrayBuffer());
      const checked = checkImage(file.name, bytes);
      if (!checked.ok) throw new ApiError(`studio.upload.${checked.reason}`);
      const use = USES.find((u) => u === body.use) ?? 'image';
      const webp = await processImage(bytes, checked.kind, use);
      if (!webp) throw new ApiError('studio.upload.type');
      const url = await storeImage(c.get('rt').env.dataDir, webp);
      log('info', 'image_uploaded', { userId: user.id, use, bytes: webp.length });
      return ok(c, { list: [url], url });
    },
  )
  .post('/qcloud_sts', requireUser, () => {
    throw new ApiError('studio.upload.noCloud', { status: 1 });
  });
