import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import type { ReportDocument } from "#schemas/report/document.ts";
import type { ReportTemplate } from "#schemas/report/template.ts";
import { browserFlows } from "#server/reports/browser-flow.ts";
import type { CompiledFlow, Scores } from "#engine/flow/types.ts";
import type { Answers } from "#engine/flow/types.ts";
import { SummaryStep } from "#web/funnel/steps/outcome/OutcomeSteps.tsx";
import { PreCheckoutStep } from "#web/funnel/steps/checkout/PreCheckoutStep.tsx";
import type { StepProps } from "#web/funnel/steps/types.ts";
import { resolveTexts, stepContext, type StepContext } from "#web/funnel/frame/view-model.ts";
import { ReportLayoutView } from "#web/shared/report/ReportLayoutView.tsx";

/**
 * What a visitor reads of a report, as the page prints it: the React components the app renders,
 * drawn to static markup and read back as lines of text (one per block element: a paragraph, a
 * heading, a list item, a label). The claims checker (read-claims.ts) reads these lines, not the
 * document's data, so a sentence the page prints is checked as printed.
 */

const BLOCK =
  /<\/?(?:p|li|h[1-6]|div|section|article|header|footer|dt|dd|ol|ul|figure|figcaption|caption|tr|td|th|table|nav|aside|button|label|legend)\b[^>]*>/g;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

/** The markup's text, one line per block element, entities decoded, blank lines dropped. */
function linesOf(markup: string): string[] {
  return markup
    .replace(BLOCK, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(#?\w+);/g, (m, e: string) => ENTITIES[e] ?? m)
    .split("\n")
    .map((l) => l.replace(/\s+/g, " ").trim())
    .filter((l) => l.length > 0);
}

const draw = (element: ReactElement) => linesOf(renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>));

/** The paid report as the result page shows it (the document layout, the default of every flow). */
export const reportLines = (document: ReportDocument) => draw(<ReportLayoutView layout="document" document={document} titleLevel={2} />);

type Page = { flow: CompiledFlow; template: ReportTemplate; answers: Answers; scores: Scores; teaser: ReportDocument };

const view = (teaser: ReportDocument) => ({ state: "ready" as const, sessionId: "s", view: { access: "teaser" as const, status: null, document: teaser } });

/**
 * A step as the funnel draws it: from the flow as the server serves it (with its report's claims
 * rule, src/server/reports/browser-flow.ts); the summary with the teaser, the pre-checkout without it (it waits for none).
 */
function stepOf(page: Page, kind: "summary" | "pre_checkout") {
  const flow = browserFlows(() => page.template)(page.flow);
  const step = flow.steps.find((s) => s.kind === kind);
  if (!step) return null;
  const t = (code: string) => code;
  const context: StepContext = {
    ...stepContext(flow, step, page.scores, page.answers, t),
    ...(kind === "summary" ? { report: view(page.teaser) } : {}),
    plans: [],
  };
  return { step: resolveTexts({ ...step, path: step.path ?? "" }, t), answer: undefined, context, onAnswer: () => {} };
}

/**
 * The free pages before payment, as the funnel prints them: the summary step (the teaser in the
 * step's layout, under the step's title) and the pre-checkout's scores (under its heading), each
 * with the step's title first. Empty for a flow without the step.
 */
export function freeLines(page: Page): { summary: string[]; preCheckout: string[] } {
  const summary = stepOf(page, "summary");
  const pre = stepOf(page, "pre_checkout");
  return {
    summary: summary ? [summary.step.title, ...draw(<SummaryStep {...(summary as unknown as StepProps<"summary">)} />)] : [],
    preCheckout: pre ? [pre.step.title, ...draw(<PreCheckoutStep {...(pre as unknown as StepProps<"pre_checkout">)} />)] : [],
  };
}
