/** Number fields of request schemas, bounded by the columns they are stored in. */
import { z } from 'zod';

/** Largest value of a PostgreSQL integer column (ids, counts). */
export const INT4_MAX = 2_147_483_647;

/** A whole JSON number (not a string, array or boolean) from `min` to `max`. */
export function wholeNumber(min: number, max = INT4_MAX) {
  return z
    .number({ error: 'validation.wholeNumber' })
    .int({ error: 'validation.wholeNumber' })
    .min(min, { error: 'validation.outOfRange' })
    .max(max, { error: 'validation.outOfRange' });
}

/** A row id from a query or body (a number or its text), with one message for anything else. */
export function rowId(error: string) {
  return z.coerce.number({ error }).int({ error }).positive({ error }).max(INT4_MAX, { error });
}
