/**
 * The one Drizzle schema of the platform, one file per domain under `schema/`. PGlite and
 * PostgreSQL run the same migrations made from it. Money columns are integers in minor units
 * (1/100 of a gem or diamond).
 */
export * from './schema/accounts.ts';
export * from './schema/wallet.ts';
export * from './schema/site.ts';
export * from './schema/catalog.ts';
export * from './schema/sports.ts';
export * from './schema/live.ts';
export * from './schema/viewer-additions.ts';
export * from './schema/anchors.ts';
export * from './schema/messaging.ts';
export * from './schema/engagement.ts';
export * from './schema/admin.ts';
export * from './schema/items.ts';
export * from './schema/quiz.ts';
export * from './schema/uploads.ts';
export * from './schema/content.ts';
