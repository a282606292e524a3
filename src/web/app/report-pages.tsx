import { ExampleReportPage } from "../features/account/reports/ExampleReportPage.tsx";
import { ReportPage } from "../features/account/reports/ReportPage.tsx";
import { ReportView } from "../features/report/ReportView.tsx";

/*
 * The account's report pages render reports with the report feature's ReportView. Features do not
 * import each other, so the app composes the two here (loaded lazily, like every page).
 */
export const AccountReportPage = () => <ReportPage Report={ReportView} />;

export const AccountExampleReportPage = () => <ExampleReportPage Report={ReportView} />;
