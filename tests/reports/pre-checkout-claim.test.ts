import { describe, expect, it } from "vitest";
import { buildTeaser } from "#engine/report/build-report.ts";
import { preCheckoutClaimOf } from "#engine/report/teaser.ts";
import { browserFlows } from "#server/reports/browser-flow.ts";
import { reportInputs } from "../helpers/claims-check.ts";
import { reportFunnels } from "../helpers/funnels.ts";
import { loadTopic } from "../helpers/topic-report.ts";

/**
 * The pre-checkout's bars are decided in the browser before the first paint, from the flow the
 * server serves (with its report's claims rule, src/server/reports/browser-flow.ts) and the answers
 * (ADR 036): for every funnel and hundreds of answer sets (random, the same answer everywhere, ties,
 * staircases), that claim is the one the teaser built on the server states: flat exactly when it
 * says flat, and the same top scales.
 */
const SETS = Number(process.env.CLAIMS_SETS ?? 600);
const FUNNELS = await reportFunnels();

describe("the pre-checkout's claim in the browser is the teaser's", () => {
  for (const { name, flowFile, template } of FUNNELS) {
    it(`${name}: ${SETS} answer sets`, async () => {
      const topic = await loadTopic(flowFile, template);
      const served = browserFlows(() => topic.template)(topic.flow);
      expect(served.claims).toEqual({ gap: topic.template.claims.min_gap, compares: expect.any(Boolean) as boolean });
      expect(served).not.toHaveProperty("follow_ups");
      const failing: string[] = [];
      const seen = { flat: 0, top: 0 };
      for (const { i, pattern, input } of reportInputs(name, topic, SETS)) {
        const teaser = buildTeaser(input);
        const said = {
          flat: (teaser.claims ?? []).some((c) => c.kind === "flat"),
          top: (teaser.claims ?? []).find((c) => c.kind === "top" && c.at === "pre_checkout")?.scales ?? null,
        };
        const drawn = preCheckoutClaimOf(served, input.scores, served.claims!);
        if (JSON.stringify(drawn) !== JSON.stringify(said))
          failing.push(`set ${i} (${pattern}): drawn ${JSON.stringify(drawn)}, teaser ${JSON.stringify(said)}`);
        if (said.flat) seen.flat++;
        if (said.top) seen.top++;
      }
      expect(failing.slice(0, 5), `${failing.length} of ${SETS} sets disagree`).toEqual([]);
      // Both kinds are reached where the report can say them.
      if (served.claims!.compares && (topic.flow.scoring?.scales.length ?? 0) > 1) expect(seen.flat).toBeGreaterThan(0);
      if (topic.flow.scoring?.interpretation === "profile") expect(seen.top).toBeGreaterThan(0);
    }, 60_000);
  }
});
