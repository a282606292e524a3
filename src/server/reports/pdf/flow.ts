/** Where a box landed: its top-left corner and the page (0-based) it is on. */
export type Placement = { x: number; y: number; page: number };

/**
 * The unit of page layout: something of known height drawn in one piece. Text is one box per line;
 * a scale row, a callout or a profession card is one box, so it is never split across pages.
 */
export type Box = {
  height: number;
  /** Space above the box; dropped at the top of a page. */
  spaceBefore?: number | undefined;
  /** Keep on the same page as the next box (headings, the first and next-to-last lines of a paragraph). */
  keepWithNext?: boolean | undefined;
  /** Start a new page unless already at the top of one. */
  breakBefore?: boolean | undefined;
  /** Room the box needs below its top on the page it starts; more than its height for a section title. */
  needs?: number | undefined;
  draw: (at: Placement) => void;
  /** What this box is made of, to place one by one when it cannot stay whole next to what it keeps with. */
  parts?: Box[] | undefined;
};

export type Frame = { x: number; width: number; top: number; bottom: number };

/**
 * Places boxes down the frame of successive pages. A run of boxes tied by `keepWithNext` moves to a
 * new page as a whole when it does not fit what is left of the current one (and does fit a page),
 * so a heading never ends a page.
 */
export class PageFlow {
  private y: number;
  page = 0;

  constructor(
    private readonly frame: Frame,
    private readonly newPage: () => void,
    startY = frame.top,
  ) {
    this.y = startY;
  }

  get pageHeight(): number {
    return this.frame.bottom - this.frame.top;
  }

  private get atTop(): boolean {
    return this.y <= this.frame.top;
  }

  private get room(): number {
    return this.frame.bottom - this.y;
  }

  private breakPage(): void {
    this.newPage();
    this.page += 1;
    this.y = this.frame.top;
  }

  /** Moves on to a new page if the flow is still on `page` (the body never starts on the cover). */
  leavePage(page: number): void {
    if (this.page === page) this.breakPage();
  }

  place(input: readonly Box[]): void {
    const boxes = [...input];
    let i = 0;
    while (i < boxes.length) {
      let j = i;
      while (j < boxes.length - 1 && boxes[j]!.keepWithNext) j += 1;
      const chain = boxes.slice(i, j + 1);
      const first = chain[0]!;
      if (first.breakBefore && !this.atTop) this.breakPage();
      const body = chain.reduce((sum, box, k) => sum + box.height + (k > 0 ? (box.spaceBefore ?? 0) : 0), 0);
      if (body <= this.pageHeight) {
        if (this.gapFor(first) + Math.max(body, first.needs ?? 0) > this.room && !this.atTop) this.breakPage();
        for (const box of chain) this.put(box, box.height);
      } else if (chain.some((box) => box.parts)) {
        // A heading kept with a group that fills a page: open the group so the heading keeps its first lines.
        const k = chain.findIndex((box) => box.parts);
        boxes.splice(i + k, 1, ...partsOf(chain[k]!));
        continue;
      } else {
        // Longer than a page: place box by box, each with the box after it when the two fit a page.
        chain.forEach((box, k) => {
          const next = chain[k + 1];
          const withNext = box.height + (next ? (next.spaceBefore ?? 0) + next.height : 0);
          this.put(box, Math.max(box.needs ?? 0, withNext <= this.pageHeight ? withNext : box.height));
        });
      }
      i = j + 1;
    }
  }

  private gapFor(box: Box): number {
    return this.atTop ? 0 : (box.spaceBefore ?? 0);
  }

  /** Draws the box, on a new page if `need` (its height, or more) does not fit below the cursor. */
  private put(box: Box, need: number): void {
    if (this.gapFor(box) + need > this.room && !this.atTop) this.breakPage();
    this.y += this.gapFor(box);
    box.draw({ x: this.frame.x, y: this.y, page: this.page });
    this.y += box.height;
  }
}

/** A group's parts, carrying the group's space above, page rules and tie to what follows. */
function partsOf(group: Box): Box[] {
  const parts = [...(group.parts ?? [group])];
  const first = parts[0]!;
  const last = parts.length - 1;
  parts[0] = { ...first, spaceBefore: group.spaceBefore, breakBefore: group.breakBefore, needs: group.needs };
  parts[last] = { ...parts[last]!, keepWithNext: group.keepWithNext };
  return parts;
}

/**
 * The boxes as one unbreakable box when they fit on a page (a scale row with its text, a card);
 * otherwise unchanged, to flow line by line.
 */
export function keepTogether(boxes: readonly Box[], pageHeight: number): Box[] {
  if (boxes.length <= 1) return [...boxes];
  const height = boxes.reduce((sum, box, k) => sum + box.height + (k > 0 ? (box.spaceBefore ?? 0) : 0), 0);
  if (height > pageHeight) return [...boxes];
  return [
    {
      height,
      spaceBefore: boxes[0]!.spaceBefore,
      breakBefore: boxes[0]!.breakBefore,
      needs: boxes[0]!.needs,
      keepWithNext: boxes.at(-1)!.keepWithNext,
      parts: [...boxes],
      draw: (at) => {
        let y = at.y;
        boxes.forEach((box, k) => {
          if (k > 0) y += box.spaceBefore ?? 0;
          box.draw({ ...at, y });
          y += box.height;
        });
      },
    },
  ];
}

/** Gives the first box of a block its space above. */
export function withSpaceBefore(boxes: Box[], spaceBefore: number): Box[] {
  if (boxes[0]) boxes[0] = { ...boxes[0], spaceBefore };
  return boxes;
}
