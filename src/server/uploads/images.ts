/**
 * Image uploads (covers and other pictures): JPEG, GIF, PNG and BMP only, under 2 MB (spec §5).
 * The type is decided by the file's content (its first bytes), and the name's extension must
 * agree, so a PNG renamed `.jfif` or a text file renamed `.png` is refused. Accepted images are
 * decoded and written again as WebP (metadata such as GPS position dropped, orientation
 * applied), fitted to the use: a horizontal cover is cropped to 18:10, a vertical cover and other
 * images are fitted inside a bounding box, an avatar is cropped square. The conversion itself
 * runs in a process of its own, one image at a time (converter.ts); an ID photo is stored where
 * only its uploader and administrators can read it.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { monthFolder, type ObjectStore } from '../storage/store.ts';

/** Largest upload, bytes (spec: under 2 MB). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Image kinds by content. */
export type ImageKind = 'jpeg' | 'gif' | 'png' | 'bmp';

/** Extensions accepted for each kind (jfif is refused by the spec). */
const EXTENSIONS: Record<ImageKind, readonly string[]> = {
  jpeg: ['.jpg', '.jpeg'],
  gif: ['.gif'],
  png: ['.png'],
  bmp: ['.bmp'],
};

/** What the image is for: it decides the output size (and, for an ID photo, who may see it). */
export type ImageUse = 'cover' | 'cover_v' | 'image' | 'avatar' | 'id_photo';

/** Every use, as the upload call's `use` field names them. */
export const IMAGE_USES: readonly ImageUse[] = ['cover', 'cover_v', 'image', 'avatar', 'id_photo'];

/** Uses whose images are private: stored outside /uploads/, shown to their uploader and admins. */
export const PRIVATE_USES: readonly ImageUse[] = ['id_photo'];

/** Largest still image, pixels (a 40-megapixel photo). */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Largest animated image, pixels of all its frames together (width x height x frames): decoding
 * and re-encoding costs about that many pixels of work, so 20 million keeps one conversion to a
 * few seconds of one core (50 frames of 640 x 640, or 5 frames of 2000 x 2000).
 */
export const ANIMATION_PIXEL_BUDGET = 20_000_000;

/** Longest one conversion may run, seconds; beyond it the image is refused as undecodable. */
const CONVERT_TIMEOUT_S = 30;

const FIT: Record<ImageUse, { width: number; height: number; crop: boolean }> = {
  /** Horizontal cover, 18:10 (the spec's 592 x 332 at a sharper size). */
  cover: { width: 1080, height: 600, crop: true },
  /** Vertical cover: inside 720 x 1280. */
  cover_v: { width: 720, height: 1280, crop: false },
  image: { width: 1920, height: 1920, crop: false },
  /** Avatar: cropped square from the centre, 256 x 256. */
  avatar: { width: 256, height: 256, crop: true },
  /** ID photo of an anchor application: readable, not larger. */
  id_photo: { width: 1600, height: 1600, crop: false },
};

/** Side of an avatar in px (square). */
export const AVATAR_SIZE = FIT.avatar.width;

/** The kind of image `bytes` hold, by their signature; undefined for anything else. */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39)) return 'gif';
  if (starts([0x42, 0x4d]) && bytes.length > 54) return 'bmp';
  return undefined;
}

/** Why an upload was refused: the spec's two messages. */
export type UploadRefusal = 'type' | 'size';

/** Checks name and content; the kind, or why not. */
export function checkImage(
  name: string,
  bytes: Uint8Array,
): { ok: true; kind: ImageKind } | { ok: false; reason: UploadRefusal } {
  if (bytes.length >= MAX_IMAGE_BYTES) return { ok: false, reason: 'size' };
  const kind = sniffImage(bytes);
  const ext = path.extname(name).toLowerCase();
  if (!kind || !EXTENSIONS[kind].includes(ext)) return { ok: false, reason: 'type' };
  return { ok: true, kind };
}

/**
 * Decodes an uncompressed 24- or 32-bit BMP (what image editors write) into RGBA pixels;
 * undefined for other BMP variants (palettes, RLE), which are refused.
 */
export function decodeBmp(
  bytes: Uint8Array,
): { data: Buffer; width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 54) return undefined;
  const offset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  if (headerSize < 40) return undefined;
  const width = view.getInt32(18, true);
  const rawHeight = view.getInt32(22, true);
  const bpp = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  const height = Math.abs(rawHeight);
  // 0 = none; 3 = bit fields, which 32-bit files use with the usual BGRA masks.
  if (width <= 0 || height === 0 || width > 8192 || height > 8192) return undefined;
  if (
    !(bpp === 24 && compression === 0) &&
    !(bpp === 32 && (compression === 0 || compression === 3))
  )
    return undefined;
  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (offset + stride * height > bytes.length) return undefined;
  const data = Buffer.alloc(width * height * 4);
  const step = bpp / 8;
  for (let y = 0; y < height; y++) {
    // Rows are stored bottom-up unless the height is negative.
    const row = offset + (rawHeight > 0 ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) {
      const src = row + x * step;
      const dst = (y * width + x) * 4;
      data[dst] = bytes[src + 2]!;
      data[dst + 1] = bytes[src + 1]!;
      data[dst + 2] = bytes[src]!;
      data[dst + 3] = bpp === 32 && compression === 3 ? bytes[src + 3]! : 255;
    }
  }
  return { data, width, height };
}

/** What a conversion gives: the WebP bytes, or why the image is refused. */
export type Converted =
  | { ok: true; webp: Buffer }
  | { ok: false; reason: 'type' }
  | { ok: false; reason: 'animated'; max: number };

/**
 * Decodes, orients, fits and re-encodes an accepted image as WebP. Refused: an undecodable image
 * (`type`) and an animation whose frames together exceed ANIMATION_PIXEL_BUDGET (`animated`,
 * read from the header before any frame is decoded). Runs in the conversion process
 * (convert-child.ts), never on the server's own threads.
 */
export async function processImage(
  bytes: Uint8Array,
  kind: ImageKind,
  use: ImageUse,
): Promise<Converted> {
  const refused = { ok: false, reason: 'type' } as const;
  let input: Sharp;
  if (kind === 'bmp') {
    const bmp = decodeBmp(bytes);
    if (!bmp) return refused;
    input = sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: 4 } });
  } else {
    const animated = kind === 'gif';
    if (animated) {
      const meta = await sharp(bytes, { animated, limitInputPixels: false })
        .metadata()
        .catch(() => null);
      if (!meta?.width) return refused;
      const frames = meta.pages ?? 1;
      const frameHeight = meta.pageHeight ?? meta.height ?? 0;
      if (frames > 1 && meta.width * frameHeight * frames > ANIMATION_PIXEL_BUDGET) {
        return { ok: false, reason: 'animated', max: ANIMATION_PIXEL_BUDGET / 1_000_000 };
      }
    }
    input = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS });
  }
  const fit = FIT[use];
  try {
    const webp = await input
      .timeout({ seconds: CONVERT_TIMEOUT_S })
      .rotate()
      .resize({
        width: fit.width,
        height: fit.height,
        fit: fit.crop ? 'cover' : 'inside',
        withoutEnlargement: !fit.crop,
      })
      .webp({ quality: 82 })
      .toBuffer();
    return { ok: true, webp };
  } catch {
    return refused;
  }
}

/**
 * Stores processed bytes as `uploads/YYYY/MM/<hex>.webp` (public) or, for a private use,
 * `private/YYYY/MM/<hex>.webp` (served only by GET /api/user/private_image); returns the
 * image's reference, `/uploads/...` or `/private/...`.
 */
export async function storeImage(
  store: ObjectStore,
  webp: Buffer,
  now = new Date(),
  use: ImageUse = 'image',
): Promise<string> {
  const key = `${storedRoot(use)}/${monthFolder(now)}/${randomBytes(12).toString('hex')}.webp`;
  const visibility = PRIVATE_USES.includes(use) ? 'private' : 'public';
  await store.put(key, webp, { contentType: 'image/webp', visibility });
  return `/${key}`;
}

/** Where images of `use` are kept: `private` for private uses, else `uploads`. */
function storedRoot(use: ImageUse): 'private' | 'uploads' {
  return PRIVATE_USES.includes(use) ? 'private' : 'uploads';
}
