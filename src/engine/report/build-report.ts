import type { ReportBlock, ReportClaim, ReportDocument, ReportScale, ReportSection } from "#schemas/report/document.ts";
import type { ReportCondition, ReportTemplate, TemplateBlock } from "#schemas/report/template.ts";
import type { Answers, CompiledFlow, Scores } from "../flow/types.ts";
import { bottomOf, placeOf, shapeOf, topOf, type Shape } from "./claims.ts";
import { conditionsOf, holds, type ConditionContext } from "./report-conditions.ts";
import { COMPARATIVE, interpolate, variablesFor, variablesIn, type TemplateVariable } from "./interpolate.ts";
import { helpSections, withHelpOpen, type HelpSections } from "./help-sections.ts";
import { profileCode } from "./profile-code.ts";
import { teaserOf } from "./teaser.ts";
import { restartPath } from "../flow/routes.ts";
import { reportScales } from "./report-scales.ts";
import { comparesScales } from "./template-walk.ts";
import { HOUSE_LOCALE, LONG_DATE } from "#schemas/content/house-locale.ts";

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

const longDate = (d: Date) => new Intl.DateTimeFormat(HOUSE_LOCALE, { ...LONG_DATE, timeZone: "UTC" }).format(d);

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
 * the same inputs give the same document, so a stored report can be rebuilt and compared. Every
 * comparative claim it makes follows the template's claims rule and is listed in `claims`.
 */
export function buildReport(input: ReportInput): ReportDocument {
  return build(input).document;
}

/**
 * The teaser a visitor sees before paying: the template's teaser summary, the top area (a profile)
 * or every level (levels) with what the most marked one means, the help section open whole when
 * the result calls for help (withHelpOpen), and every other section by its title only (teaserOf),
 * all by the same claims rule as the report.
 */
export function buildTeaser(input: ReportInput): ReportDocument {
  const built = build({ ...input, professions: [] });
  const teaser = teaserOf(built.document, built.teaser, {
    interpretation: input.flow.scoring?.interpretation ?? "levels",
    shape: built.shape,
    compares: built.compares,
    flat: built.flatNote,
    lead: input.template.lead ?? null,
  });
  // Help is never for sale (ADR 030): open whole when the result calls for it, else left out.
  return withHelpOpen(teaser, built.document, built.help);
}

type Said = { text: string; claims: ReportClaim[] };

/** The claims a text makes at `at`: those its conditions fix and those its variables name. */
function claimsOf(at: string, text: string, when: readonly ReportCondition[], shape: Shape, code: ReportClaim | null): ReportClaim[] {
  const kinds = new Set<"highest" | "lowest" | "most_marked" | "flat" | "code">();
  for (const c of when) {
    if (c.flat === true) kinds.add("flat");
    for (const k of ["highest", "lowest", "most_marked"] as const) if (c[k]) kinds.add(k);
  }
  for (const name of variablesIn(text)) {
    const rule = COMPARATIVE[name as TemplateVariable];
    if (rule) kinds.add(name === "code" ? "code" : rule.claim);
  }
  const groups = { highest: shape.highest, lowest: shape.lowest, most_marked: shape.mostMarked };
  return [...kinds].flatMap((kind): ReportClaim[] => {
    if (kind === "flat") return [{ at, kind, scales: [] }];
    if (kind === "code") return code ? [{ ...code, at }] : [];
    const group = groups[kind];
    return [group ? { at, kind, outcome: group.outcome, scales: group.scales.map((s) => s.id) } : { at, kind, scales: [] }];
  });
}

type Built = { document: ReportDocument; teaser: Said; shape: Shape; compares: boolean; flatNote: ReportBlock[]; help: HelpSections };

function build(input: ReportInput): Built {
  const { template, flow } = input;
  const interpretation = flow.scoring?.interpretation ?? "levels";
  const scales = reportScales(flow, template, input.scores);
  const shape = shapeOf(scales, template.claims.min_gap);
  const compares = comparesScales(template, interpretation);
  const code = profileCode(scales, 3, shape);
  const codeClaim: ReportClaim | null = code
    ? { at: "", kind: "code", scales: scales.slice(0, code.letters.length).map((s) => s.id), level: code.level }
    : null;
  const ctx: ConditionContext = { scales, shape, answers: input.answers, firstName: input.firstName };
  const values = variablesFor({
    firstName: input.firstName,
    code: code?.code ?? "",
    scales,
    shape,
    flowTitle: typeof flow.title === "string" ? flow.title : template.title,
  });
  const say = (text: string) => interpolate(text, values);
  const claims: ReportClaim[] = [];
  /** The texts whose conditions hold, each with the claims it makes at `at` (recorded when `record`). */
  const pick = (texts: ReportTemplate["summary"], at: string, scope: readonly ReportCondition[] = []): Said[] =>
    texts
      .map((t) => (typeof t === "string" ? { text: t, when: undefined } : t))
      .filter((t) => holds(t.when, ctx))
      .map((t) => ({ text: say(t.text), claims: claimsOf(at, t.text, [...scope, ...conditionsOf(t.when)], shape, codeClaim) }));
  const once = (at: string, text: string, scope: readonly ReportCondition[]) => {
    claims.push(...claimsOf(at, text, scope, shape, codeClaim));
    return say(text);
  };

  const summary = pick(template.summary, "summary")[0];
  const teaser = pick(template.teaser, "teaser")[0];
  claims.push(...(summary?.claims ?? []));
  const flatNote: ReportBlock[] =
    shape.flat && compares
      ? [
          { kind: "callout", tone: "note", title: say(template.claims.flat.title), text: say(template.claims.flat.text) },
          {
            kind: "links",
            items: [{ type: "page", title: "Take the test again", text: "Answer the statements again, with a moment for each one.", href: restartPath(flow) }],
          },
        ]
      : [];
  const chartAt = template.sections.findIndex((s) => s.blocks.some((b) => "scale_chart" in b && holds(b.when, ctx)));
  const parts = { input, scales, shape, code, claims, pick, once };
  const sections: ReportSection[] = template.sections
    .map((section, index) => {
      const blocks = section.blocks.filter((b) => holds(b.when, ctx)).flatMap((b) => expand(b, section.id, parts));
      if (flatNote.length > 0 && index === Math.max(chartAt, 0)) {
        const after = blocks.findIndex((b) => b.kind === "scale_chart") + 1;
        blocks.splice(after, 0, ...flatNote);
        claims.push({ at: section.id, kind: "flat", scales: [] });
      }
      return { id: section.id, title: say(section.title), blocks };
    })
    .filter((section) => section.blocks.length > 0);

  const document: ReportDocument = {
    format: 1,
    prompt_code: flow.report,
    flow_code: flow.code,
    title: template.title,
    cover: { first_name: input.firstName, subtitle: `${template.subtitle} · ${longDate(input.completedAt)}`, date: input.completedAt.toISOString() },
    summary: summary?.text ?? "",
    sections,
    claims: unique(claims),
  };
  const help = helpSections(template, (when) => holds(when, ctx));
  return { document, teaser: { text: teaser?.text ?? "", claims: teaser?.claims ?? [] }, shape, compares, flatNote, help };
}

/** Claims without repeats (several texts of a section may make the same one). */
const unique = (claims: ReportClaim[]) => [...new Map(claims.map((c) => [JSON.stringify(c), c])).values()];

type Parts = {
  input: ReportInput;
  scales: ReportScale[];
  shape: Shape;
  code: ReturnType<typeof profileCode>;
  claims: ReportClaim[];
  pick: (texts: ReportTemplate["summary"], at: string, scope?: readonly ReportCondition[]) => Said[];
  once: (at: string, text: string, scope: readonly ReportCondition[]) => string;
};

function expand(block: TemplateBlock, at: string, parts: Parts): ReportBlock[] {
  const { input, scales, shape, claims, pick, once } = parts;
  const copy = input.template.scales;
  const scope = conditionsOf(block.when);
  if ("paragraph" in block) return [{ kind: "paragraph", text: once(at, block.paragraph, scope) }];
  if ("heading" in block) return [{ kind: "heading", text: once(at, block.heading, scope) }];
  if ("list" in block) {
    const said = pick(block.list, at, scope);
    claims.push(...said.flatMap((s) => s.claims));
    return said.length > 0 ? [{ kind: "list", style: block.numbered ? "numbered" : "bullets", items: said.map((s) => s.text) }] : [];
  }
  if ("callout" in block)
    return [{ kind: "callout", tone: block.callout.tone, title: once(at, block.callout.title, scope), text: once(at, block.callout.text, scope) }];
  if ("scale_chart" in block) return [{ kind: "scale_chart", caption: once(at, block.scale_chart.caption, scope), scales }];
  if ("scale_details" in block) {
    return scales.map((scale) => {
      const c = copy[scale.id]!;
      const byBand = scale.band ? c.meaning[scale.band.id] : undefined;
      const place = placeOf(scale, scales, shape);
      if (!byBand && c.meaning[place]) claims.push({ at, kind: "place", scales: [scale.id], place });
      return { kind: "scale_detail", scale, about: once(at, c.about, []), meaning: once(at, byBand || c.meaning[place] || "", []) };
    });
  }
  if ("profile_code" in block) {
    const code = parts.code;
    if (!code) return [];
    claims.push({ at, kind: "code", scales: scales.slice(0, code.letters.length).map((s) => s.id), level: code.level });
    return [{ kind: "profile_code", code: code.code, letters: code.letters, ties: code.ties }];
  }
  if ("strengths" in block) {
    const top = topOf(scales, block.strengths.top, shape);
    const shown = scales.filter((s) => {
      const c = copy[s.id]!;
      return c.strength && (c.strength_bands ? s.band !== null && c.strength_bands.includes(s.band.id) : top.includes(s));
    });
    const byPlace = shown.filter((s) => !copy[s.id]!.strength_bands);
    if (byPlace.length > 0) claims.push({ at, kind: "strengths", scales: byPlace.map((s) => s.id) });
    return shown.map((s) => ({ kind: "callout", tone: "strength", title: s.name, text: once(at, copy[s.id]!.strength!, []) }));
  }
  if ("watch_outs" in block) {
    // The lowest `bottom`, never one level with a scale above them (the rest's top).
    const bottom = bottomOf(scales, block.watch_outs.bottom, shape, topOf(scales, scales.length - block.watch_outs.bottom, shape));
    const shown = scales.filter((s) => {
      const c = copy[s.id]!;
      return c.watch && (c.watch_bands ? s.band !== null && c.watch_bands.includes(s.band.id) : bottom.includes(s));
    });
    const byPlace = shown.filter((s) => !copy[s.id]!.watch_bands);
    if (byPlace.length > 0) claims.push({ at, kind: "watch_outs", scales: byPlace.map((s) => s.id) });
    return shown.map((s) => ({ kind: "callout", tone: "watch", title: s.name, text: once(at, copy[s.id]!.watch!, []) }));
  }
  if ("links" in block) {
    const refs = [...topOf(scales, block.links.top, shape).flatMap((s) => copy[s.id]!.links), ...block.links.always];
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
      : [{ kind: "callout", tone: "note", title: "No profession stands out yet", text: once(at, block.professions.none, scope) }];
  }
  return [{ kind: "sources", items: block.sources.map((s) => ({ text: once(at, s.text, scope), url: s.url ?? null })) }];
}
