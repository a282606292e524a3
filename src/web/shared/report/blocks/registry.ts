import { CalloutBlock } from "./CalloutBlock.tsx";
import { LinksBlock } from "./LinksBlock.tsx";
import { ProfessionsBlock } from "./ProfessionsBlock.tsx";
import { ProfileCodeBlock } from "./ProfileCodeBlock.tsx";
import { ScaleChartBlock } from "./ScaleChartBlock.tsx";
import { ScaleDetailBlock } from "./ScaleDetailBlock.tsx";
import { SourcesBlock } from "./SourcesBlock.tsx";
import { HeadingBlock, ListBlock, ParagraphBlock } from "./TextBlocks.tsx";
import type { BlockRenderers } from "./types.ts";

/** Exactly one renderer per block kind: a new kind in the document model without one is a type error. */
export const blockRenderers: BlockRenderers = {
  paragraph: ParagraphBlock,
  heading: HeadingBlock,
  list: ListBlock,
  scale_chart: ScaleChartBlock,
  scale_detail: ScaleDetailBlock,
  profile_code: ProfileCodeBlock,
  callout: CalloutBlock,
  links: LinksBlock,
  professions: ProfessionsBlock,
  sources: SourcesBlock,
};
