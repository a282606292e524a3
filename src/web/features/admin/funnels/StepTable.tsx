import type { FunnelReportView } from "#schemas/api/admin-funnels.ts";
import { describeRefusals } from "#schemas/api/checkout-refusals.ts";
import { formatCount, formatSeconds, formatShare } from "./format.ts";
import { ScrollTable } from "./ScrollTable.tsx";

/** Per step, in the flow's order: who saw it, answered it, and where runs ended (left, declined, refused kept apart). */
export function StepTable({ report }: { report: FunnelReportView }) {
  const first = report.steps[0]?.saw ?? 0;
  return (
    <ScrollTable id="steps-caption" caption="Steps, in the flow’s order">
      <thead>
        <tr>
          <th scope="col">Step</th>
          <th scope="col" className="num">
            Saw
          </th>
          <th scope="col" className="num">
            Answered
          </th>
          <th scope="col" className="num">
            Left here
          </th>
          <th scope="col" className="num">
            Declined here
          </th>
          <th scope="col" className="num">
            Refused here
          </th>
          <th scope="col" className="num">
            Median time
          </th>
        </tr>
      </thead>
      <tbody>
        {report.steps.map((step) => (
          <tr key={step.id}>
            <th scope="row">
              {step.title}
              <span className="admin-table__sub">
                {step.id} · {step.kind}
              </span>
            </th>
            <td className="num">
              {formatCount(step.saw)}
              <span className="admin-table__sub">{formatShare(step.saw, first)}</span>
            </td>
            <td className="num">{formatCount(step.answered)}</td>
            <td className="num">{formatCount(step.droppedOff)}</td>
            <td className="num">{formatCount(step.declined)}</td>
            <td className="num">
              {formatCount(step.refused)}
              {step.refusals.length > 0 && <span className="admin-table__sub">{describeRefusals(step.refusals)}</span>}
            </td>
            <td className="num">{formatSeconds(step.medianSeconds)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
