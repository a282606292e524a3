import type { Next } from "#schemas/flow/condition.ts";
import type { ShownOrder } from "#schemas/flow/shuffle.ts";
import { shuffledBy } from "./seeded-random.ts";
import type { CompiledFlow } from "./types.ts";

type AnyStep = { id: string; shuffle?: unknown; options?: readonly { id: string }[] };

/** The shuffle group a step is in, if any (only questions can be: schemas/flow/steps.ts). */
export const groupOf = (step: object): string | undefined =>
  "shuffle_group" in step && typeof step.shuffle_group === "string" ? step.shuffle_group : undefined;

/** A shuffled question's option ids: those drawn, and those kept last (in the order written). */
export function shuffledOptions(step: AnyStep): { drawn: string[]; last: string[] } | null {
  if (!("shuffle" in step) || step.shuffle === undefined || !step.options) return null;
  const keep = typeof step.shuffle === "object" && step.shuffle !== null ? (step.shuffle as { keep_last: string[] }).keep_last : [];
  const ids = step.options.map((o) => o.id);
  return { drawn: ids.filter((id) => !keep.includes(id)), last: ids.filter((id) => keep.includes(id)) };
}

/** Each shuffle group's step ids, in file order. */
export function shuffleGroups(steps: readonly AnyStep[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const s of steps) {
    const group = groupOf(s);
    if (group) groups.set(group, [...(groups.get(group) ?? []), s.id]);
  }
  return groups;
}

/** Whether the flow shows anything in an order drawn per session. */
export const shufflesAnything = (flow: Pick<CompiledFlow, "steps">) => flow.steps.some((s) => shuffledOptions(s) || groupOf(s));

/**
 * The order one session shows, drawn from `seed` (the browser draws a random one when a session
 * starts; the server uses the session id for a session started without one): the same seed always
 * gives the same order, and each question and group is drawn on its own.
 */
export function drawOrder(flow: Pick<CompiledFlow, "steps">, seed: string): ShownOrder {
  const options: Record<string, string[]> = {};
  for (const step of flow.steps) {
    const ids = shuffledOptions(step);
    if (ids) options[step.id] = [...shuffledBy(ids.drawn, `${seed}:options:${step.id}`), ...ids.last];
  }
  const groups = Object.fromEntries([...shuffleGroups(flow.steps)].map(([id, members]) => [id, shuffledBy(members, `${seed}:group:${id}`)]));
  return { options, groups };
}

const samePermutation = (a: readonly string[], b: readonly string[]) => a.length === b.length && new Set(a).size === a.length && b.every((x) => a.includes(x));

/**
 * Why an order sent for a session cannot be one this flow draws (a step or group it does not
 * shuffle, an id missing or twice, an option kept last moved), as [path, message]; null when it can.
 */
export function orderProblem(flow: Pick<CompiledFlow, "code" | "steps">, order: ShownOrder): [string, string] | null {
  const expected = drawOrder(flow, "");
  for (const [kind, what] of [
    ["options", "options of a question"],
    ["groups", "a group of steps"],
  ] as const) {
    for (const key of Object.keys(order[kind])) if (!(key in expected[kind])) return [`${kind}.${key}`, `${flow.code} shuffles no ${what} "${key}"`];
    for (const [key, ids] of Object.entries(expected[kind])) {
      const got = order[kind][key];
      if (!got) return [`${kind}.${key}`, `the order of "${key}" is missing`];
      if (!samePermutation(got, ids)) return [`${kind}.${key}`, `must list each of ${ids.join(", ")} once`];
    }
  }
  for (const step of flow.steps) {
    const last = shuffledOptions(step)?.last ?? [];
    if (last.length > 0 && order.options[step.id]!.slice(-last.length).join() !== last.join())
      return [`options.${step.id}`, `must end with ${last.join(", ")}: the options kept last`];
  }
  return null;
}

/** `ids` in the order `wanted` gives; ids it does not name (a newer flow version) keep their place after them. */
const arranged = (ids: readonly string[], wanted: readonly string[] | undefined) =>
  wanted ? [...wanted.filter((id) => ids.includes(id)), ...ids.filter((id) => !wanted.includes(id))] : [...ids];

/** Options in a session's order; the ones kept last stay last. */
function optionsInOrder<O extends { id: string }>(options: readonly O[], ids: { drawn: string[]; last: string[] }, wanted: readonly string[] | undefined): O[] {
  const order = [...arranged(ids.drawn, wanted), ...ids.last];
  return order.flatMap((id) => options.filter((o) => o.id === id));
}

const retarget = (next: Next | undefined, from: string, to: string): Next | undefined =>
  next === undefined ? undefined : typeof next === "string" ? (next === from ? to : next) : next.map((b) => (b.to === from ? { ...b, to } : b));

/**
 * The flow as one session runs it: each shuffled question's options in the session's order, and
 * each group's steps asked in its order — the way into the group leads to the first one drawn, each
 * leads to the next, and the last one drawn leads where the group's last step in the file led. The
 * steps stay at their paths and keep their ids; the result is one ordinary flow, so the machine
 * compiled from it is deterministic for that order (ADR 067). An order that does not fit (another
 * flow version) leaves what it does not fit as written.
 */
export function inOrder(flow: CompiledFlow, order: ShownOrder): CompiledFlow {
  let steps = flow.steps.map((step) => {
    const ids = shuffledOptions(step);
    return ids && "options" in step ? { ...step, options: optionsInOrder(step.options, ids, order.options[step.id]) } : step;
  });
  for (const [group, members] of shuffleGroups(flow.steps)) {
    const asked = order.groups[group];
    if (!asked || !samePermutation(asked, members)) continue;
    const exit = steps.find((s) => s.id === members.at(-1))!.next;
    const first = asked[0]!;
    const linked = new Map(asked.map((id, i) => [id, i + 1 < asked.length ? asked[i + 1] : exit]));
    const relinked = steps.map((s) => (linked.has(s.id) ? { ...s, next: linked.get(s.id) } : { ...s, next: retarget(s.next, members[0]!, first) }));
    // The group's steps take the group's places in the list in the order asked (progress counts them so).
    const at = relinked.map((s, i) => (members.includes(s.id) ? i : -1)).filter((i) => i >= 0);
    steps = relinked.map((s, i) => (at.includes(i) ? relinked.find((x) => x.id === asked[at.indexOf(i)])! : s));
  }
  const experiments = flow.experiments.map((e) => ({
    ...e,
    variants: e.variants.map((v) => {
      if (!v.steps) return v;
      const copies = Object.entries(v.steps).map(([id, copy]) => {
        const step = flow.steps.find((s) => s.id === id);
        const ids = step && shuffledOptions(step);
        return [id, ids && copy.options ? { ...copy, options: optionsInOrder(copy.options, ids, order.options[id]) } : copy] as const;
      });
      return { ...v, steps: Object.fromEntries(copies) };
    }),
  }));
  return { ...flow, steps, experiments };
}
