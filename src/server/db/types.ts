/** The database's types, apart from opening it (so the helpers beside it need not import that). */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/** The Drizzle database type every service uses, whatever the driver. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A row of a raw query, as the driver hands it over. */
export type Row = Record<string, unknown>;
