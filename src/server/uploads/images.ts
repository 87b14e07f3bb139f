/**
 * Image uploads (covers and other pictures): JPEG, GIF, PNG and BMP only, under 2 MB (spec §5).
 * The type is decided by the file's content (its first bytes), and the name's extension must
 * agree, so a PNG renamed `.jfif` or a text file renamed `.png` is refused. Accepted images are
 * decoded and written again as WebP (metadata such as GPS position dropped, orientation
 * applied), fitted to the use: a horizontal cover is cropped to 18:10, a vertical cover and other
 * images are fitted inside a bounding box, an avatar is cropped square.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

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

/** What the image is for: it decides the output size. */
export type ImageUse = 'cover' | 'cover_v' | 'image' | 'avatar';

const FIT: Record<ImageUse, { width: number; height: number; crop: boolean }> = {
  /** Horizontal cover, 18:10 (the spec's 592 x 332 at a sharper size). */
  cover: { width: 1080, height: 600, crop: true },
  /** Vertical cover: inside 720 x 1280. */
  cover_v: { width: 720, height: 1280, crop: false },
  image: { width: 1920, height: 1920, crop: false },
  /** Avatar: cropped square from the centre, 256 x 256. */
  avatar: { width: 256, height: 256, crop: true },
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

/** Decodes, orients, fits and re-encodes an accepted image as WebP; undefined when undecodable. */
export async function processImage(
  bytes: Uint8Array,
  kind: ImageKind,
  use: ImageUse,
): Promise<Buffer | undefined> {
  let input: Sharp;
  if (kind === 'bmp') {
    const bmp = decodeBmp(bytes);
    if (!bmp) return undefined;
    input = sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: 4 } });
  } else {
    input = sharp(bytes, { animated: kind === 'gif', limitInputPixels: 40_000_000 });
  }
  const fit = FIT[use];
  try {
    return await input
      .rotate()
      .resize({
        width: fit.width,
        height: fit.height,
        fit: fit.crop ? 'cover' : 'inside',
        withoutEnlargement: !fit.crop,
      })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return undefined;
  }
}

/** Stores processed bytes under `<dataDir>/uploads/YYYY/MM/`; returns the public path. */
export async function storeImage(dataDir: string, webp: Buffer, now = new Date()): Promise<string> {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const dir = path.join(dataDir, 'uploads', month);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(12).toString('hex')}.webp`;
  await writeFile(path.join(dir, name), webp);
  return `/uploads/${month}/${name}`;
}
