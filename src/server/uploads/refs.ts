/**
 * Image references: what a form may name as an image. A reference is accepted only when it is
 * the exact path of a stored upload (a row in `uploads`, written with the file), and, for what
 * stands for its user (an avatar, a live cover, an ID photo), one that same user uploaded.
 * Covers may also be the built-in demo covers. Anything else (a missing file, another user's
 * upload, `..` segments, an external URL) is refused.
 */
import { existsSync } from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { uploads } from '../db/schema.ts';
import type { ImageUse } from './images.ts';
import { BUILT_IN_COVER } from '../../lib/validation/studio.ts';

/** The shape of a stored upload's reference; the row decides whether it exists. */
const STORED = /^\/(uploads|private)\/\d{4}\/\d{2}\/[0-9a-f]{24}\.webp$/;

const publicDir = new URL('../../../public/', import.meta.url);

/** What a reference must be. */
export interface RefRule {
  /** Uses it may have been uploaded for. */
  uses: readonly ImageUse[];
  /** When set, only this user's own uploads are accepted. */
  owner?: number;
  /** Whether the built-in demo covers are accepted too. */
  builtInCovers?: boolean;
}

/**
 * True when `ref` is a built-in cover that exists (public/demo/covers and covers-v, offered before
 * a first upload): a WebP picture, or the SVG drawing it is made from, which older rooms name.
 */
export function isBuiltInCover(ref: string): boolean {
  const match = BUILT_IN_COVER.exec(ref);
  return (
    Boolean(match) && existsSync(new URL(`demo/${match![1]}/${match![2]}.${match![3]}`, publicDir))
  );
}

/** True when `ref` names an image that `rule` accepts. */
export async function acceptsImage(db: Db, ref: string, rule: RefRule): Promise<boolean> {
  if (rule.builtInCovers && isBuiltInCover(ref)) return true;
  if (!STORED.test(ref)) return false;
  const [row] = await db
    .select({ userId: uploads.userId })
    .from(uploads)
    .where(and(eq(uploads.path, ref), inArray(uploads.use, [...rule.uses])));
  return Boolean(row) && (rule.owner === undefined || row!.userId === rule.owner);
}

/** Records a stored image: who uploaded it and for what. */
export async function recordUpload(
  db: Db,
  ref: string,
  userId: number,
  use: ImageUse,
): Promise<void> {
  await db.insert(uploads).values({ path: ref, userId, use });
}

/** The uploader and use of a stored image, if it is one. */
export async function uploadOf(
  db: Db,
  ref: string,
): Promise<{ userId: number; use: string } | undefined> {
  if (!STORED.test(ref)) return undefined;
  const [row] = await db
    .select({ userId: uploads.userId, use: uploads.use })
    .from(uploads)
    .where(eq(uploads.path, ref));
  return row;
}

/** Uses of the images a live cover may be: either cover, or a general image. */
export const COVER_USES: readonly ImageUse[] = ['cover', 'cover_v', 'image'];
/** Uses of images shown publicly in messages and dynamics: anything but private ones. */
export const PUBLIC_USES: readonly ImageUse[] = ['cover', 'cover_v', 'image', 'avatar'];
