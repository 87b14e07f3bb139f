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
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { bodyLimit } from 'hono/body-limit';
import { ROLE } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { log } from '../log.ts';
import { imageConverter } from './converter.ts';
import {
  checkImage,
  IMAGE_USES,
  MAX_IMAGE_BYTES,
  PRIVATE_USES,
  sniffImage,
  storeImage,
  type ImageKind,
  type ImageUse,
} from './images.ts';
import { input } from '../http/validate.ts';
import { bucketAddress } from '../storage/settings.ts';
import { readUnder } from '../storage/store.ts';
import { issueUploadKeys, UPLOAD_KEY_SECONDS } from '../storage/sts.ts';
import { mintUploadName, ownsUploadName } from '../storage/upload-name.ts';
import { recordUpload, uploadOf } from './refs.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { anchorApplyApi } from '../../lib/anchor-apply/api.ts';
import { studioApi, type CloudKeys } from '../../lib/studio/api.ts';

/** Uploads per user per minute. */
const uploads = rateLimit('uploads', 20, 60_000);
/** Room for the multipart envelope around a file just under the limit. */
const MAX_BODY = MAX_IMAGE_BYTES + 64 * 1024;
const PRIVATE_PATH = /^\/private\/(\d{4}\/\d{2}\/[0-9a-f]{24}\.webp)$/;

/** Temporary upload keys per user per minute: each costs a call to the provider's STS. */
const cloudKeys = rateLimit('cloud-keys', 10, 60_000);

const claimRequest = z.object({
  filename: z.string().max(200),
  use: z.string().max(20).optional(),
});

/**
 * Converts an accepted image in the conversion queue, stores it and records its uploader;
 * answers its path as the upload calls do.
 */
async function convertAndStore(
  c: Context<ApiEnv>,
  userId: number,
  bytes: Uint8Array,
  kind: ImageKind,
  use: ImageUse,
): Promise<{ list: string[]; url: string }> {
  const { db, env, storage } = c.get('rt');
  const converter = imageConverter({ slots: env.uploadConversions, waiting: env.uploadQueue });
  const converted = await converter.convert(bytes, kind, use);
  if (!converted.ok) {
    throw new ApiError(`studio.upload.${converted.reason}`, {
      params: converted.reason === 'animated' ? { max: converted.max } : {},
    });
  }
  const url = await storeImage(storage, converted.webp, new Date(), use);
  await recordUpload(db, url, userId, use);
  log('info', 'image_uploaded', { userId, use, bytes: converted.webp.length });
  return { list: [url], url };
}

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
      return ok(c, await convertAndStore(c, user.id, bytes, checked.kind, use));
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
  .on(...routeOf(UPLOAD_MOUNT, studioApi.cloudKeys), requireUser, async (c) => {
    const user = c.get('user')!;
    const rt = c.get('rt');
    const settings = rt.env.storage;
    if (settings.driver !== 's3' || !settings.sts) {
      throw new ApiError('studio.upload.noCloud', { status: 1 });
    }
    await cloudKeys.enforce(rt, String(user.id));
    const expires = Math.floor(Date.now() / 1000) + UPLOAD_KEY_SECONDS;
    const filename = mintUploadName(rt.env.secret, user.id, expires);
    const issued = await issueUploadKeys(settings, filename);
    if (!issued.ok) {
      log('error', 'cloud_keys_failed', { userId: user.id, code: issued.code });
      throw new ApiError('studio.upload.cloudFailed', { status: 1 });
    }
    const { keys } = issued;
    return ok(c, {
      Credentials: {
        TmpSecretId: keys.tmpSecretId,
        TmpSecretKey: keys.tmpSecretKey,
        Token: keys.token,
      },
      ExpiredTime: keys.expiredTime,
      bucket: settings.bucket,
      region: settings.region,
      filename,
      provider: settings.sts.kind === 'tencent' ? 'tencent' : 's3',
      endpoint: bucketAddress(settings),
    } satisfies CloudKeys);
  })
  .on(...routeOf(UPLOAD_MOUNT, studioApi.claimCloudImage), requireUser, async (c) => {
    const user = c.get('user')!;
    const rt = c.get('rt');
    const { filename, use: asked } = await input(c, claimRequest);
    await uploads.enforce(rt, String(user.id));
    const now = Math.floor(Date.now() / 1000);
    if (rt.storage.driver !== 's3' || !ownsUploadName(rt.env.secret, filename, user.id, now)) {
      throw new ApiError('studio.upload.cloudExpired', { httpStatus: 404 });
    }
    // Read no further than the limit: the keys may still replace the object with a larger one.
    const bytes = await readUnder(rt.storage, filename, MAX_IMAGE_BYTES);
    if (!bytes) throw new ApiError('studio.upload.cloudExpired', { httpStatus: 404 });
    // Whatever happens next, the raw object goes: only converted copies are ever shown.
    try {
      if (bytes === 'too big') throw new ApiError('studio.upload.size');
      const kind = sniffImage(bytes);
      if (!kind) throw new ApiError('studio.upload.type');
      const use = IMAGE_USES.find((u) => u === asked) ?? 'image';
      return ok(c, await convertAndStore(c, user.id, bytes, kind, use));
    } finally {
      await rt.storage.remove(filename).catch(() => {});
    }
  });
