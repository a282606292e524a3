import type { FlowListing } from "#schemas/api/admin-funnels.ts";
import { formatMoment } from "./format.ts";

const HOW: Record<FlowListing["wentLive"][number]["how"], string> = {
  deploy: "Deployed (the app started with a changed file)",
  publish: "Published (npm run flows:publish)",
};

/** Every version of a flow that went live, newest first, with when and how (ADR 066). */
export function WentLiveTable({ flow }: { flow: FlowListing }) {
  const captionId = `went-live-${flow.code}`;
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table">
        <caption id={captionId}>When each version of {flow.title} went live</caption>
        <thead>
          <tr>
            <th scope="col">Hash</th>
            <th scope="col">Went live</th>
            <th scope="col">How</th>
          </tr>
        </thead>
        <tbody>
          {flow.wentLive.map((v, i) => (
            <tr key={`${v.hash}-${v.at}`}>
              <th scope="row">
                <code title={v.hash}>{v.hash.slice(0, 12)}</code>
                {i === 0 ? " (live)" : ""}
              </th>
              <td>{formatMoment(v.at)}</td>
              <td>{HOW[v.how]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
