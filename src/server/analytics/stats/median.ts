/**
 * The median of whole numbers given as value → how many times it occurs (the funnel report's
 * seconds per step), as a whole number as the report states it (docs/analytics.md): the middle
 * value, or the mean of the two middle ones rounded half up when the count is even; null for none.
 * Every reader (the console, the command, the CSV) then shows the same seconds.
 */
export function medianOfCounts(counts: ReadonlyMap<number, number>): number | null {
  const values = [...counts].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  const total = values.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const at = (rank: number) => {
    let seen = 0;
    for (const [value, n] of values) {
      seen += n;
      if (rank < seen) return value;
    }
    return values.at(-1)![0];
  };
  return Math.round((at(Math.floor((total - 1) / 2)) + at(Math.ceil((total - 1) / 2))) / 2);
}
