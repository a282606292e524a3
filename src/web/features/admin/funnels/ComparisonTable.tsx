import type { FunnelReportView } from "#schemas/api/admin-funnels.ts";
import { formatMoney } from "#web/shared/money/money.ts";
import { fixedSampleNote, testVerdict } from "#schemas/api/funnel-verdict.ts";
import { ScrollTable } from "./ScrollTable.tsx";

type Test = FunnelReportView["comparisons"][number]["paid"];

/**
 * Each group against the control (the experiment's first variant, otherwise the largest group):
 * the difference and the two-sided p-value, or "too few to conclude" when the samples do not meet the test's condition.
 */
export function ComparisonTable({ report, currency }: { report: FunnelReportView; currency: string }) {
  const control = report.comparisons[0]?.against;
  if (!control) return null;
  const points = (d: number) => `${d > 0 ? "+" : d < 0 ? "−" : ""}${Math.abs(d * 100).toFixed(1)} points`;
  // The revenue test compares first charges in major units (src/server/analytics/funnel-report.ts).
  const money = (d: number) => `${d > 0 ? "+" : ""}${formatMoney(d * 100, currency)}`;
  const first = report.comparisons[0]!;
  return (
    <>
      <ScrollTable id="tests-caption" caption={caption(report, control)}>
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col">E-mail rate</th>
            <th scope="col">Paid rate</th>
            <th scope="col">Revenue per visitor</th>
          </tr>
        </thead>
        <tbody>
          {report.comparisons.map((c) => (
            <tr key={c.group}>
              <th scope="row">
                {c.group}
                <span className="admin-table__sub">against {c.against}</span>
              </th>
              <TestCell test={c.email} difference={points(c.email.difference)} />
              <TestCell test={c.paid} difference={points(c.paid.difference)} />
              <TestCell test={c.revenuePerVisitor} difference={money(c.revenuePerVisitor.difference)} />
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {/* What each verdict rests on, in words (the cells' hover says it too). */}
      <p className="admin-table__note">
        Rates: {first.paid.test}, trusted with {first.paid.condition}. Revenue per visitor: {first.revenuePerVisitor.test}, trusted with{" "}
        {first.revenuePerVisitor.condition}. Below that a cell says “too few to conclude” and shows no p-value: it is not a result yet.{" "}
        {fixedSampleNote(report.experiment !== null)}
      </p>
    </>
  );
}

/** One control for every row; in a two-dimension cut each row names its own (the first group of its cut, ADR 065). */
const caption = (report: FunnelReportView, control: string) =>
  report.comparisons.every((c) => c.against === control)
    ? `Significance tests against the control, ${control}`
    : "Significance tests, each group against the first group of its cut";

function TestCell({ test, difference }: { test: Test; difference: string }) {
  const verdict = testVerdict(test);
  return (
    <td>
      {difference}
      <span className="admin-table__sub" title={`${test.test}: ${test.condition}`}>
        {verdict}
      </span>
    </td>
  );
}
