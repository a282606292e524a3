import { asc, eq } from "drizzle-orm";
import { ONET_ATTRIBUTION, type ProfessionView } from "#schemas/api/professions.ts";
import { matchProfessions, profileProblem, type NoMatchReason, type OccupationMatch, type RiasecPositions } from "#engine/report/match-professions.ts";
import type { Db } from "../db/client.ts";
import { professions } from "../db/schema.ts";

type Row = typeof professions.$inferSelect;

/** Everything a profession page shows, with the source of every fact. */
export function professionView(row: Row): ProfessionView {
  return {
    slug: row.slug,
    title: row.title,
    onet_soc: row.onetSoc,
    active: row.active,
    riasec: { code: row.riasecCode, levels: row.riasecLevels, from: row.riasecFrom },
    summary: row.summary,
    tasks: row.tasks,
    skills: row.skills,
    job_zone: { zone: row.jobZone, from: row.jobZoneFrom },
    education: { level: row.educationLevel, from: row.educationFrom },
    pay: row.pay
      ? {
          median_annual_usd: row.pay.median_annual_usd,
          p10_annual_usd: row.pay.p10_annual_usd ?? null,
          p90_annual_usd: row.pay.p90_annual_usd ?? null,
          from: row.pay.from,
        }
      : null,
    attribution: ONET_ATTRIBUTION,
  };
}

/** One profession by slug, retired ones included (reports keep linking to them). */
export async function findProfession(db: Db, slug: string): Promise<Row | null> {
  const [row] = await db.select().from(professions).where(eq(professions.slug, slug));
  return row ?? null;
}

const matchable = (row: Row) => ({ slug: row.slug, title: row.title, code: row.riasecCode, levels: row.riasecLevels, row });

/** How well one profession matches a result's positions (the same number the list gives it). */
export function matchOne(row: Row, positions: RiasecPositions): OccupationMatch<ReturnType<typeof matchable>> {
  return matchProfessions(positions, [matchable(row)])[0]!;
}

type MatchedProfession = {
  profession: ProfessionView;
  /** 0–100, or null with a reason (see docs/assessments/career-matching.md). */
  match: number | null;
  r: number | null;
  reason: NoMatchReason | null;
  codeAgreement: number;
};

export type MatchedProfessions = {
  /** Null when the profile could be compared; otherwise why no profession has a number (a flat profile). */
  reason: ReturnType<typeof profileProblem>;
  /** The best `limit` active professions, best first. */
  items: MatchedProfession[];
};

/**
 * The active professions that best match a person's six positions, best first (the report lists
 * them). With a flat profile no profession has a number: `reason` says so and the caller decides
 * what to show.
 */
export async function matchedProfessions(db: Db, positions: RiasecPositions, limit: number): Promise<MatchedProfessions> {
  const rows = await db.select().from(professions).where(eq(professions.active, true)).orderBy(asc(professions.slug));
  const ranked = matchProfessions(positions, rows.map(matchable));
  return {
    reason: profileProblem(positions),
    items: ranked.slice(0, Math.max(0, Math.floor(limit))).map((m) => ({
      profession: professionView(m.occupation.row),
      match: m.match,
      r: m.r,
      reason: m.reason,
      codeAgreement: m.codeAgreement,
    })),
  };
}
