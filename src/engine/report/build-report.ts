import type { ReportBlock, ReportDocument, ReportScale, ReportSection } from "../../../schemas/report/document.ts";
import type { ReportTemplate, TemplateBlock } from "../../../schemas/report/template.ts";
import type { Answers, CompiledFlow, Scores } from "../flow/types.ts";
import { holds, type ConditionContext } from "./report-conditions.ts";
import { interpolate, variablesFor } from "./interpolate.ts";
import { helpSections, withHelpOpen, type HelpSections } from "./help-sections.ts";
import { profileCode } from "./profile-code.ts";
import { teaserOf } from "./teaser.ts";
import { placeOf, reportScales } from "./report-scales.ts";

type ProfessionItem = Extract<ReportBlock, { kind: "professions" }>["items"][number];
type LinkItem = Extract<ReportBlock, { kind: "links" }>["items"][number];

/** Account content a template may link to, as the server knows it now. */
export type ReportLibrary = {
  plans: { code: string; title: string; summary: string }[];
  articles: { id: number; slug: string; title: string; summary: string }[];
  tools: { name: string; title: string; summary: string }[];
};

export type ReportInput = {
  flow: CompiledFlow;
  template: ReportTemplate;
  answers: Answers;
  scores: Scores;
  firstName: string | null;
  /** When the quiz was completed: the report's date. */
  completedAt: Date;
  library: ReportLibrary;
  /** Occupations already matched to this profile, best first (career reports); links carry `resultId`. */
  professions: Omit<ProfessionItem, "href">[];
  resultId: string | null;
};

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const longDate = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

/** `plan:<code>`, `article:<slug>`, `tool:<name>` → a link into the account, or null when the content is gone. */
export function resolveLink(ref: string, library: ReportLibrary): LinkItem | null {
  const [type, key] = ref.split(":") as [string, string];
  if (type === "plan") {
    const plan = library.plans.find((p) => p.code === key);
    return plan ? { type: "plan", title: plan.title, text: plan.summary, href: `/account/plans/${plan.code}` } : null;
  }
  if (type === "article") {
    const article = library.articles.find((a) => a.slug === key);
    return article ? { type: "article", title: article.title, text: article.summary, href: `/account/library/${article.id}` } : null;
  }
  const tool = library.tools.find((t) => t.name === key);
  return type === "tool" && tool ? { type: "tool", title: tool.title, text: tool.summary, href: `/account/tools/${tool.name}` } : null;
}

/**
 * Builds a personal report from a template, the scores and the answers. Pure and deterministic:
 * the same inputs give the same document, so a stored report can be rebuilt and compared.
 */
export function buildReport(input: ReportInput): ReportDocument {
  return build(input).document;
}

/**
 * The teaser a visitor sees before paying: the template's teaser summary, the top area (a profile)
 * or every level (levels) with what it means, the help section open whole when the result calls
 * for help (withHelpOpen), and every other section by its title only (teaserOf).
 */
export function buildTeaser(input: ReportInput): ReportDocument {
  const { document, teaser, help } = build({ ...input, professions: [] });
  // Help is never for sale (ADR 030): open whole when the result calls for it, else left out.
  return withHelpOpen(teaserOf(document, teaser, input.flow.scoring?.interpretation ?? "levels"), document, help);
}

function build(input: ReportInput): { document: ReportDocument; teaser: string; help: HelpSections } {
  const { template, flow } = input;
  const scales = reportScales(flow, template, input.scores);
  const code = profileCode(scales, 3).code;
  const ctx: ConditionContext = { scales, answers: input.answers, firstName: input.firstName };
  const values = variablesFor({ firstName: input.firstName, code, scales, flowTitle: typeof flow.title === "string" ? flow.title : template.title });
  const say = (text: string) => interpolate(text, values);
  const pick = (texts: ReportTemplate["summary"]) =>
    texts
      .map((t) => (typeof t === "string" ? { text: t } : t))
      .filter((t) => holds(t.when, ctx))
      .map((t) => say(t.text));

  const sections: ReportSection[] = template.sections
    .map((section) => ({
      id: section.id,
      title: say(section.title),
      blocks: section.blocks.filter((b) => holds(b.when, ctx)).flatMap((b) => expand(b, input, scales, pick, say)),
    }))
    .filter((section) => section.blocks.length > 0);

  const document: ReportDocument = {
    format: 1,
    prompt_code: flow.report,
    flow_code: flow.code,
    title: template.title,
    cover: { first_name: input.firstName, subtitle: `${template.subtitle} · ${longDate(input.completedAt)}`, date: input.completedAt.toISOString() },
    summary: pick(template.summary)[0] ?? "",
    sections,
  };
  return { document, teaser: pick(template.teaser)[0] ?? "", help: helpSections(template, (when) => holds(when, ctx)) };
}

function expand(
  block: TemplateBlock,
  input: ReportInput,
  scales: ReportScale[],
  pick: (texts: ReportTemplate["summary"]) => string[],
  say: (text: string) => string,
): ReportBlock[] {
  const copy = input.template.scales;
  if ("paragraph" in block) return [{ kind: "paragraph", text: say(block.paragraph) }];
  if ("heading" in block) return [{ kind: "heading", text: say(block.heading) }];
  if ("list" in block) {
    const items = pick(block.list);
    return items.length > 0 ? [{ kind: "list", style: block.numbered ? "numbered" : "bullets", items }] : [];
  }
  if ("callout" in block) return [{ kind: "callout", tone: block.callout.tone, title: say(block.callout.title), text: say(block.callout.text) }];
  if ("scale_chart" in block) return [{ kind: "scale_chart", caption: say(block.scale_chart.caption), scales }];
  if ("scale_details" in block) {
    return scales.map((scale) => {
      const c = copy[scale.id]!;
      const meaning = (scale.band && c.meaning[scale.band.id]) || c.meaning[placeOf(scale, scales)] || "";
      return { kind: "scale_detail", scale, about: say(c.about), meaning: say(meaning) };
    });
  }
  if ("profile_code" in block) return [profileCode(scales, block.profile_code.letters)];
  if ("strengths" in block) {
    return scales
      .filter((s) => {
        const c = copy[s.id]!;
        return c.strength && (c.strength_bands ? s.band !== null && c.strength_bands.includes(s.band.id) : s.rank <= block.strengths.top);
      })
      .map((s) => ({ kind: "callout", tone: "strength", title: s.name, text: say(copy[s.id]!.strength!) }));
  }
  if ("watch_outs" in block) {
    const lowest = [...scales].reverse().slice(0, block.watch_outs.bottom);
    return scales
      .filter((s) => {
        const c = copy[s.id]!;
        return c.watch && (c.watch_bands ? s.band !== null && c.watch_bands.includes(s.band.id) : lowest.includes(s));
      })
      .map((s) => ({ kind: "callout", tone: "watch", title: s.name, text: say(copy[s.id]!.watch!) }));
  }
  if ("links" in block) {
    const refs = [...scales.filter((s) => s.rank <= block.links.top).flatMap((s) => copy[s.id]!.links), ...block.links.always];
    const items = [...new Set(refs)]
      .map((r) => resolveLink(r, input.library))
      .filter((l): l is LinkItem => l !== null)
      .slice(0, block.links.limit);
    return items.length > 0 ? [{ kind: "links", items }] : [];
  }
  if ("professions" in block) {
    const query = input.resultId ? `?result=${encodeURIComponent(input.resultId)}` : "";
    const items = input.professions.slice(0, block.professions.count).map((p) => ({ ...p, href: `/account/professions/${p.slug}${query}` }));
    return items.length > 0
      ? [{ kind: "professions", items }]
      : [{ kind: "callout", tone: "note", title: "No profession stands out yet", text: say(block.professions.none) }];
  }
  return [{ kind: "sources", items: block.sources.map((s) => ({ text: say(s.text), url: s.url ?? null })) }];
}
