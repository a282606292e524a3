import type { BlockContext } from "./block-context.ts";
import type { Box } from "./flow.ts";

export type CardLook = {
  fill: string;
  /** Outline colour and width; none when omitted. */
  stroke?: { color: string; width: number };
  /** A coloured bar down the left edge (callouts). */
  bar?: { color: string; width: number };
  padding: { x: number; y: number };
  radius: number;
};

/**
 * Rows drawn inside a rounded panel, as one box that is never split across pages. A card taller
 * than a page (only with extreme content) falls back to its rows flowing on their own, each with
 * the left bar beside it, so it still reads as one piece.
 */
export function card(ctx: BlockContext, rows: readonly Box[], look: CardLook, spaceBefore?: number): Box[] {
  const { doc, width, pageHeight } = ctx;
  const inner = rows.reduce((sum, row, k) => sum + row.height + (k > 0 ? (row.spaceBefore ?? 0) : 0), 0);
  const height = inner + 2 * look.padding.y;
  const inset = look.padding.x + (look.bar?.width ?? 0);
  // Taller than a page (only with extreme content), or opened by the flow: rows with the bar beside them.
  const loose: Box[] = rows.map((row, k) => ({
    ...row,
    spaceBefore: k === 0 ? spaceBefore : row.spaceBefore,
    draw: (at) => {
      const gap = k === 0 ? 0 : (row.spaceBefore ?? 0);
      if (look.bar) doc.rect(at.x, at.y - gap, look.bar.width, row.height + gap).fill(look.bar.color);
      row.draw({ ...at, x: at.x + inset });
    },
  }));
  if (height > pageHeight) return loose;
  return [
    {
      height,
      spaceBefore,
      parts: loose,
      draw: (at) => {
        paintPanel(doc, at.x, at.y, width, height, look);
        let y = at.y + look.padding.y;
        rows.forEach((row, k) => {
          if (k > 0) y += row.spaceBefore ?? 0;
          row.draw({ ...at, x: at.x + inset, y });
          y += row.height;
        });
      },
    },
  ];
}

/** Width left for a card's rows. */
export const innerWidth = (ctx: BlockContext, look: CardLook): number => ctx.width - 2 * look.padding.x - (look.bar?.width ?? 0);

function paintPanel(doc: PDFKit.PDFDocument, x: number, y: number, width: number, height: number, look: CardLook): void {
  doc.save();
  doc.roundedRect(x, y, width, height, look.radius).clip();
  doc.rect(x, y, width, height).fill(look.fill);
  if (look.bar) doc.rect(x, y, look.bar.width, height).fill(look.bar.color);
  doc.restore();
  if (look.stroke) {
    const half = look.stroke.width / 2;
    doc
      .roundedRect(x + half, y + half, width - look.stroke.width, height - look.stroke.width, look.radius)
      .lineWidth(look.stroke.width)
      .strokeColor(look.stroke.color)
      .stroke();
  }
}
