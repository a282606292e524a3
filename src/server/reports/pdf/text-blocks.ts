import type { BlockRenderer } from "./block-context.ts";
import type { Box } from "./flow.ts";
import { drawLine, layoutText, run, textBoxes } from "./text.ts";
import { colors, type } from "./theme.ts";

export const paragraphBlock: BlockRenderer<"paragraph"> = (block, { doc, width }) => textBoxes(doc, [run(block.text, type.body)], width);

/** A heading inside a section: kept with the first lines of what follows it. */
export const headingBlock: BlockRenderer<"heading"> = (block, { doc, width }) =>
  textBoxes(doc, [run(block.text, type.heading)], width).map((box) => ({ ...box, keepWithNext: true }));

const INDENT = 18;

/** Bullets or numbers in the brand colour, hanging to the left of the item's text. */
export const listBlock: BlockRenderer<"list"> = (block, { doc, width }) => {
  const numberStyle = { ...type.bodyStrong, color: colors.primaryStrong };
  const markers = block.items.map((_, i) => layoutText(doc, [run(`${i + 1}.`, numberStyle)], width));
  const indent = block.style === "bullets" ? INDENT : Math.max(INDENT, ...markers.map((m) => (m.lines[0]?.width ?? 0) + 6));
  return block.items.flatMap((item, index): Box[] => {
    const lines = textBoxes(doc, [run(item, type.body)], width, { indent, spaceBefore: index === 0 ? 0 : 5 });
    const first = lines[0];
    if (!first) return [];
    lines[0] = {
      ...first,
      draw: (at) => {
        first.draw(at);
        if (block.style === "bullets") doc.circle(at.x + 5, at.y + first.height / 2 + 0.8, 2).fill(colors.primary);
        else drawLine(doc, markers[index]!.lines[0]!, at.x, at.y, indent - 6, "right");
      },
    };
    return lines;
  });
};
