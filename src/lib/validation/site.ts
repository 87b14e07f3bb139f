/** Request schemas of the site-wide calls (maintenance, ad banners). Messages are i18n keys. */
import { z } from 'zod';
import { INT4_MAX } from './numbers.ts';
import { withoutControlCharacters } from './text.ts';

/** A positive integer that may arrive as a number or a numeric string (query strings). */
export const intLike = z.coerce
  .number({ error: 'validation.number' })
  .int({ error: 'validation.integer' })
  .min(0, { error: 'validation.number' })
  .max(INT4_MAX, { error: 'validation.outOfRange' });

/** POST /api/maintain body. */
export const maintainRequest = z.object({
  /** 1 web (the only device this client is). */
  device: intLike.default(1),
});

/** GET /api/home/getLongMenAg query. */
export const longMenAgRequest = z.object({
  /** 1 web. */
  equipment: intLike.default(1),
  /** 6 home page, 11 any other page. */
  category: z.coerce
    .number({ error: 'validation.number' })
    .refine((v) => v === 6 || v === 11, { error: 'validation.oneOf', params: { values: '6, 11' } }),
});

/** Search box: trimmed, at most 10 characters. */
export const searchKeyword = z
  .string()
  .transform(withoutControlCharacters)
  .pipe(z.string().trim().max(10, { error: 'validation.searchMax' }));
