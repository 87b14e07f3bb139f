/** English (en-US) messages of the accounts API (keys under `account.api`). */
export const accountApi = {} as const;
