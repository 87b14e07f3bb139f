/** Time fields of request schemas, shared by the newsroom and the match desk. */
import { z } from 'zod';

/**
 * A date and time as the browser sends it (ISO 8601), within years 2000-2100; `error` is the
 * message key of a value that is not one.
 */
export function dateTimeSchema(error: string) {
  return z
    .string({ error: 'validation.required' })
    .trim()
    .max(40, { error: 'validation.tooLong' })
    .refine(
      (v) => {
        const ms = Date.parse(v);
        return Number.isFinite(ms) && ms >= Date.UTC(2000, 0, 1) && ms < Date.UTC(2100, 0, 1);
      },
      { error },
    );
}
