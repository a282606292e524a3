import type { ReportBlock, ReportClaim, ReportDocument, ReportSection } from "#schemas/report/document.ts";
import { TONE_LABEL } from "../blocks/CalloutBlock.tsx";
import { firstSentence, levelText, percentText } from "../format.ts";
import { isLocked } from "../section-anchor.ts";
import { profileCodeLabel } from "./findings.ts";

/** One key finding: what it is, the finding itself, its figure if it has one, a line about it, and where the report explains it. */
export type Highlight = {
  key: string;
  label: string;
  title: string;
  value: string | null;
  text: string | null;
  sectionId: string;
  sectionTitle: string;
};

type Located = { section: ReportSection; block: ReportBlock };
type Of<K extends ReportBlock["kind"]> = Extract<ReportBlock, { kind: K }>;
type Picker = (blocks: readonly Located[], claims: readonly ReportClaim[]) => Highlight | null;

const at = ({ section }: Located) => ({ sectionId: section.id, sectionTitle: section.title });

/** The first block of a kind (that passes `test`), with its section. */
function find<K extends ReportBlock["kind"]>(blocks: readonly Located[], kind: K, test: (block: Of<K>) => boolean = () => true) {
  for (const { section, block } of blocks) {
    if (block.kind === kind && test(block as Of<K>)) return { section, block: block as Of<K> };
  }
  return undefined;
}

/**
 * The scale at `index` (0 = the first) of the first chart, with what its detail says it means.
 * `label` names it as part of a profile; read against bands, it is a level.
 */
const scaleAt =
  (index: number, label: string, levelLabel: string): Picker =>
  (blocks, claims) => {
    const chart = find(blocks, "scale_chart");
    if (!chart) return null;
    // The claims rule (ADR 036): a flat profile has no top area, only the note saying so.
    if (claims.some((c) => c.kind === "flat")) {
      const note = index === 0 ? find(blocks, "callout", (b) => b.tone === "note") : undefined;
      return note ? { key: "flat", label: "Your profile", title: note.block.title, value: null, text: firstSentence(note.block.text), ...at(note) } : null;
    }
    const scales = chart.block.scales;
    const levels = scales.some((s) => s.band !== null);
    // The scale the report names as highest (a profile) or most marked (levels), and those level with it.
    const named = claims.find((c) => c.kind === (levels ? "most_marked" : "highest"))?.scales ?? [];
    const first = scales.find((s) => s.id === named[0]) ?? scales[0];
    const scale = index === 0 ? first : scales.filter((s) => s !== first && !named.includes(s.id))[index - 1];
    if (!scale) return null;
    const detail = find(blocks, "scale_detail", (d) => d.scale.id === scale.id);
    const value = scale.band ? `${levelText(scale)} · ${scale.band.label}` : levelText(scale);
    const text = detail ? firstSentence(detail.block.meaning) : null;
    const tie = index === 0 && named.length > 1;
    const title = tie
      ? scales
          .filter((s) => named.includes(s.id))
          .map((s) => s.name)
          .join(" and ")
      : scale.name;
    const which = scale.band ? levelLabel : label;
    return {
      key: `scale-${scale.id}`,
      label: tie ? (scale.band ? "Your most marked levels, equally marked" : "Your top areas, level with each other") : which,
      title,
      value: tie ? null : value,
      text: tie ? null : text,
      ...at(detail ?? chart),
    };
  };

const profileCode: Picker = (blocks) => {
  const code = find(blocks, "profile_code");
  if (!code) return null;
  const names = code.block.letters.map((l) => l.name);
  const text = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}, strongest first.` : null;
  return { key: "code", label: profileCodeLabel(code.section), title: code.block.code, value: null, text, ...at(code) };
};

const bestProfession: Picker = (blocks) => {
  const professions = find(blocks, "professions", (b) => b.items.length > 0);
  const best = professions?.block.items[0];
  if (!professions || !best) return null;
  return {
    key: `profession-${best.slug}`,
    label: "Your best match",
    title: best.title,
    value: `${percentText(best.match)} match`,
    text: `Interest code ${best.code}. ${firstSentence(best.summary)}`,
    ...at(professions),
  };
};

const calloutOf =
  (tones: readonly string[], label: (tone: string) => string): Picker =>
  (blocks) => {
    const callout = find(blocks, "callout", (c) => tones.includes(c.tone));
    if (!callout) return null;
    const { block } = callout;
    return {
      key: `callout-${block.tone}-${block.title}`,
      label: label(block.tone),
      title: block.title,
      value: null,
      text: firstSentence(block.text),
      ...at(callout),
    };
  };

const firstLink: Picker = (blocks) => {
  const links = find(blocks, "links", (b) => b.items.length > 0);
  const link = links?.block.items[0];
  if (!links || !link) return null;
  return { key: `link-${link.href}`, label: "A next step", title: link.title, value: null, text: firstSentence(link.text), ...at(links) };
};

const firstStep: Picker = (blocks) => {
  const list = find(blocks, "list", (b) => b.items.length > 0);
  const item = list?.block.items[0];
  if (!list || !item) return null;
  return { key: "first-step", label: "A first step", title: item, value: null, text: null, ...at(list) };
};

/** In order of importance; the fallbacks only fill the panel up to MIN when the main picks find fewer. */
const PICKS: Picker[] = [
  scaleAt(0, "Your top area", "Your most marked level"),
  profileCode,
  bestProfession,
  calloutOf(["strength"], () => "A strength to use"),
  firstLink,
];
const FALLBACKS: Picker[] = [
  scaleAt(1, "Your next area", "Your next level"),
  firstStep,
  calloutOf(["watch", "note"], (tone) => TONE_LABEL[tone as "watch" | "note"]),
];

const MIN = 3;
const MAX = 5;

/**
 * The report's key findings, three to five of them when the report has that many: its top area with
 * its level, the profile code, the best profession match, the first strength and the first next
 * step, each pointing to the open section it comes from. Locked sections give nothing.
 */
export function highlightsOf(document: ReportDocument): Highlight[] {
  const blocks = document.sections.filter((section) => !isLocked(section)).flatMap((section) => section.blocks.map((block) => ({ section, block })));
  const claims = document.claims ?? [];
  const found = PICKS.map((pick) => pick(blocks, claims)).filter((h): h is Highlight => h !== null);
  for (const pick of FALLBACKS) {
    if (found.length >= MIN) break;
    const extra = pick(blocks, claims);
    if (extra) found.push(extra);
  }
  return found.slice(0, MAX);
}
