/** Column helpers shared by the schema files. */
import { integer, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/** When the row was written. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A user's id, required; the row goes with the user. */
export const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
