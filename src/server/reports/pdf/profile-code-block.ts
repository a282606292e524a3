import type { BlockRenderer } from "./block-context.ts";
import { keepTogether, type Box } from "./flow.ts";
import { drawText, layoutText, run, textBoxes } from "./text.ts";
import { colors, type } from "./theme.ts";

const GAP = 12;
const PAD = 12;
const PER_ROW = 4;
const letterStyle = { font: "serif-semibold", size: 40, leading: 48, color: colors.primaryStrong } as const;

/** The code's letters large, each on a tile with its area's name and level; ties said below. */
export const profileCodeBlock: BlockRenderer<"profile_code"> = (block, ctx) => {
  const { doc, width } = ctx;
  const letters = block.letters.length > 0 ? block.letters : Array.from(block.code).map((letter) => ({ letter, name: "", percent: null }));
  const perRow = Math.max(1, Math.min(PER_ROW, letters.length));
  const tileWidth = Math.min(150, (width - (perRow - 1) * GAP) / perRow);

  const rows: Box[] = [];
  for (let start = 0; start < letters.length; start += perRow) {
    const tiles = letters.slice(start, start + perRow).map((l) => ({
      letter: layoutText(doc, [run(l.letter, letterStyle)], tileWidth - 2 * PAD),
      text: layoutText(doc, [run(l.name, type.bodyStrong), ...(l.percent === null ? [] : [run(`\n${l.percent}%`, type.small)])], tileWidth - 2 * PAD),
    }));
    const height = 2 * PAD + Math.max(...tiles.map((t) => t.letter.height + 4 + t.text.height));
    rows.push({
      height,
      spaceBefore: start === 0 ? 0 : GAP,
      draw: ({ x, y }) =>
        tiles.forEach((tile, i) => {
          const left = x + i * (tileWidth + GAP);
          doc.roundedRect(left, y, tileWidth, height, 10).fill(colors.primarySoft);
          drawText(doc, tile.letter, left + PAD, y + PAD, "center");
          drawText(doc, tile.text, left + PAD, y + PAD + tile.letter.height + 4, "center");
        }),
    });
  }
  const code = !block.code.trim()
    ? []
    : textBoxes(doc, [run("Interest code ", type.small), run(block.code, { ...type.smallStrong, tracking: 1 })], width, { spaceBefore: 10 });
  const ties = block.ties?.trim() ? textBoxes(doc, [run("About ties: ", type.smallStrong), run(block.ties, type.small)], width, { spaceBefore: 6 }) : [];
  return keepTogether([...rows, ...code, ...ties], ctx.pageHeight);
};
