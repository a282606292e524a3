import type { ComponentType } from "react";
import type { ProductView } from "#schemas/api/payments.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import type { SessionReport } from "#web/shared/report/session-report.ts";

/** A report a previewed step shows (summary, pre-checkout and result steps), as the funnel passes a session's. */
export type PreviewReport = { state: "loading" } | { state: "ready"; sessionId: string; view: SessionReport };

/** What the step preview asks of the step renderer it is given. */
type StepViewProps = {
  flow: CompiledFlow;
  stepId: string;
  variants: Record<string, string>;
  plans?: ProductView[];
  report?: PreviewReport;
  onAnswer: () => void;
  onBack: () => void;
};

/**
 * The funnel's step renderer, handed to the preview by the app (src/web/app/routes/routes-admin.tsx): a feature does
 * not import the funnel runner, so the app composes the two (eslint-rules/web-boundaries.js).
 */
export type StepView = ComponentType<StepViewProps>;
