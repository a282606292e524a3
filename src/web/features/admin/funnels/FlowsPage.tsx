import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import type { FlowListing } from "#schemas/api/admin-funnels.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { LoadFailed } from "#web/shared/ui/LoadFailed.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { flowsQueryOptions } from "./admin-funnels-query.ts";
import { formatCount, formatMoment, formatShare } from "./format.ts";
import { WentLiveTable } from "./WentLiveTable.tsx";
import "./funnels.css";

/** /admin/funnels: every flow, what is live, how its runs split, and the ways into its figures and previews. */
export function FlowsPage() {
  const flows = useQuery(flowsQueryOptions());

  return (
    <section aria-labelledby="flows-title">
      <title>Funnels · Growth console · Pathwise</title>
      <div className="admin-heading">
        <h1 id="flows-title" className="admin-heading__title">
          Funnels
        </h1>
        <button type="button" className="button button--secondary" onClick={() => void flows.refetch()} disabled={flows.isFetching}>
          {flows.isFetching ? "Refreshing…" : "Refresh"}
        </button>
      </div>
      <p className="admin-lead">
        Every flow the app serves, the version now live and how its experiments split visitors. Runs per variant count the last 30 days.
      </p>
      {flows.isPending ? (
        <PageLoading label="Loading the funnels…" />
      ) : flows.isError ? (
        <LoadFailed what="the funnels" onRetry={() => void flows.refetch()} />
      ) : (
        <ul className="flow-list">
          {flows.data.map((flow) => (
            <li key={flow.code}>
              <FlowCard flow={flow} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FlowCard({ flow }: { flow: FlowListing }) {
  const titleId = `flow-${flow.code}`;
  const first = flow.steps[0];
  const runs = flow.versions.reduce((sum, v) => sum + v.runs, 0);
  return (
    <article className="flow-card" aria-labelledby={titleId}>
      <header className="flow-card__head">
        <h2 id={titleId} className="flow-card__title">
          {flow.title}
        </h2>
        <p className="flow-card__code">
          <code>{flow.code}</code> · topic <code>{flow.topic}</code>
        </p>
      </header>
      <dl className="flow-facts">
        <div>
          <dt>Starts at</dt>
          <dd>
            <a href={flow.start}>{flow.start}</a>
          </dd>
        </div>
        <div>
          <dt>Live version</dt>
          <dd>
            {flow.version} · <code title={flow.hash}>{flow.hash.slice(0, 12)}</code>
          </dd>
        </div>
        <div>
          <dt>Live since</dt>
          <dd>{flow.liveSince ? formatMoment(flow.liveSince) : "No run of this version yet"}</dd>
        </div>
        <div>
          <dt>Runs, all versions</dt>
          <dd>{formatCount(runs)}</dd>
        </div>
      </dl>
      <div className="flow-card__actions">
        <Link className="button button--primary" to={paths.adminFunnel(flow.code)}>
          Figures for {flow.title}
        </Link>
        <Link className="button button--secondary" to={paths.adminFunnelGraph(flow.code)}>
          Graph of {flow.title}
        </Link>
        {first ? (
          <Link className="button button--secondary" to={paths.adminStepPreview(flow.code, first.id)}>
            Preview the first step
          </Link>
        ) : null}
        <Link className="button button--secondary" to={paths.adminReportPreview(flow.report)}>
          Preview the report ({flow.report})
        </Link>
      </div>
      {flow.wentLive.length > 0 ? <WentLiveTable flow={flow} /> : null}
      {flow.versions.length > 0 ? <VersionTable flow={flow} /> : <p className="admin-note">No visitor has started this flow yet.</p>}
      {flow.experiments.length > 0 ? <Experiments flow={flow} /> : <p className="admin-note">No experiments in this flow.</p>}
    </article>
  );
}

function VersionTable({ flow }: { flow: FlowListing }) {
  const captionId = `versions-${flow.code}`;
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table">
        <caption id={captionId}>Versions of {flow.title}</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Hash</th>
            <th scope="col" className="num">
              Runs
            </th>
            <th scope="col">First run</th>
            <th scope="col">Last run</th>
          </tr>
        </thead>
        <tbody>
          {flow.versions.map((v) => (
            <tr key={`${v.version}-${v.hash}`}>
              <th scope="row">
                {v.version}
                {v.hash === flow.hash ? " (live)" : ""}
              </th>
              <td>
                <code title={v.hash}>{v.hash.slice(0, 12)}</code>
              </td>
              <td className="num">{formatCount(v.runs)}</td>
              <td>{formatMoment(v.firstRun)}</td>
              <td>{formatMoment(v.lastRun)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Experiments({ flow }: { flow: FlowListing }) {
  const titleOf = (id: string) => flow.steps.find((s) => s.id === id)?.title ?? id;
  return (
    <div className="flow-experiments">
      <h3 className="flow-experiments__title">Experiments</h3>
      {flow.experiments.map((experiment) => {
        const total = experiment.variants.reduce((sum, v) => sum + v.weight, 0);
        // Where the experiment shows: the first step any of its variants changes (the first step when none does).
        const changed = new Set(experiment.variants.flatMap((v) => v.changes));
        const shown = flow.steps.find((s) => changed.has(s.id)) ?? flow.steps[0];
        const captionId = `experiment-${flow.code}-${experiment.id}`;
        return (
          <div key={experiment.id} className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
            <table className="admin-table">
              <caption id={captionId}>
                Experiment <code>{experiment.id}</code>
              </caption>
              <thead>
                <tr>
                  <th scope="col">Variant</th>
                  <th scope="col" className="num">
                    Split
                  </th>
                  <th scope="col" className="num">
                    Runs, 30 days
                  </th>
                  <th scope="col">Preview{shown ? ` of “${titleOf(shown.id)}”` : ""}</th>
                </tr>
              </thead>
              <tbody>
                {experiment.variants.map((variant) => (
                  <tr key={variant.id}>
                    <th scope="row">
                      <code>{variant.id}</code>
                    </th>
                    <td className="num">{formatShare(variant.weight, total)}</td>
                    <td className="num">{formatCount(variant.runs)}</td>
                    <td>
                      {shown ? (
                        <Link to={paths.adminStepPreview(flow.code, shown.id, { [experiment.id]: variant.id })}>
                          In variant {variant.id}
                          {variant.changes.length === 0 ? " (as declared)" : ""}
                        </Link>
                      ) : (
                        "–"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </div>
  );
}
