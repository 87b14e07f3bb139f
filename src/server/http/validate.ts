/** Reading and validating request input with the shared zod schemas. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { firstIssueMessage } from '../../lib/validation/messages.ts';
import { findBlankText } from '../../lib/rules/text.ts';
import { findControlText } from '../../lib/validation/text.ts';
import type { ApiEnv } from './api-env.ts';
import { ApiError } from './envelope.ts';

async function readJson(c: Context<ApiEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('errors.badBody');
  }
}

/**
 * Parses the JSON body (or the query string for GET) with `schema`; a malformed or invalid
 * input, or text with control characters in any field or text that shows nothing (zero-width or
 * blank characters only), becomes status 1 with a message in the caller's language.
 */
export async function input<S extends z.ZodType>(
  c: Context<ApiEnv>,
  schema: S,
): Promise<z.infer<S>> {
  const raw = c.req.method === 'GET' ? c.req.query() : await readJson(c);
  // No field of any call takes control characters: refused here once, before any schema.
  const unsafe = findControlText(raw);
  if (unsafe !== null) {
    const t = c.get('t');
    throw new ApiError(`${t('validation.controlChars')}: ${unsafe}`, { literal: true });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new ApiError(firstIssueMessage(parsed.error, c.get('t')), { literal: true });
  }
  // Text fields refuse text that shows nothing with their own message; any field left is
  // refused here, after the schema, so that the field's own message comes first.
  const blank = findBlankText(raw);
  if (blank !== null) {
    const t = c.get('t');
    throw new ApiError(`${t('validation.blank')}: ${blank}`, { literal: true });
  }
  return parsed.data;
}
