import type { Condition } from "#schemas/flow/condition.ts";
import { graphOfInput, walk } from "./flow-graph.ts";
import type { Finding, LintInput } from "./lint-input.ts";

type Path = (string | number)[];

/**
 * A payment step that some way through the flow reaches without passing an e-mail step: the
 * payment page would ask for an address the visitor has nowhere to enter.
 */
export function paymentWithoutEmail(input: LintInput): Finding[] {
  const g = graphOfInput(input);
  if (!g) return [];
  const reached = walk(g.edges, [0], (i) => g.steps[i]!.kind === "email");
  return g.steps.flatMap((step, i): Finding[] =>
    step.kind === "payment" && reached.has(i)
      ? [
          {
            path: ["steps", i, "id"],
            message: `payment step "${step.id}" can be reached without an email step before it: the checkout needs the visitor's e-mail`,
            hint: "put an email step on every way to the payment step",
          },
        ]
      : [],
  );
}

/** Every score comparison in a condition, with where it is written. */
function scoreReads(c: Condition, path: Path): { scale: string; path: Path }[] {
  if ("score" in c) return [{ scale: c.score.scale, path: [...path, "score", "scale"] }];
  if ("not" in c) return scoreReads(c.not, [...path, "not"]);
  if ("all" in c) return c.all.flatMap((x, i) => scoreReads(x, [...path, "all", i]));
  if ("any" in c) return c.any.flatMap((x, i) => scoreReads(x, [...path, "any", i]));
  return [];
}

/**
 * A branch (or a step event's `when`) comparing a scale's score at a step that comes before some of
 * the scale's items: the score there counts only the answers given so far (none at all: it is always 0).
 */
export function scoreBeforeItems(input: LintInput): Finding[] {
  const g = graphOfInput(input);
  if (!g || !input.scoring) return [];
  const items = new Map(input.scoring.scales.map((s) => [s.id, s.items.map((item) => (typeof item === "string" ? item : item.step))]));
  return g.steps.flatMap((step, i) => {
    // Steps answered before this step's branches are tried: the step itself and every step that can lead to it.
    const before = walk(g.reverse, [i]);
    // A step's events are sent when it is shown, before its own answer: the steps that can lead to it.
    const beforeShown = walk(g.reverse, g.reverse[i] ?? []);
    const reads = [
      ...(Array.isArray(step.next) ? step.next : []).flatMap((branch, b) =>
        branch.if ? scoreReads(branch.if, ["steps", i, "next", b, "if"]).map((r) => ({ ...r, answered: before, fix: "move the branch" })) : [],
      ),
      ...(step.events ?? []).flatMap((event, e) =>
        event.when ? scoreReads(event.when, ["steps", i, "events", e, "when"]).map((r) => ({ ...r, answered: beforeShown, fix: "move the event" })) : [],
      ),
    ];
    return reads.flatMap(({ scale, path, answered, fix }): Finding[] => {
      const later = (items.get(scale) ?? []).filter((id) => g.index.has(id) && !answered.has(g.index.get(id)!));
      if (later.length === 0) return [];
      const all = later.length === items.get(scale)!.length;
      return [
        {
          path,
          message: all
            ? `scale "${scale}" is read at step "${step.id}" before any of its items is asked, so its score here is always 0`
            : `scale "${scale}" is read at step "${step.id}" before its items ${later.map((id) => `"${id}"`).join(", ")} are asked: the score counts only the answers so far`,
          hint: `${fix} to a step after the scale's last item`,
        },
      ];
    });
  });
}
