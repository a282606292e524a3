import type { BlockRenderer } from "./block-context.ts";
import { keepTogether, type Box } from "./flow.ts";
import { drawLine, layoutText, run, textBoxes } from "./text.ts";
import { colors, type } from "./theme.ts";

const INDENT = 22;
const textStyle = { ...type.body, size: 10, leading: 14.5 };

/** A numbered list of sources and notices, each address written out and clickable. */
export const sourcesBlock: BlockRenderer<"sources"> = (block, ctx) => {
  const { doc, width } = ctx;
  return block.items.flatMap((item, index) => {
    const url = item.url ? ctx.link(item.url) : undefined;
    const lines: Box[] = [
      ...(item.text.trim() || !item.url ? textBoxes(doc, [run(item.text, textStyle)], width, { indent: INDENT }) : []),
      ...(item.url
        ? textBoxes(doc, [run(url ?? item.url, { ...type.small, color: colors.primary, ...(url ? { link: url } : {}) })], width, {
            indent: INDENT,
            spaceBefore: 1,
          })
        : []),
    ];
    const first = lines[0]!;
    lines[0] = {
      ...first,
      draw: (at) => {
        const number = layoutText(doc, [run(`${index + 1}.`, { ...textStyle, font: "sans-semibold", color: colors.primaryStrong })], INDENT - 6);
        drawLine(doc, number.lines[0]!, at.x, at.y, INDENT - 6, "right");
        first.draw(at);
      },
    };
    return keepTogether(lines, ctx.pageHeight).map((box, k) => (k === 0 ? { ...box, spaceBefore: index === 0 ? 0 : 8 } : box));
  });
};
