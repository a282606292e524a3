/**
 * Edit distance between two strings: insertions, deletions, substitutions and swaps of two
 * neighbouring letters each cost 1 (optimal string alignment), so "tilte" is 1 from "title".
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known name closest to `wrong`, when it is close enough to be a typo: at most a third of the
 * longer name's letters differ (at least 1, at most 3). Ties keep the first candidate.
 */
export function closest(wrong: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    if (candidate === wrong) continue;
    const distance = editDistance(wrong.toLowerCase(), candidate.toLowerCase());
    const limit = Math.min(3, Math.max(1, Math.floor(Math.max(wrong.length, candidate.length) / 3)));
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The hint for a name the author wrote that is not one of `known`: the closest one, else the list
 * (`what` names it: "its scales are: a, b"); nothing when there is nothing to name. The flow check
 * and the report template check tell an unknown scale, block or name the same way.
 */
export function knownHint(value: string, known: readonly string[], what: string): string | undefined {
  if (known.length === 0) return undefined;
  return didYouMean(value, known) ?? `${what}: ${known.join(", ")}`;
}

/** `did you mean "x"?` for the closest known name, or undefined when nothing is close. */
export function didYouMean(wrong: string, known: Iterable<string>): string | undefined {
  const match = closest(wrong, known);
  return match === undefined ? undefined : `did you mean "${match}"?`;
}
