import type { ReportSection } from "#schemas/report/document.ts";
import type { BlockContext } from "./block-context.ts";
import { blocksBoxes } from "./blocks.ts";
import type { Box, Placement } from "./flow.ts";
import { drawText, layoutText, run } from "./text.ts";
import { colors, space, type } from "./theme.ts";

export const destinationOf = (index: number): string => `section-${index + 1}`;

/**
 * A section: its title (an accent bar, then the title in the serif), kept with what follows and
 * never started near the foot of a page, then its blocks. The title is also a bookmark and a named
 * destination for the contents on the cover. A section with nothing to show gives no boxes.
 */
export function sectionBoxes(section: ReportSection, index: number, ctx: BlockContext, onPlaced: (at: Placement) => void): Box[] {
  const { doc, width } = ctx;
  const title = layoutText(doc, [run(section.title, type.sectionTitle)], width);
  const header: Box = {
    height: 14 + title.height + 14,
    spaceBefore: space.section,
    keepWithNext: true,
    needs: 14 + title.height + space.sectionKeep,
    draw: (at) => {
      doc.rect(at.x, at.y, 32, 3.5).fill(colors.highlight);
      drawText(doc, title, at.x, at.y + 14);
      doc.addNamedDestination(destinationOf(index), "XYZ", at.x, at.y, null);
      doc.outline.addItem(section.title);
      onPlaced(at);
    },
  };
  const blocks = blocksBoxes(section.blocks, ctx);
  return blocks.length > 0 ? [header, ...blocks] : [];
}
