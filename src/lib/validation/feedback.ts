/** The feedback form (/about/3), shared by the page script and the API. */
import { z } from 'zod';
import { showsSomething } from './text.ts';

/** Kinds of feedback. */
export const FEEDBACK_KINDS = ['bug', 'suggestion', 'complaint', 'other'] as const;

/** POST /api/feedback/submit. */
export const feedbackRequest = z.object({
  kind: z.enum(FEEDBACK_KINDS, { error: 'validation.select' }),
  content: z
    .string({ error: 'validation.required' })
    .trim()
    .refine(showsSomething, { error: 'validation.required' })
    .min(10, { error: 'feedback.tooShort' })
    .max(500, { error: 'validation.tooLong' }),
  contact: z
    .string()
    .trim()
    .max(50, { error: 'validation.tooLong' })
    .refine(showsSomething, { error: 'validation.blank' })
    .default(''),
});
