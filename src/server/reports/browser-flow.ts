import type { CompiledFlow } from "#engine/flow/types.ts";
import { forBrowser } from "#engine/flow/load/for-browser.ts";
import { comparesScales } from "#engine/report/template-walk.ts";
import type { ReportTemplate } from "#schemas/report/template.ts";

/** A flow as a browser gets it: without its follow-up e-mails, with its report's claims rule when it has a template. */
export type BrowserFlow = Omit<CompiledFlow, "follow_ups">;

/**
 * The flow a browser runs (its page's boot data, GET /api/quiz/flows/…), with the claims rule's
 * settings (`claims`: the gap, and whether the report compares) of the template a session of this
 * version has its report built with (`templateOf`, the report service's choice, ADR 066). The
 * pre-checkout then draws its bars by the rule at once, as the teaser states them (ADR 036). One
 * object per flow version and template, so what is serialised from it can be kept by it.
 */
export function browserFlows(templateOf: (flow: CompiledFlow) => ReportTemplate | undefined): (flow: CompiledFlow) => BrowserFlow {
  const made = new WeakMap<CompiledFlow, WeakMap<object, BrowserFlow>>();
  const none = {};
  return (flow) => {
    const template = templateOf(flow);
    const byTemplate = made.get(flow) ?? new WeakMap<object, BrowserFlow>();
    made.set(flow, byTemplate);
    let served = byTemplate.get(template ?? none);
    if (!served) {
      const claims = template ? { gap: template.claims.min_gap, compares: comparesScales(template, flow.scoring?.interpretation ?? "levels") } : undefined;
      served = { ...forBrowser(flow), ...(claims ? { claims } : {}) };
      byTemplate.set(template ?? none, served);
    }
    return served;
  };
}
