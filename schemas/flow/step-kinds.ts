import type { StepKind } from "./steps.ts";

/** Kinds that end a flow: nothing follows them. */
export const terminalKinds: readonly StepKind[] = ["result", "feedback"];
/** Kinds whose answer the visitor gives (and the progress bar counts). */
export const questionKinds: readonly StepKind[] = ["single_choice", "multiple_choice", "likert", "slider", "short_text", "name", "email"];
