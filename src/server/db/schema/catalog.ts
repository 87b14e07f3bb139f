/** Live categories: the top level (esports, sports, others) and the second level. */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Top-level live categories (esports, sports, others). */
export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  /** Chinese name. */
  nameZh: text('name_zh').notNull(),
  /** English name. */
  nameEn: text('name_en').notNull(),
  /** Display order, ascending. */
  sort: integer('sort').notNull().default(0),
});

/** Second-level categories (football, basketball, League of Legends ...). */
export const secondCategories = pgTable('second_categories', {
  id: integer('id').primaryKey(),
  /** Parent category. */
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  /** Sport id for match data (1 football, 2 basketball, 3 tennis); null when not a sport. */
  sportId: integer('sport_id'),
  sort: integer('sort').notNull().default(0),
});
