import { ReportView } from "../ReportView.tsx";
import type { ReportLayoutProps } from "./types.ts";

/** The document layout is ReportView itself: cover, contents beside it, numbered sections. */
export function DocumentLayout({ document, actions, titleLevel }: ReportLayoutProps) {
  return (
    <div className="report-layout" data-layout="document">
      <ReportView document={document} layout="full" actions={actions} titleLevel={titleLevel} />
    </div>
  );
}

/** The teaser is ReportView's teaser: the top area, every other section locked by its title. */
export function TeaserLayout({ document, actions, titleLevel }: ReportLayoutProps) {
  return <ReportView document={document} layout="teaser" actions={actions} titleLevel={titleLevel} />;
}
