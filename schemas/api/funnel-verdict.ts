/**
 * What a significance test of the funnel report says, in words: one rule for the console's page,
 * the command's text and its HTML (docs/analytics.md, "The tests"). A test whose samples are too
 * small for it to hold shows no p-value: it is not a result yet, and a number would read as one.
 */
type Test = { p: number | null; valid: boolean };

/** A p-value as papers write it: "p < 0.001", "p = 0.042". */
const formatP = (p: number) => (p < 0.001 ? "p < 0.001" : `p = ${p.toFixed(3)}`);

/** "too few to conclude", "no test possible", or the p-value and whether it is significant at 5 %. */
export function testVerdict(test: Test): string {
  if (!test.valid) return "too few to conclude";
  if (test.p === null) return "no test possible";
  return `${formatP(test.p)}, ${test.p < 0.05 ? "significant" : "not significant"} at 5%`;
}

/**
 * Why these p-values may not be read every day (ADR 064, docs/analytics.md): the one note the page's
 * table, the command's text and its HTML print under the tests. With an experiment, it sends the
 * reader to the always-valid verdict, which the page shows above the table and the text below it.
 */
export function fixedSampleNote(experiment: boolean): string {
  const note =
    "These are fixed-sample tests: a p-value holds only when read once, at a size chosen in advance; looked at every day they name false winners far more often than 5 % (docs/analytics.md).";
  return experiment ? `${note} Decide on the experiment’s verdict, which stays true however often it is read.` : note;
}
