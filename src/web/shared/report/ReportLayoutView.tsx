import type { ReportLayout } from "#schemas/report/layout-ids.ts";
import { reportLayouts } from "./layouts/registry.ts";
import type { ReportLayoutProps } from "./layouts/types.ts";

export type ReportLayoutViewProps = ReportLayoutProps & { layout: ReportLayout };

/** A report document in the layout the page picked (a flow's result step, or an experiment's variant). */
export function ReportLayoutView({ layout, ...props }: ReportLayoutViewProps) {
  const Layout = reportLayouts[layout];
  return <Layout {...props} />;
}
