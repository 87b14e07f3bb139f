/**
 * Stored uploads: which user made each image and for what use, so an image reference (an avatar,
 * a live cover, a chat image, an ID photo) is accepted only when it names a file that exists
 * and, where it must, one its user made.
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { userRef } from './accounts.ts';
import { createdAt } from './columns.ts';

/** One stored image; the row is written with the file. */
export const uploads = pgTable(
  'uploads',
  {
    /** Its reference: `/uploads/YYYY/MM/<hex>.webp`, or `/private/YYYY/MM/<hex>.webp` (ID photos). */
    path: text('path').primaryKey(),
    /** Who uploaded it. */
    userId: userRef('user_id'),
    /** What it was made for (ImageUse in src/server/uploads/images.ts); decides its size. */
    use: text('use').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);
