import type { ReportBlock, ReportDocument } from "#schemas/report/document.ts";
import type { ReportTemplate } from "#schemas/report/template.ts";
import type { Answers, CompiledFlow } from "#engine/flow/types.ts";
import { buildReport, buildTeaser, type ReportLibrary } from "#engine/report/build-report.ts";
import { scoreAnswers } from "#engine/flow/score.ts";
import { positionsFromScores } from "#engine/report/match-professions.ts";
import type { Db } from "../db/client.ts";
import { matchedProfessions, type MatchedProfessions } from "../content/professions.ts";
import type { QuizSession } from "../quiz/quiz-sessions.ts";
import { currentAnswers } from "../quiz/quiz-sessions.ts";

type ProfessionItem = Omit<Extract<ReportBlock, { kind: "professions" }>["items"][number], "href">;

/** How many matched occupations a report can list at most (its template picks how many it shows). */
const MAX_PROFESSIONS = 30;

export type ReportInputs = { flow: CompiledFlow; template: ReportTemplate; library: ReportLibrary };

/** The text answer of the flow's name step, trimmed, or null. */
function firstNameOf(flow: CompiledFlow, answers: Answers): string | null {
  const step = flow.steps.find((s) => s.kind === "name");
  const value = step ? answers[step.id] : undefined;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

const usesProfessions = (template: ReportTemplate) => template.sections.some((s) => s.blocks.some((b) => "professions" in b));

/** Occupations matched to a RIASEC profile (its six letters' positions), as report items. */
async function professionsFor(db: Db, inputs: ReportInputs, scores: NonNullable<QuizSession["scores"]>): Promise<ProfessionItem[]> {
  if (!usesProfessions(inputs.template)) return [];
  // The same positions the profession page uses, so a profession shows the same match in both.
  const positions = positionsFromScores(scores.scales);
  if (!positions) return [];
  return professionItems(await matchedProfessions(db, positions, MAX_PROFESSIONS));
}

/** Matched professions as report items (those without a match number are left out). */
export function professionItems(matched: MatchedProfessions): ProfessionItem[] {
  return matched.items.flatMap(({ profession: p, match }) =>
    match === null
      ? []
      : [
          {
            slug: p.slug,
            title: p.title,
            code: p.riasec.code,
            match,
            summary: p.summary,
            tasks: p.tasks,
            skills: p.skills,
            education: p.education.level,
            pay: p.pay
              ? {
                  median_annual_usd: p.pay.median_annual_usd,
                  p10_annual_usd: p.pay.p10_annual_usd,
                  p90_annual_usd: p.pay.p90_annual_usd,
                  source: p.pay.from.source,
                  year: p.pay.from.year,
                }
              : null,
          },
        ],
  );
}

/**
 * The full report of a completed session, from the scores stored at completion; or its teaser,
 * which the summary shows before the e-mail step, from the stored answers once every scored item
 * is answered. Null when that is not the case yet.
 */
export async function sessionReport(db: Db, session: QuizSession, inputs: ReportInputs, layout: "full" | "teaser" = "full"): Promise<ReportDocument | null> {
  const answers = await currentAnswers(db, inputs.flow, session.id);
  const scores = session.scores ?? (layout === "teaser" ? scoreAnswers(inputs.flow, answers) : null);
  if (!scores || scores.scales.some((s) => s.answered < s.items)) return null;
  if (layout === "full" && !session.completedAt) return null;
  return (layout === "teaser" ? buildTeaser : buildReport)({
    flow: inputs.flow,
    template: inputs.template,
    answers,
    scores,
    firstName: firstNameOf(inputs.flow, answers),
    completedAt: session.completedAt ?? session.updatedAt,
    library: inputs.library,
    professions: layout === "full" ? await professionsFor(db, inputs, scores) : [],
    resultId: session.id,
  });
}
