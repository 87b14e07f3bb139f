/**
 * POST /api/user/file: one image (multipart field `image`, optional `use`: cover, cover_v,
 * image, avatar or id_photo) checked, converted in the conversion queue (converter.ts) and
 * stored with its uploader; answers its path under img_upload_url. A full queue answers busy
 * (HTTP 503, Retry-After) and stores nothing.
 * GET /api/user/private_image?path=: a private image (an ID photo) to its uploader and to
 * administrators only.
 * POST /api/qcloud_sts: temporary cloud-storage credentials, only when cloud storage is
 * configured; this deployment stores uploads itself, so it says so and clients use /api/user/file.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ROLE } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { log } from '../log.ts';
import { imageConverter } from './converter.ts';
import { checkImage, IMAGE_USES, MAX_IMAGE_BYTES, PRIVATE_USES, storeImage } from './images.ts';
import { recordUpload, uploadOf } from './refs.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { anchorApplyApi } from '../../lib/anchor-apply/api.ts';
import { studioApi } from '../../lib/studio/api.ts';

/** Uploads per user per minute. */
const uploads = rateLimit('uploads', 20, 60_000);
/** Room for the multipart envelope around a file just under the limit. */
const MAX_BODY = MAX_IMAGE_BYTES + 64 * 1024;
const PRIVATE_PATH = /^\/private\/(\d{4}\/\d{2}\/[0-9a-f]{24}\.webp)$/;

/** The prefix app.ts mounts uploadRoutes under. */
export const UPLOAD_MOUNT = '/api';

/** Upload routes, mounted under /api. */
export const uploadRoutes = new Hono<ApiEnv>()
  .on(
    ...routeOf(UPLOAD_MOUNT, studioApi.uploadImage),
    requireUser,
    bodyLimit({
      maxSize: MAX_BODY,
      onError: () => {
        throw new ApiError('studio.upload.size');
      },
    }),
    async (c) => {
      const user = c.get('user')!;
      const { db, env } = c.get('rt');
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
      const use = IMAGE_USES.find((u) => u === body.use) ?? 'image';
      const converter = imageConverter({ slots: env.uploadConversions, waiting: env.uploadQueue });
      const converted = await converter.convert(bytes, checked.kind, use);
      if (!converted.ok) {
        throw new ApiError(`studio.upload.${converted.reason}`, {
          params: converted.reason === 'animated' ? { max: converted.max } : {},
        });
      }
      const url = await storeImage(c.get('rt').storage, converted.webp, new Date(), use);
      await recordUpload(db, url, user.id, use);
      log('info', 'image_uploaded', { userId: user.id, use, bytes: converted.webp.length });
      return ok(c, { list: [url], url });
    },
  )
  .on(...routeOf(UPLOAD_MOUNT, anchorApplyApi.privateImage), requireUser, async (c) => {
    const user = c.get('user')!;
    const ref = c.req.query('path') ?? '';
    const match = PRIVATE_PATH.exec(ref);
    const owner = match ? await uploadOf(c.get('rt').db, ref) : undefined;
    const allowed =
      owner &&
      PRIVATE_USES.some((u) => u === owner.use) &&
      (owner.userId === user.id || user.role === ROLE.admin);
    if (!allowed) throw new ApiError('errors.notFound', { httpStatus: 404 });
    const bytes = await c.get('rt').storage.read(`private/${match![1]!}`);
    if (!bytes) throw new ApiError('errors.notFound', { httpStatus: 404 });
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'image/webp',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  })
  .post('/qcloud_sts', requireUser, () => {
    throw new ApiError('studio.upload.noCloud', { status: 1 });
  });
