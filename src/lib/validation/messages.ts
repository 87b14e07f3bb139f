/** Turns zod issues whose messages are i18n keys into one human message. */
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** The first issue of a zod error, translated; unknown messages fall back to a generic one. */
export function firstIssueMessage(error: z.ZodError, t: TFunction): string {
  const issue = error.issues[0];
  if (!issue) return t('errors.badRequest');
  const key = issue.message;
  if (/^[a-zA-Z]+(\.[\w-]+)+$/.test(key)) {
    const params = {
      ...('maximum' in issue ? { max: issue.maximum } : {}),
      ...('params' in issue ? issue.params : {}),
    };
    return t(key, params);
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return `${t('validation.required')}: ${issue.path.join('.')}`;
  }
  return `${t('errors.badRequest')}: ${issue.path.join('.') || key}`;
}
