import type { ReportBlock, ReportDocument, ReportSection } from "#schemas/report/document.ts";
import type { BlockOf } from "../blocks/types.ts";
import type { Profession } from "../blocks/ProfessionCard.tsx";
import { isLocked } from "../section-anchor.ts";

type LinkItem = BlockOf<"links">["items"][number];

/** What every finding card has: a key unique in the document, and the label it is known by when face down. */
type CardBase = { key: string; label: string };

/** One finding of the report as a card. Every block of an open section ends up in exactly one card. */
export type FindingCard = CardBase &
  (
    | { kind: "chart"; block: BlockOf<"scale_chart"> }
    | { kind: "scale"; block: BlockOf<"scale_detail"> }
    | { kind: "code"; block: BlockOf<"profile_code"> }
    | { kind: "callout"; block: BlockOf<"callout"> }
    | { kind: "profession"; profession: Profession; rank: number }
    | { kind: "link"; link: LinkItem }
    /** `lead`: the section opens with it, so it introduces the cards after it. */
    | { kind: "text"; paragraphs: string[]; lead: boolean }
    | { kind: "list"; block: BlockOf<"list"> }
    | { kind: "sources"; block: BlockOf<"sources"> }
  );

/** A section's cards, under its title; a locked section (a teaser) has none. */
export type FindingGroup = { id: string; title: string; number: number; locked: boolean; cards: FindingCard[] };

/** Cards as wide as the grid: a chart needs the room, a section's opening text introduces it, and the sources close the report. */
export const isFullWidth = (card: FindingCard) => card.kind === "chart" || card.kind === "sources" || (card.kind === "text" && card.lead);

const ORDINAL = ["top", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];

/**
 * "Your top area", "Your second area" …: a scale detail's place among the report's details. In a
 * flat profile (the document's claims say no area stands out, ADR 036) no area has a place: the card
 * is known by the scale's own name.
 */
const scaleLabel = (index: number, scale?: { name: string }, flat = false) =>
  flat && scale ? scale.name : ORDINAL[index] ? `Your ${ORDINAL[index]} area` : `Area ${index + 1}`;

/** What a profile code is called: the section's own title when it names the code ("Your interest code"). */
export const profileCodeLabel = (section: Pick<ReportSection, "title">) => (/\bcode\b/i.test(section.title) ? section.title : "Your profile code");

const LINK_LABEL: Record<LinkItem["type"], string> = {
  plan: "A plan for you",
  article: "Something to read",
  tool: "A tool to try",
  profession: "A profession to explore",
  page: "Read more",
};

const listLabel = (block: BlockOf<"list">) => (block.style === "numbered" ? "Steps to try" : "Points to remember");

/**
 * The report as finding cards, grouped by section in the document's order: each scale detail, the
 * profile code, each callout, each profession, each link, each run of paragraphs, each list, the
 * chart and the sources. A heading block names the card that follows it.
 */
export function findingsOf(document: ReportDocument): FindingGroup[] {
  let scaleIndex = 0;
  const flat = document.claims?.some((c) => c.kind === "flat") ?? false;
  return document.sections.map((section, sectionIndex) => {
    const group: FindingGroup = { id: section.id, title: section.title, number: sectionIndex + 1, locked: isLocked(section), cards: [] };
    if (group.locked) return group;
    let heading: string | null = null;
    const add = (card: FindingCard) => {
      group.cards.push(heading ? { ...card, label: heading } : card);
      heading = null;
    };
    const key = (blockIndex: number, part = 0) => `${section.id}-${blockIndex}-${part}`;
    section.blocks.forEach((block: ReportBlock, blockIndex) => {
      switch (block.kind) {
        case "heading":
          heading = block.text;
          return;
        case "paragraph": {
          const last = group.cards.at(-1);
          if (last?.kind === "text" && heading === null && section.blocks[blockIndex - 1]?.kind === "paragraph") last.paragraphs.push(block.text);
          else add({ kind: "text", key: key(blockIndex), label: "Good to know", paragraphs: [block.text], lead: group.cards.length === 0 });
          return;
        }
        case "list":
          return add({ kind: "list", key: key(blockIndex), label: listLabel(block), block });
        case "scale_chart":
          return add({ kind: "chart", key: key(blockIndex), label: "All your areas at a glance", block });
        case "scale_detail":
          return add({ kind: "scale", key: key(blockIndex), label: scaleLabel(scaleIndex++, block.scale, flat), block });
        case "profile_code":
          return add({ kind: "code", key: key(blockIndex), label: profileCodeLabel(section), block });
        case "callout":
          return add({ kind: "callout", key: key(blockIndex), label: block.title, block });
        case "links":
          return block.items.forEach((link, i) => add({ kind: "link", key: key(blockIndex, i), label: LINK_LABEL[link.type], link }));
        case "professions":
          return block.items.forEach((profession, i) => add({ kind: "profession", key: key(blockIndex, i), label: `Match ${i + 1}`, profession, rank: i + 1 }));
        case "sources":
          return add({ kind: "sources", key: key(blockIndex), label: "Sources and notices", block });
      }
    });
    return group;
  });
}

/** Every card of the report, in order. */
export const allCards = (groups: readonly FindingGroup[]) => groups.flatMap((group) => group.cards);
