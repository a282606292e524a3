import type { ComponentType } from "react";
import type { ReportLayout } from "#schemas/report/layout-ids.ts";
import { AccordionLayout } from "./AccordionLayout.tsx";
import { BingoFaceDownLayout, BingoLayout } from "./BingoLayout.tsx";
import { DocumentLayout, TeaserLayout } from "./DocumentLayouts.tsx";
import { EarlyLayout } from "./EarlyLayout.tsx";
import { GuidedLayout } from "./GuidedLayout.tsx";
import { HighlightsLayout } from "./HighlightsLayout.tsx";
import { ReadingLayout } from "./ReadingLayout.tsx";
import { SplitLayout } from "./SplitLayout.tsx";
import { TabsLayout } from "./TabsLayout.tsx";
import type { ReportLayoutProps } from "./types.ts";
// After every layout's own sheet, so that printing wins over what each shows on screen.
import "./print.css";

/** Exactly one renderer per layout id of schemas/report/layout-ids.ts: a new id without one is a type error. */
export const reportLayouts: Record<ReportLayout, ComponentType<ReportLayoutProps>> = {
  document: DocumentLayout,
  accordion: AccordionLayout,
  tabs: TabsLayout,
  guided: GuidedLayout,
  split: SplitLayout,
  highlights: HighlightsLayout,
  bingo: BingoLayout,
  "bingo-v2": BingoFaceDownLayout,
  reading: ReadingLayout,
  teaser: TeaserLayout,
  early: EarlyLayout,
};
