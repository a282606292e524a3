/**
 * The anxiety flow (flows/anxiety.yaml) with one step more, at a path the app was not built or
 * started with: what a growth team publishes to add a step (ADR 066). Both branches after the
 * last question go through it, then to the result.
 */
export const NEW_STEP_PATH = "/anxiety/before-your-result";
export const NEW_STEP_TITLE = "Your answers are in";

const NEW_STEP = `
  - id: before_result
    path: ${NEW_STEP_PATH}
    kind: info
    progress: false
    title: ${NEW_STEP_TITLE}
    body:
      - "Next you see your GAD-7 score and what it means."
    cta: See my result
    next: summary
`;

/** `flow` (the text of flows/anxiety.yaml) with the new step; throws when the file no longer has the places it goes. */
export function withNewStep(flow: string): string {
  const edits: [string, string][] = [
    ["      - to: summary\n\n  - id: support", "      - to: before_result\n\n  - id: support"],
    ["    cta: See my result\n    next: summary\n", "    cta: See my result\n    next: before_result\n"],
    ["\n  - id: summary\n", `${NEW_STEP}\n  - id: summary\n`],
  ];
  return edits.reduce((text, [from, to]) => {
    if (!text.includes(from)) throw new Error(`flows/anxiety.yaml has no ${JSON.stringify(from)}`);
    return text.replace(from, to);
  }, flow);
}
