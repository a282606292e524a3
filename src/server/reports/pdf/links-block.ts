import type { BlockRenderer } from "./block-context.ts";
import { keepTogether, type Box } from "./flow.ts";
import { drawText, layoutText, run, textBoxes } from "./text.ts";
import { colors, type } from "./theme.ts";

const LABEL = 78;

const labels = { plan: "Plan", article: "Article", tool: "Tool", profession: "Profession", page: "Page" } as const;

/** Next steps into the account: kind, linked title, what it is, and the address for a printed copy. */
export const linksBlock: BlockRenderer<"links"> = (block, ctx) => {
  const { doc, width } = ctx;
  return block.items.flatMap((item, index) => {
    const url = ctx.link(item.href);
    const titleStyle = url ? { ...type.link, link: url } : type.bodyStrong;
    const label = layoutText(doc, [run(labels[item.type].toUpperCase(), type.eyebrow)], LABEL - 8);
    const lines: Box[] = [
      ...textBoxes(doc, [run(item.title, titleStyle)], width, { indent: LABEL }),
      ...(item.text.trim() ? textBoxes(doc, [run(item.text, type.small)], width, { indent: LABEL, spaceBefore: 2 }) : []),
      ...(url ? textBoxes(doc, [run(url, { ...type.footer, link: url })], width, { indent: LABEL, spaceBefore: 2 }) : []),
    ];
    const first = lines[0]!;
    lines[0] = {
      ...first,
      draw: (at) => {
        if (index > 0)
          doc
            .moveTo(at.x, at.y - 7)
            .lineTo(at.x + width, at.y - 7)
            .lineWidth(0.5)
            .strokeColor(colors.border)
            .stroke();
        drawText(doc, label, at.x, at.y + (first.height - label.height) / 2);
        first.draw(at);
      },
    };
    return keepTogether(lines, ctx.pageHeight).map((box, k) => (k === 0 ? { ...box, spaceBefore: index === 0 ? 0 : 14 } : box));
  });
};
