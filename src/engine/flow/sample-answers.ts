import { rulesOf } from "./kinds/index.ts";
import type { Answer, CompiledFlow } from "./types.ts";

/**
 * Answers that exercise a step: every option of a choice, both ends of a scale, one text, and a
 * skip when the step may be skipped. Used to walk every path of a flow in tests (xstate/graph) and
 * to preview steps in Storybook.
 */
export const sampleAnswers = (flow: CompiledFlow, step: CompiledFlow["steps"][number]): Answer[] => rulesOf(step).samples(step, flow.answerSets);
