/** English (en-US) strings of the login dialog, slide captcha and user card (keys under `account.ui`). */
export const accountUi = {} as const;
