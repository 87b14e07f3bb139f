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
  'certificates',
] as const;

/** Agreement ids: /protocol/{id}/{channel} and /privacy/{id}. */
export const AGREEMENT_IDS = { user: '1', privacy: '2', live: '3', recharge: '4' } as const;

/** About page ids: /about/{id}. */
export const ABOUT_IDS = { about: '1', contact: '2', feedback: '3', business: '4' } as const;

/** /privacy/{id}: which agreement each id shows (1 is the privacy policy). */
export const PRIVACY_PAGES: Readonly<Record<string, string>> = { '1': AGREEMENT_IDS.privacy };

/** Channels of /protocol/{id}/{channel}: the client that opened it (web, ios, android...). */
export const CHANNEL_PATTERN = /^[A-Za-z0-9_-]{1,20}$/;

/** Where an agreement lives: the privacy policy at /privacy/1, the others under /protocol. */
export function agreementPath(id: string, channel = 'web'): string {
  return id === AGREEMENT_IDS.privacy ? '/privacy/1' : `/protocol/${id}/${channel}`;
}

/** Licence ids: /certificate1 and /certificate2. */
export const CERTIFICATE_IDS = ['1', '2'] as const;
