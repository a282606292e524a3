import type { ReactNode } from "react";
import type { ReportDocument } from "#schemas/report/document.ts";

/** What every report layout gets from the page around it. */
export type ReportLayoutProps = {
  document: ReportDocument;
  /** Buttons for the page around the report (PDF downloads, unlock): on the cover, or where the layout sees fit. */
  actions?: ReactNode;
  /** 2 when the page already has its h1 (a funnel step): the report's title is then an h2 and its sections h3. */
  titleLevel?: 1 | 2;
  /** Section id → the sentence the pre-checkout promised for that section ("early" says it on the locked section). */
  promises?: Readonly<Record<string, string>>;
};
