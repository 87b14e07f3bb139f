/**
 * A room's announcement with its contacts (spec §3: content and a list of title/value), shared by
 * the hub's `announce` frame, the room settings call and the room settings form.
 */
import { z } from 'zod';
import { showsSomething } from '../validation/text.ts';

/** Longest announcement. */
export const ANNOUNCEMENT_MAX = 200;
/** Most contacts under it. */
export const CONTACTS_MAX = 5;
/** Longest contact title and value. */
export const CONTACT_TITLE_MAX = 20;
export const CONTACT_VALUE_MAX = 60;

/** The announcement and its contacts. */
export const announcementSchema = z.object({
  content: z
    .string()
    .trim()
    .max(ANNOUNCEMENT_MAX, { error: 'commentAdmin.announce.tooLong' })
    .refine(showsSomething, { error: 'validation.blank' }),
  contact: z
    .array(
      z.object({
        title: z
          .string()
          .trim()
          .min(1, { error: 'validation.required' })
          .refine(showsSomething, { error: 'validation.required' })
          .max(CONTACT_TITLE_MAX, { error: 'validation.tooLong' }),
        value: z
          .string()
          .trim()
          .min(1, { error: 'validation.required' })
          .refine(showsSomething, { error: 'validation.required' })
          .max(CONTACT_VALUE_MAX, { error: 'validation.tooLong' }),
      }),
    )
    .max(CONTACTS_MAX, { error: 'commentAdmin.announce.tooMany' })
    .default([]),
});

/** What announcementSchema reads. */
export type Announcement = z.infer<typeof announcementSchema>;
