import { didYouMean } from "#engine/yaml/did-you-mean.ts";
import { indexedSteps, type Finding, type LintInput } from "./lint-input.ts";
import { nextTargets } from "./lint-references.ts";
import { groupOf, shuffledOptions, shuffleGroups } from "../order.ts";

/**
 * Shuffled options and groups (ADR 067): kept-last ids are options of the step and leave at least
 * two to draw; nothing on the first step shuffles (it is the landing page, rendered by the server
 * before a session, and its order, exists); a group (of questions: the schema allows it on no other
 * step) is two or more consecutive steps, each
 * leading to the next, entered only at its first.
 */
export function shuffleProblems(input: LintInput): Finding[] {
  const steps = indexedSteps(input);
  const found: Finding[] = [];
  for (const { step, index } of steps) {
    const ids = shuffledOptions(step);
    if (ids && "shuffle" in step && typeof step.shuffle === "object") {
      const own = step.options.map((o) => o.id);
      step.shuffle.keep_last.forEach((id, k) => {
        if (!own.includes(id))
          found.push({
            path: ["steps", index, "shuffle", "keep_last", k],
            message: `"${id}" is not an option of step "${step.id}"`,
            hint: didYouMean(id, own) ?? `options: ${own.join(", ")}`,
          });
      });
      if (ids.drawn.length < 2)
        found.push({
          path: ["steps", index, "shuffle"],
          message: `step "${step.id}" keeps all but ${ids.drawn.length} of its options last: nothing is left to shuffle`,
          hint: "keep fewer options last",
        });
    }
    if (index === 0 && (ids || groupOf(step)))
      found.push({
        path: ["steps", 0, ids ? "shuffle" : "shuffle_group"],
        message: `the first step "${step.id}" cannot shuffle: it is the landing page, shown before the session that draws the order exists`,
        hint: "shuffle from the second step on",
      });
  }

  const byId = new Map(steps.map(({ step, index }) => [step.id, index]));
  for (const [group, members] of shuffleGroups(steps.map((s) => s.step))) {
    const places = members.map((id) => byId.get(id)!);
    const at = (i: number) => ["steps", places[i]!, "shuffle_group"];
    if (members.length < 2) {
      found.push({ path: at(0), message: `shuffle group "${group}" has one step`, hint: "give two or more consecutive questions the same shuffle_group" });
      continue;
    }
    places.forEach((place, i) => {
      const step = steps.find((s) => s.index === place)!.step;
      if (i > 0 && place !== places[i - 1]! + 1)
        found.push({
          path: at(i),
          message: `shuffle group "${group}": step "${step.id}" does not follow "${members[i - 1]}" in the file`,
          hint: "write a group's steps one after another",
        });
      if (i < members.length - 1 && step.next !== members[i + 1])
        found.push({
          path: ["steps", place, "next"],
          message: `shuffle group "${group}": step "${step.id}" must lead straight to "${members[i + 1]}" (the group's last step alone may branch)`,
          hint: `next: ${members[i + 1]}`,
        });
    });
    // Only the group's first step may be entered from outside: the others' place depends on the order drawn.
    for (const { step, index } of steps) {
      if (members.includes(step.id)) continue;
      for (const t of nextTargets(step.next, ["steps", index]))
        if (members.slice(1).includes(t.to))
          found.push({
            path: t.path,
            message: `"${t.to}" is inside shuffle group "${group}": the group is entered at its first step`,
            hint: `next: ${members[0]}`,
          });
    }
  }
  return found;
}
