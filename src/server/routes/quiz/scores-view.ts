import type { z } from "zod";
import type { scores as scoresSchema } from "#schemas/api/quiz.ts";
import type { StoredScores } from "#server/db/schema.ts";

/** Scores as the API shows them: each scale's id, score, range and band (null without bands), and the ranking. */
export const scoresView = (scores: StoredScores): z.infer<typeof scoresSchema> => ({
  scales: scores.scales.map((s) => ({ id: s.id, score: s.score, min: s.min, max: s.max, band: s.band ?? null })),
  ranking: scores.ranking,
});
