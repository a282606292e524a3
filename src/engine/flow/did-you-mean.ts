/** Levenshtein distance between two strings (insertions, deletions and substitutions cost 1). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
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

/** `did you mean "x"?` for the closest known name, or undefined when nothing is close. */
export function didYouMean(wrong: string, known: Iterable<string>): string | undefined {
  const match = closest(wrong, known);
  return match === undefined ? undefined : `did you mean "${match}"?`;
}
