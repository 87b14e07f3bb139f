/**
 * Finding our league and teams for the provider's: by the provider id kept in external_ref,
 * else by name among the sport's rows that carry no provider id yet (which then get it), else a
 * new row. A team or league that exists is never created a second time.
 */
import { eq } from 'drizzle-orm';
import { SPORT_ID } from '../../../lib/sports/match-centre.ts';
import type { Db } from '../../db/index.ts';
import { leagues, teams } from '../../db/schema.ts';
import { colourOf, leagueKey, leagueKeys, refOf, teamKey, teamKeys } from './mapping.ts';
import type { FdCompetition, FdTeam } from './provider.ts';

/** How many were found and how many made. */
export interface Tally {
  created: number;
  matched: number;
}

interface Known {
  id: number;
  ref: string | null;
  /** Name keys (mapping.ts) of the row. */
  keys: string[];
}

/**
 * Looks rows up by provider id and by name key, and takes note of rows it creates or gives a
 * provider id, so one import never creates or claims a row twice.
 */
class Directory {
  private readonly byRef = new Map<string, number>();
  private readonly unclaimed: Known[] = [];

  constructor(rows: Known[]) {
    // Lowest id first: of two rows with the same name, the older one is matched.
    for (const row of [...rows].sort((a, b) => a.id - b.id)) {
      if (row.ref) this.byRef.set(row.ref, row.id);
      else this.unclaimed.push(row);
    }
  }

  ref(ref: string): number | undefined {
    return this.byRef.get(ref);
  }

  /** The oldest unclaimed row carrying one of `keys`. */
  named(keys: Set<string>): number | undefined {
    return this.unclaimed.find((row) => row.keys.some((key) => keys.has(key)))?.id;
  }

  claim(ref: string, id: number): void {
    this.byRef.set(ref, id);
    const at = this.unclaimed.findIndex((row) => row.id === id);
    if (at !== -1) this.unclaimed.splice(at, 1);
  }
}

/** Resolves the provider's competitions and teams to our ids inside one transaction. */
export class Resolver {
  readonly leagueTally: Tally = { created: 0, matched: 0 };
  readonly teamTally: Tally = { created: 0, matched: 0 };
  private readonly leagueIds = new Map<number, number>();
  private readonly teamIds = new Map<number, number>();

  private readonly tx: Db;
  private readonly leagueDir: Directory;
  private readonly teamDir: Directory;

  private constructor(tx: Db, leagueDir: Directory, teamDir: Directory) {
    this.tx = tx;
    this.leagueDir = leagueDir;
    this.teamDir = teamDir;
  }

  /** Reads the football leagues and teams once. */
  static async open(tx: Db): Promise<Resolver> {
    const sport = SPORT_ID.football;
    const leagueRows = await tx
      .select({
        id: leagues.id,
        ref: leagues.externalRef,
        nameEn: leagues.nameEn,
        shortName: leagues.shortName,
      })
      .from(leagues)
      .where(eq(leagues.sportId, sport));
    const teamRows = await tx
      .select({ id: teams.id, ref: teams.externalRef, nameEn: teams.nameEn })
      .from(teams)
      .where(eq(teams.sportId, sport));
    return new Resolver(
      tx,
      new Directory(
        leagueRows.map((r) => ({
          id: r.id,
          ref: r.ref,
          keys: [leagueKey(r.nameEn), leagueKey(r.shortName)],
        })),
      ),
      new Directory(teamRows.map((r) => ({ id: r.id, ref: r.ref, keys: [teamKey(r.nameEn)] }))),
    );
  }

  /** Our league for the provider's competition. */
  async league(competition: FdCompetition): Promise<number> {
    const known = this.leagueIds.get(competition.id);
    if (known !== undefined) return known;
    const ref = refOf(competition.id);
    let id = this.leagueDir.ref(ref);
    if (id !== undefined) {
      this.leagueTally.matched += 1;
    } else if ((id = this.leagueDir.named(leagueKeys(competition))) !== undefined) {
      await this.tx.update(leagues).set({ externalRef: ref }).where(eq(leagues.id, id));
      this.leagueTally.matched += 1;
    } else {
      // Chinese name = English name until an editor translates it.
      const [row] = await this.tx
        .insert(leagues)
        .values({
          sportId: SPORT_ID.football,
          nameEn: competition.name,
          nameZh: competition.name,
          shortName: (competition.code ?? competition.name).slice(0, 20),
          externalRef: ref,
        })
        .returning({ id: leagues.id });
      id = row!.id;
      this.leagueTally.created += 1;
    }
    this.leagueDir.claim(ref, id);
    this.leagueIds.set(competition.id, id);
    return id;
  }

  /** Our team for the provider's team. */
  async team(team: FdTeam): Promise<number> {
    const known = this.teamIds.get(team.id);
    if (known !== undefined) return known;
    const ref = refOf(team.id);
    let id = this.teamDir.ref(ref);
    if (id !== undefined) {
      this.teamTally.matched += 1;
    } else if ((id = this.teamDir.named(teamKeys(team))) !== undefined) {
      await this.tx.update(teams).set({ externalRef: ref }).where(eq(teams.id, id));
      this.teamTally.matched += 1;
    } else {
      // The provider's crest is a picture on its own host: not fetched, the crest is drawn
      // from the colour until an editor uploads one (docs/decisions.md).
      const [row] = await this.tx
        .insert(teams)
        .values({
          sportId: SPORT_ID.football,
          nameEn: team.name,
          nameZh: team.name,
          color: colourOf(team.id),
          crest: null,
          externalRef: ref,
        })
        .returning({ id: teams.id });
      id = row!.id;
      this.teamTally.created += 1;
    }
    this.teamDir.claim(ref, id);
    this.teamIds.set(team.id, id);
    return id;
  }
}
