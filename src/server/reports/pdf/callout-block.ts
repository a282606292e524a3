import type { ReportBlock } from "#schemas/report/document.ts";
import type { BlockRenderer } from "./block-context.ts";
import { card, innerWidth, type CardLook } from "./card.ts";
import type { Box } from "./flow.ts";
import { run, textBoxes } from "./text.ts";
import { colors, type } from "./theme.ts";

type Tone = Extract<ReportBlock, { kind: "callout" }>["tone"];

/**
 * Each tone has its own colour and its own word, so it reads without colour too. Strength, watch
 * and note are soft panels with a bar; help (where to find a doctor or crisis line) is outlined,
 * with a stronger bar, so it stands out on any page.
 */
const tones: Record<Tone, { label: string; accent: string; look: CardLook }> = {
  strength: {
    label: "Strength",
    accent: colors.primaryStrong,
    look: { fill: colors.tint, bar: { color: colors.primary, width: 4 }, padding: { x: 14, y: 12 }, radius: 8 },
  },
  watch: {
    label: "Watch out",
    accent: colors.watch,
    look: { fill: colors.watchSoft, bar: { color: "#b7862c", width: 4 }, padding: { x: 14, y: 12 }, radius: 8 },
  },
  note: { label: "Note", accent: colors.muted, look: { fill: colors.bg, bar: { color: colors.borderStrong, width: 4 }, padding: { x: 14, y: 12 }, radius: 8 } },
  help: {
    label: "Getting help",
    accent: colors.help,
    look: { fill: colors.helpSoft, stroke: { color: colors.help, width: 1.25 }, bar: { color: colors.help, width: 7 }, padding: { x: 16, y: 14 }, radius: 8 },
  },
};

export const calloutBlock: BlockRenderer<"callout"> = (block, ctx) => {
  const { doc } = ctx;
  const tone = tones[block.tone];
  const width = innerWidth(ctx, tone.look);
  const rows: Box[] = [
    ...textBoxes(doc, [run(tone.label.toUpperCase(), { ...type.eyebrow, color: tone.accent })], width),
    ...(block.title.trim() ? textBoxes(doc, [run(block.title, { ...type.bodyStrong, size: 11.5 })], width, { spaceBefore: 4 }) : []),
    ...(block.text.trim() ? textBoxes(doc, [run(block.text, type.body)], width, { spaceBefore: 2 }) : []),
  ];
  return card(ctx, rows, tone.look);
};
