/**
 * The desk's catalogue: leagues and teams, created and edited by editors. A name is unique per
 * sport (in either language), so a team typed twice or imported from a feed is never doubled.
 */
import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DeskLeague, DeskTeam } from '../../lib/sports/desk-api.ts';
import type { leagueRequest, teamRequest } from '../../lib/validation/match-desk.ts';
import type { Db } from '../db/index.ts';
import { leagues, teams } from '../db/schema.ts';
import { ApiError } from '../api-error.ts';
import { audit, type Actor } from '../staff/audit.ts';

type LeagueRow = typeof leagues.$inferSelect;
type TeamRow = typeof teams.$inferSelect;

const leagueView = (l: LeagueRow): DeskLeague => ({
  id: l.id,
  sport_id: l.sportId,
  name_zh: l.nameZh,
  name_en: l.nameEn,
  short_name: l.shortName,
  external_ref: l.externalRef,
});

const teamView = (t: TeamRow): DeskTeam => ({
  id: t.id,
  sport_id: t.sportId,
  name_zh: t.nameZh,
  name_en: t.nameEn,
  color: t.color,
  crest: t.crest,
  external_ref: t.externalRef,
});

/** Every league and team, in the order they were added. */
export async function listCatalog(db: Db): Promise<{ leagues: DeskLeague[]; teams: DeskTeam[] }> {
  const [l, t] = await Promise.all([
    db.select().from(leagues).orderBy(asc(leagues.id)),
    db.select().from(teams).orderBy(asc(teams.id)),
  ]);
  return { leagues: l.map(leagueView), teams: t.map(teamView) };
}

/** A condition matching another row of the sport with either name (case-insensitive). */
function sameName(
  table: typeof leagues | typeof teams,
  sportId: number,
  nameZh: string,
  nameEn: string,
  id: number | undefined,
): SQL {
  return and(
    eq(table.sportId, sportId),
    or(
      sql`lower(${table.nameEn}) = lower(${nameEn})`,
      sql`lower(${table.nameZh}) = lower(${nameZh})`,
    ),
    id === undefined ? undefined : ne(table.id, id),
  )!;
}

/** Creates or edits a league; refuses a name another league of the sport has. */
export async function saveLeague(
  db: Db,
  actor: Actor,
  input: z.infer<typeof leagueRequest>,
): Promise<DeskLeague> {
  const values = {
    sportId: input.sport_id,
    nameZh: input.name_zh,
    nameEn: input.name_en,
    shortName: input.short_name,
  };
  return db.transaction(async (tx) => {
    const [twin] = await tx
      .select({ id: leagues.id })
      .from(leagues)
      .where(sameName(leagues, input.sport_id, input.name_zh, input.name_en, input.id));
    if (twin) throw new ApiError('matchDesk.errors.duplicateLeague');
    const [row] =
      input.id === undefined
        ? await tx.insert(leagues).values(values).returning()
        : await tx.update(leagues).set(values).where(eq(leagues.id, input.id)).returning();
    if (!row) throw new ApiError('matchDesk.errors.noLeague');
    await audit(
      tx,
      actor,
      input.id === undefined ? 'league.create' : 'league.edit',
      `league:${row.id}`,
      {
        name: row.nameEn,
      },
    );
    return leagueView(row);
  });
}

/** Creates or edits a team; refuses a name another team of the sport has. */
export async function saveTeam(
  db: Db,
  actor: Actor,
  input: z.infer<typeof teamRequest>,
): Promise<DeskTeam> {
  const values = {
    sportId: input.sport_id,
    nameZh: input.name_zh,
    nameEn: input.name_en,
    color: input.color.toLowerCase(),
    crest: input.crest,
  };
  return db.transaction(async (tx) => {
    const [twin] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(sameName(teams, input.sport_id, input.name_zh, input.name_en, input.id));
    if (twin) throw new ApiError('matchDesk.errors.duplicateTeam');
    const [row] =
      input.id === undefined
        ? await tx.insert(teams).values(values).returning()
        : await tx.update(teams).set(values).where(eq(teams.id, input.id)).returning();
    if (!row) throw new ApiError('matchDesk.errors.noTeam');
    await audit(tx, actor, input.id === undefined ? 'team.create' : 'team.edit', `team:${row.id}`, {
      name: row.nameEn,
    });
    return teamView(row);
  });
}
