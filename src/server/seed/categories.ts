/** Demo live categories: esports, sports and others with their second levels. */
import type { Db } from '../db/index.ts';
import { categories, secondCategories } from '../db/schema.ts';

/** Top-level categories. */
export const DEMO_CATEGORIES = [
  { id: 1, nameZh: '电竞', nameEn: 'Esports', sort: 1 },
  { id: 2, nameZh: '体育', nameEn: 'Sports', sort: 2 },
  { id: 3, nameZh: '其他', nameEn: 'Others', sort: 3 },
] as const;

/** Second-level categories; sport ids 1 football, 2 basketball, 3 tennis. */
export const DEMO_SECOND_CATEGORIES = [
  {
    id: 101,
    categoryId: 1,
    nameZh: '英雄联盟',
    nameEn: 'League of Legends',
    sportId: null,
    sort: 1,
  },
  { id: 102, categoryId: 1, nameZh: 'CS2', nameEn: 'CS2', sportId: null, sort: 2 },
  { id: 103, categoryId: 1, nameZh: '刀塔2', nameEn: 'Dota 2', sportId: null, sort: 3 },
  { id: 104, categoryId: 1, nameZh: '无畏契约', nameEn: 'Valorant', sportId: null, sort: 4 },
  { id: 201, categoryId: 2, nameZh: '足球', nameEn: 'Football', sportId: 1, sort: 1 },
  { id: 202, categoryId: 2, nameZh: '篮球', nameEn: 'Basketball', sportId: 2, sort: 2 },
  { id: 203, categoryId: 2, nameZh: '网球', nameEn: 'Tennis', sportId: 3, sort: 3 },
  { id: 301, categoryId: 3, nameZh: '台球', nameEn: 'Billiards', sportId: null, sort: 1 },
  { id: 302, categoryId: 3, nameZh: '棋牌', nameEn: 'Chess', sportId: null, sort: 2 },
  { id: 303, categoryId: 3, nameZh: '健身', nameEn: 'Fitness', sportId: null, sort: 3 },
] as const;

/** Inserts both category levels. */
export async function seedCategories(db: Db): Promise<void> {
  await db.insert(categories).values([...DEMO_CATEGORIES]);
  await db.insert(secondCategories).values([...DEMO_SECOND_CATEGORIES]);
}
