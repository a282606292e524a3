import type { ReportBlock, ReportBlockKind } from "#schemas/report/document.ts";
import type { BlockContext, BlockRenderer } from "./block-context.ts";
import { calloutBlock } from "./callout-block.ts";
import { withSpaceBefore, type Box } from "./flow.ts";
import { linksBlock } from "./links-block.ts";
import { professionsBlock } from "./professions-block.ts";
import { profileCodeBlock } from "./profile-code-block.ts";
import { scaleChartBlock, scaleDetailBlock } from "./scale-blocks.ts";
import { sourcesBlock } from "./sources-block.ts";
import { headingBlock, listBlock, paragraphBlock } from "./text-blocks.ts";
import { space } from "./theme.ts";

/** One renderer per block kind: a kind without one is a type error, not a blank space in a paid report. */
const renderers: { [K in ReportBlockKind]: BlockRenderer<K> } = {
  paragraph: paragraphBlock,
  heading: headingBlock,
  list: listBlock,
  scale_chart: scaleChartBlock,
  scale_detail: scaleDetailBlock,
  profile_code: profileCodeBlock,
  callout: calloutBlock,
  links: linksBlock,
  professions: professionsBlock,
  sources: sourcesBlock,
};

const TEXT: ReadonlySet<ReportBlockKind> = new Set(["paragraph", "list"]);

/** Space between two blocks: tight between running text, more around charts and panels, most above a heading. */
function gap(previous: ReportBlockKind | null, next: ReportBlockKind): number {
  if (previous === null) return 0;
  if (next === "heading") return space.heading;
  if (previous === "heading") return 6;
  if (TEXT.has(previous) && TEXT.has(next)) return space.paragraph;
  if (previous === next && (next === "callout" || next === "scale_detail")) return 10;
  return space.block;
}

export function blocksBoxes(blocks: readonly ReportBlock[], ctx: BlockContext): Box[] {
  let previous: ReportBlockKind | null = null;
  return blocks.flatMap((block) => {
    const render = renderers[block.kind] as BlockRenderer<ReportBlockKind>;
    const boxes = render(block, ctx);
    if (boxes.length === 0) return [];
    const spaced = withSpaceBefore(boxes, gap(previous, block.kind));
    previous = block.kind;
    return spaced;
  });
}
