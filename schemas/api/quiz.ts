import { z } from "zod";
import { card } from "../flow/card.ts";
import { shownOrder } from "../flow/shuffle.ts";
import { envelope } from "./envelope.ts";

/** Identifiers as the flow format spells them (schemas/flow/text.ts), kept short in requests. */
const id = z.string().regex(/^[a-z][a-z0-9_-]{0,62}$/, "must be an identifier of the flow (lower-case letters, digits, - and _)");
const flowCode = z.string().regex(/^[a-z][a-z0-9_]{2,62}$/, "must be a quiz code such as career_test_green");
const flowHash = z.string().min(1).max(64).describe("The content hash of the compiled flow the browser runs");

/** Control characters and lone UTF-16 surrogates: nothing a link carries on purpose, and unstorable. */
const storable = (v: string) =>
  [...v]
    .filter((ch) => {
      const code = ch.codePointAt(0)!;
      return code >= 32 && code !== 127 && (code < 0xd800 || code > 0xdfff);
    })
    .join("");

/** Attribution is best effort: odd characters are dropped and long values cut, never a reason to refuse a quiz. */
const trackingValue = z
  .string()
  .max(2000)
  .transform((v) => [...storable(v).trim()].slice(0, 500).join(""))
  .nullish();

const utmParams = z
  .object({
    utm_source: trackingValue,
    utm_medium: trackingValue,
    utm_campaign: trackingValue,
    utm_term: trackingValue,
    utm_content: trackingValue,
    utm_id: trackingValue,
    quiz_title: trackingValue,
  })
  .describe("The utmParams object the browser keeps (spec §7); other keys are dropped");

const attribution = z
  .strictObject({
    utm: utmParams.nullish(),
    fbclid: trackingValue,
    ttclid: trackingValue,
  })
  .describe("Where the visitor came from");

export const createSessionBody = z.strictObject({
  flow_code: flowCode,
  flow_hash: flowHash,
  variants: z
    .record(id, id)
    .refine((v) => Object.keys(v).length <= 20, "at most 20 experiments")
    .optional()
    .describe("experiment id → variant id already assigned in this browser; the server assigns the rest"),
  order: shownOrder
    .optional()
    .describe("The order of shuffled options and groups this browser drew for the session (ADR 067); the server draws one when it is left out"),
  attribution: attribution.optional(),
  fresh: z
    .boolean()
    .optional()
    .describe(
      "true: a new run, even when the visitor has one of this flow in progress or finished and unpaid (the restart link, `?again=1`); that run is left as it is",
    ),
});

/** An answer by step kind: option id, option ids, number, text, { rating, comment? }, or null for steps that ask nothing. */
const answerValue = z
  .union([
    z.string().max(2000),
    z.number(),
    z.array(z.string().max(200)).max(32),
    z.strictObject({ rating: z.number(), comment: z.string().max(4000).nullish() }),
    z.null(),
  ])
  .describe(
    "The answer as its step's kind takes it (see the kinds record, src/engine/flow/kinds/index.ts): an option id or ids, a number, text, { rating 1–5, comment? }, or null for a step that asks nothing",
  );

const answers = z.record(z.string(), answerValue).describe("step id → answer");

export const sessionParams = z.strictObject({ id: z.uuid({ message: "must be a quiz session id" }) });

const quizSession = z.object({
  id: z.uuid(),
  flow_code: z.string(),
  flow_hash: z.string(),
  status: z.enum(["in_progress", "analyzing", "ready"]),
  variants: z.record(z.string(), z.string()),
  order: shownOrder.nullable().describe("The order of shuffled options and groups the session shows (ADR 067); null when the flow shuffles nothing"),
  answers,
});

export const answerBody = z.strictObject({
  step_id: id,
  value: answerValue,
  flow_hash: flowHash,
});

export const eventBody = z.strictObject({
  type: z.literal("view"),
  step_id: id,
});

export const emptyBody = z.strictObject({}).nullish().describe("No fields");

export const resumeBody = z.strictObject({
  token: z.string().min(16).max(128).describe("The token from the e-mailed “continue” link"),
});

const resumedSession = z.object({
  session_id: z.uuid(),
  flow_code: z.string(),
  flow_hash: z.string(),
  variants: z.record(z.string(), z.string()),
  order: shownOrder.nullable().describe("The order of shuffled options and groups the session shows (ADR 067); null when the flow shuffles nothing"),
  answers,
});

const scaleScore = z.object({
  id: z.string(),
  score: z.number(),
  min: z.number(),
  max: z.number(),
  band: z.string().nullable(),
});

export const scores = z.object({
  scales: z.array(scaleScore),
  ranking: z.array(z.string()).describe("Scale ids from highest to lowest, relative to each scale's range"),
});

const completedSession = z.object({
  session_id: z.uuid(),
  status: z.literal("ready"),
  report: z.string(),
  scores,
});

const analyzeStatus = z.object({
  status: z.enum(["none", "in_progress", "analyzing", "ready"]),
  session_id: z.uuid().nullable(),
  flow_code: z.string().nullable(),
  report: z.string().nullable(),
  /** The personal report's build status once paid for; null before. */
  report_status: z.enum(["queued", "generating", "ready", "failed"]).nullable(),
});

export const prepareDataQuery = z.strictObject({ client_system_code: flowCode });

const preparedData = z.object({
  session_id: z.uuid(),
  flow_code: z.string(),
  report: z.string(),
  status: z.enum(["in_progress", "analyzing", "ready"]),
  name: z.string().nullable(),
  email: z.string().nullable(),
  scores: scores.nullable().describe("Computed by the server when the quiz was completed; null before"),
  answered: z.number().int().describe("How many question steps have an answer"),
});

const catalogText = z.union([z.string(), z.object({ code: z.string() })]).describe("Inline text, or a catalogue code to show through the info-data catalogue");

const activePrompt = z.object({
  code: z.string().describe("The report template (prompt code)"),
  flow_code: z.string(),
  topic: z.string(),
  title: catalogText,
  start: z.string().describe("The path where the quiz starts"),
  card: card.nullable().describe("How the home page shows the quiz (the flow's card); null for a quiz not listed there"),
});

export const quizSessionResponse = envelope(quizSession);
export const savedResponse = envelope(z.object({ saved: z.literal(true) }));
export const acceptedResponse = envelope(z.object({ ok: z.literal(true) }));
export const completedResponse = envelope(completedSession);
export const resumedResponse = envelope(resumedSession);
export const analyzeStatusResponse = envelope(analyzeStatus);
export const preparedDataResponse = envelope(preparedData);
export const activePromptsResponse = envelope(z.array(activePrompt));

export const flowStatsParams = z.strictObject({ code: flowCode });
export const flowStatsResponse = envelope(
  z.object({ finished_30d: z.number().int().min(0).describe("Runs of this quiz that finished (were scored) in the last 30 days") }),
);

/** GET /api/quiz/flows/:code and …/versions/:hash (ADR 066): the compiled flow the browser runs. */
export const flowParams = z.strictObject({ code: flowCode });
export const flowVersionParams = z.strictObject({ code: flowCode, hash: z.string().regex(/^[a-z0-9]{1,32}$/, "must be a flow version's hash") });
export const compiledFlowResponse = envelope(
  z
    .looseObject({ code: z.string(), hash: z.string(), steps: z.array(z.looseObject({ id: z.string(), kind: z.string(), path: z.string() })) })
    .describe("The compiled flow (src/engine/flow/types.ts CompiledFlow) without its follow-up e-mails"),
);
