import { describe, expect, it } from "vitest";
import { reportDocument } from "#schemas/report/document.ts";
import { buildReport, buildTeaser } from "#engine/report/build-report.ts";
import { comparesScales } from "#engine/report/template-walk.ts";
import { disagreements, PATTERNS, positionsOf, reportInputs } from "../helpers/claims-check.ts";
import { reportFunnels } from "../helpers/funnels.ts";
import { loadTopic } from "../helpers/topic-report.ts";

/**
 * The claims rule holds in every report (ADR 036): for each funnel, thousands of answer sets built
 * by answering its real questions — random, the same answer everywhere, all scales equal, all
 * extreme, two- and three-way ties, one scale far from the rest, one at the bottom, a staircase — and every
 * comparative claim the report and its teaser record (as data, `claims`) is checked against the
 * scores. Seeded, so a failure names a set that fails again; CLAIMS_SETS sets the number per funnel.
 */
const SETS = Number(process.env.CLAIMS_SETS ?? 2400);

// Every funnel that sells a report, from flows/ (a new flow is checked without being listed here).
const FUNNELS = await reportFunnels();

describe("every comparative claim agrees with the scores", () => {
  it("covers every funnel that sells a report", () => expect(FUNNELS.length).toBeGreaterThanOrEqual(10));
  for (const { name, flowFile, template } of FUNNELS) {
    it(`${name}: ${SETS} answer sets`, async () => {
      const topic = await loadTopic(flowFile, template);
      const interpretation = topic.flow.scoring?.interpretation ?? "levels";
      const compares = comparesScales(topic.template, interpretation);
      const failing: string[] = [];
      const flats = { said: 0 };
      for (const { i, pattern, input } of reportInputs(name, topic, SETS, (random) => (random() < 0.5 ? "Sam" : null))) {
        const doc = buildReport(input);
        const teaser = buildTeaser(input);
        if (i < PATTERNS.length) {
          expect(reportDocument.parse(doc)).toEqual(doc);
          expect(reportDocument.parse(teaser)).toEqual(teaser);
        }
        const claimed = { report: doc.claims ?? [], teaser: teaser.claims ?? [], compares, profile: interpretation === "profile" };
        const problems = disagreements(positionsOf(input.scores, topic.flow), claimed, topic.template.claims.min_gap);
        if (problems.length > 0) failing.push(`set ${i} (${pattern}): ${problems[0]}`);
        if (claimed.report.some((c) => c.kind === "flat")) flats.said++;
      }
      expect(failing.slice(0, 5), `${failing.length} of ${SETS} sets disagree`).toEqual([]);
      // The adversarial patterns do reach flat profiles where a report compares.
      if (compares && (topic.flow.scoring?.scales.length ?? 0) > 1) expect(flats.said).toBeGreaterThan(0);
    }, 60_000);
  }
});
