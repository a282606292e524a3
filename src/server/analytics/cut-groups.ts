import { CUT_SEPARATOR, type RunOutcome } from "./funnel-queries.ts";

/** A group's value of the first dimension: its name before the cut's value (the whole name without a cut). */
const firstValue = (group: string, cut: string | null) => (cut === null ? group : group.slice(0, group.length - CUT_SEPARATOR.length - cut.length));

/**
 * The report's groups in order (ADR 065): without a second dimension, the experiment's variants in
 * their declared order (`declared`), else the largest group first. In a two-dimension cut, the cuts
 * largest first and, inside each, the groups in that same order; the first group of each cut is the
 * control the others in it are compared with, so a variant is only ever compared within one source
 * or campaign.
 */
export function orderGroups(byGroup: ReadonlyMap<string, RunOutcome[]>, declared: readonly string[]): string[] {
  const cutOf = (group: string) => byGroup.get(group)![0]!.cut;
  const cutSize = new Map<string | null, number>();
  for (const [group, runs] of byGroup) cutSize.set(cutOf(group), (cutSize.get(cutOf(group)) ?? 0) + runs.length);
  const place = (value: string) => {
    const i = declared.indexOf(value);
    return i < 0 ? Infinity : i;
  };
  return [...byGroup.keys()].sort((a, b) => {
    const ca = cutOf(a);
    const cb = cutOf(b);
    if (ca !== cb) return cutSize.get(cb)! - cutSize.get(ca)! || (ca ?? "").localeCompare(cb ?? "");
    const [fa, fb] = [firstValue(a, ca), firstValue(b, cb)];
    if (place(fa) !== Infinity || place(fb) !== Infinity) return place(fa) - place(fb);
    return byGroup.get(b)!.length - byGroup.get(a)!.length || a.localeCompare(b);
  });
}

/** Each group with the group it is compared with: the first group of its cut (none for that first group itself). */
export function controlsOf(order: readonly string[], byGroup: ReadonlyMap<string, RunOutcome[]>): [group: string, control: string][] {
  const cutOf = (group: string) => byGroup.get(group)![0]!.cut;
  return order.flatMap((group) => {
    const control = order.find((c) => cutOf(c) === cutOf(group));
    return control === undefined || control === group ? [] : [[group, control] as [string, string]];
  });
}
