import type { ReportBlock, ReportClaim, ReportDocument, ReportScale } from "#schemas/report/document.ts";
import type { CompiledFlow, Scores } from "../flow/types.ts";
import { shapeOf, topOf, type Shape } from "./claims.ts";
import { reportScales } from "./report-scales.ts";

type Chart = Extract<ReportBlock, { kind: "scale_chart" }>;
type Said = { text: string; claims: ReportClaim[] };

export type TeaserRule = {
  interpretation: "profile" | "levels";
  shape: Shape;
  /** Whether the report compares its scales (only then is a flat profile said to be flat). */
  compares: boolean;
  /** The flat note and its retake link, when the profile is flat and the report compares. */
  flat: ReportBlock[];
  /** The scale a levels teaser features whatever its place (the template's `lead`), or null: the most marked. */
  lead: string | null;
};

/**
 * What the pre-checkout's bars stand for, by the claims rule (ADR 036): a flat profile of a report
 * that compares (every area, said to be level); else, for a profile, its top three with every scale
 * level with one of them (`top`, scale ids in chart order); for levels, no top (every scale).
 */
export type PreCheckoutClaim = { flat: boolean; top: string[] | null };

/** The one place the pre-checkout's claim is decided: the teaser states it, the browser draws it (preCheckoutClaimOf). */
function preCheckoutClaim(scales: readonly ReportScale[], rule: Pick<TeaserRule, "interpretation" | "shape" | "compares">): PreCheckoutClaim {
  const flat = rule.shape.flat && rule.compares;
  return { flat, top: flat || rule.interpretation !== "profile" ? null : topOf(scales, 3, rule.shape).map((s) => s.id) };
}

/**
 * The pre-checkout's claim from the flow and the scores alone, with the rule's settings of the
 * flow's report template (CompiledFlow `claims`, which the server adds where it serves the flow):
 * the browser draws the bars from it at once, as the teaser will state them.
 */
export function preCheckoutClaimOf(flow: CompiledFlow, scores: Scores, rule: NonNullable<CompiledFlow["claims"]>): PreCheckoutClaim {
  const scales = reportScales(flow, { scales: {} }, scores);
  return preCheckoutClaim(scales, { interpretation: flow.scoring?.interpretation ?? "levels", shape: shapeOf(scales, rule.gap), compares: rule.compares });
}

/**
 * What a visitor sees before paying, built on the server from the full document so nothing locked
 * ever reaches the browser: the cover, the teaser summary, then, by the claims rule (ADR 036),
 * - a profile (scales ranked against each other): the highest area, or the areas level with it,
 *   and what each means; a flat profile: every area, the flat note and a link to retake the test;
 * - levels (each scale read against its bands): every scale with its band, and what the most
 *   marked one (or those level with it) means, or the template's `lead` scale when it names one;
 *   the flat note when a comparing report is flat;
 * and every other section by its title only. Help callouts stay beside the area (withHelpOpen
 * then puts help in its own sections). Its claims are the teaser summary's, the open area's, and
 * the top of the profile the pre-checkout shows.
 */
export function teaserOf(doc: ReportDocument, summary: Said, rule: TeaserRule): ReportDocument {
  const { shape } = rule;
  const blocks = doc.sections.flatMap((s) => s.blocks);
  const chart = blocks.find((b): b is Chart => b.kind === "scale_chart");
  const first = doc.sections[0]?.id ?? "";
  const claims: ReportClaim[] = [...summary.claims];
  const detailsOf = (ids: readonly string[]) => ids.flatMap((id) => blocks.filter((b) => b.kind === "scale_detail" && b.scale.id === id));
  let shown: ReportBlock[] = [];
  if (chart && chart.scales.length > 0) {
    const { flat, top } = preCheckoutClaim(chart.scales, rule);
    if (rule.interpretation === "profile") {
      const lead = shape.highest?.scales ?? [];
      shown = flat
        ? [{ kind: "scale_chart", caption: "Your areas, all level", scales: chart.scales }, ...rule.flat]
        : [
            {
              kind: "scale_chart",
              caption: lead.length === 1 ? "The area you scored highest" : "Your highest areas, level with each other",
              scales: lead,
            },
            ...detailsOf(lead.map((s) => s.id)),
          ];
      claims.push(
        ...(flat
          ? [{ at: first, kind: "flat" as const, scales: [] }]
          : [
              { at: first, kind: "highest" as const, outcome: shape.highest!.outcome, scales: lead.map((s) => s.id) },
              { at: "pre_checkout", kind: "top" as const, scales: top ?? [] },
            ]),
      );
    } else {
      const marked = shape.mostMarked;
      const levels: ReportBlock = { kind: "scale_chart", caption: chart.scales.length === 1 ? "Your level" : "Your levels", scales: chart.scales };
      if (flat) {
        shown = [levels, ...rule.flat];
        claims.push({ at: first, kind: "flat", scales: [] });
      } else if (rule.lead) {
        // The scale the template leads with (its summary and page speak of it), not a comparison.
        shown = [levels, ...detailsOf([rule.lead])];
        claims.push({ at: first, kind: "lead", scales: [rule.lead] });
      } else {
        // What the most marked scale means; for a report that does not compare and is flat, the first charted.
        const ids = marked ? marked.scales.map((s) => s.id) : [chart.scales[0]!.id];
        shown = [levels, ...detailsOf(ids)];
        if (marked) claims.push({ at: first, kind: "most_marked", outcome: marked.outcome, scales: ids });
      }
    }
  }
  const help = blocks.filter((b) => b.kind === "callout" && b.tone === "help");
  return {
    ...doc,
    summary: summary.text,
    sections: doc.sections.map((section, index) => ({
      id: section.id,
      title: section.title,
      blocks: index === 0 ? [...shown, ...help] : [],
      ...(index === 0 ? {} : { locked: true }),
    })),
    claims,
  };
}
