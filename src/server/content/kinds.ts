/** Fixed vocabularies of the content collections, shared by the schemas, pages and tests. */

/** Sports a news article can be filed under. */
export const NEWS_SPORTS = ['football', 'basketball', 'esports', 'tennis', 'other'] as const;

/** One of NEWS_SPORTS. */
export type NewsSport = (typeof NEWS_SPORTS)[number];

/** Help-centre categories, in the order the help page shows them. */
export const HELP_CATEGORIES = ['account', 'wallet', 'live', 'anchor', 'community'] as const;

/** One of HELP_CATEGORIES. */
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/** Collections under src/content, each holding `<locale>/<id>.md` files. */
export const CONTENT_COLLECTIONS = [
  'news',
  'notices',
  'help',
  'agreements',
  'about',
  'activities',
  'urgent',
] as const;

/** Agreement ids: /protocol/{id}/{channel} and /privacy/{id}. */
export const AGREEMENT_IDS = { user: '1', privacy: '2', live: '3', recharge: '4' } as const;

/** About page ids: /about/{id}. */
export const ABOUT_IDS = { about: '1', contact: '2', feedback: '3', business: '4' } as const;
