/** Ad banners (getLongMenAg): the first item of a list is the header banner. */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { adBanners } from '../db/schema.ts';

/** One banner as the client receives it. */
export interface AdBanner {
  id: number;
  title: string;
  image: string;
  jump_url: string;
  /** 1 internal route, 2 external http(s) link. */
  jump_type: number;
}

/** Enabled banners of a category (6 home, 11 other) for a device, in display order. */
export async function listBanners(
  db: Db,
  equipment: number,
  category: number,
): Promise<AdBanner[]> {
  const rows = await db
    .select()
    .from(adBanners)
    .where(
      and(
        eq(adBanners.equipment, equipment),
        eq(adBanners.category, category),
        eq(adBanners.enabled, true),
      ),
    )
    .orderBy(asc(adBanners.sort), asc(adBanners.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    image: r.image,
    jump_url: r.jumpUrl,
    jump_type: r.jumpType,
  }));
}
