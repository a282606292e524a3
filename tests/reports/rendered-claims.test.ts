import { describe, expect, it } from "vitest";
import { buildReport, buildTeaser } from "#engine/report/build-report.ts";
import { reportScales } from "#engine/report/report-scales.ts";
import { reportInputs } from "../helpers/claims-check.ts";
import { reportFunnels } from "../helpers/funnels.ts";
import { misreadings } from "../helpers/read-claims.ts";
import { freeLines, reportLines } from "../helpers/rendered-report.tsx";
import { loadTopic } from "../helpers/topic-report.ts";

/**
 * What a visitor reads agrees with the rule the report states (ADR 036, ADR 050): for every funnel
 * in flows/ that sells a report, hundreds of answer sets (random, ties, staircases, flat, extreme)
 * are answered through its real questions; the paid report, the free summary step and the
 * pre-checkout are drawn by the app's own React components, and every sentence or label that
 * places a scale (strongest, one of your strongest, What you bring, watch out, most room to grow,
 * most marked, equally marked, level, neither … the other) is checked against the scores.
 * Seeded, so a failure names a set that fails again; RENDERED_SETS sets the number per funnel.
 */
const SETS = Number(process.env.RENDERED_SETS ?? 120);
const funnels = await reportFunnels();

describe("every sentence that places a scale agrees with the rule, as the page prints it", () => {
  it("covers every funnel that sells a report", () => {
    expect(funnels.length).toBeGreaterThanOrEqual(10);
  });
  for (const funnel of funnels) {
    it(`${funnel.name}: ${SETS} answer sets`, async () => {
      const topic = await loadTopic(funnel.flowFile, funnel.template);
      const pre = topic.flow.steps.find((s) => s.kind === "pre_checkout");
      const rule = {
        gap: topic.template.claims.min_gap,
        template: topic.template,
        preCheckoutTitle: pre?.kind === "pre_checkout" && typeof pre.scalesTitle === "string" ? pre.scalesTitle : null,
        levels: (topic.flow.scoring?.interpretation ?? "levels") === "levels",
      };
      const failing: string[] = [];
      for (const { i, pattern, input } of reportInputs(funnel.name, topic, SETS)) {
        const { answers, scores } = input;
        const teaser = buildTeaser(input);
        const free = freeLines({ flow: topic.flow, template: topic.template, answers, scores, teaser });
        const scales = reportScales(topic.flow, topic.template, scores);
        const lines = [...reportLines(buildReport(input)), ...free.summary, ...free.preCheckout];
        const problems = misreadings(lines, scales, rule);
        if (problems.length > 0) failing.push(`set ${i} (${pattern}): ${problems[0]}`);
      }
      expect(failing.slice(0, 6), `${failing.length} of ${SETS} sets print a sentence that disagrees`).toEqual([]);
    }, 300_000);
  }
});
