/**
 * Request schemas of the check-in, lottery, profile and watch history calls, shared by the pages
 * and the API. Messages are i18n keys.
 */
import { z } from 'zod';
import { wholeNumber } from './numbers.ts';

/** Largest page size of the history calls. */
export const HISTORY_PAGE_MAX = 50;

/** A history page: page from 1, size 1-50 (20 when left out). */
export const historyPageRequest = z.object({
  page: wholeNumber(1, 100_000).default(1),
  size: wholeNumber(1, HISTORY_PAGE_MAX).default(20),
});

/** Calls that take no fields (an empty body or `{}`). */
export const emptyRequest = z.object({});
