import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useParams } from "react-router-dom";
import type { ReportTemplateSummary } from "#schemas/api/admin-previews.ts";
import { ApiError } from "#web/shared/api/client.ts";
import { ReportView } from "#web/shared/report/ReportView.tsx";
import { paths } from "#web/shared/routing/paths.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { useFocusHeading } from "#web/shared/ui/use-focus-heading.ts";
import { PreviewBanner } from "./PreviewBanner.tsx";
import { PreviewProblem } from "./PreviewProblem.tsx";
import { reportPreviewQueryOptions, reportTemplateQueryOptions, reportTemplatesQueryOptions } from "./preview-api.ts";
import { ScoreInputs } from "./ScoreInputs.tsx";
import "#web/shared/ui/forms.css";
import "./preview.css";

const backToFunnels = { to: paths.adminFunnels, label: "Back to the funnels" };

/** The value, once it has stopped changing for `ms` (a slider being dragged asks for one report, not fifty). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * `/admin/reports/:reportCode`: a report template's report, built on the server by the engine
 * customers' reports come from and drawn by the same ReportView, for the template's example
 * profile or for scores the staff member chooses (one per scale), as the paid report or the teaser.
 * Marked as a preview; nothing is stored.
 */
export function ReportPreviewPage() {
  const { reportCode = "" } = useParams();
  const template = useQuery(reportTemplateQueryOptions(reportCode));
  const missing = template.error instanceof ApiError && (template.error.status === 404 || template.error.status === 400);
  const templates = useQuery({ ...reportTemplatesQueryOptions(), enabled: missing });

  if (missing)
    return (
      <PreviewProblem
        title="There is no such report template"
        text={`No report template has the code “${reportCode}”. A template is content/reports/<code>/report.yaml, used by a flow whose report is that code.`}
        links={[...(templates.data ?? []).map((t) => ({ to: paths.adminReportPreview(t.code), label: `${t.title} (${t.code})` })), backToFunnels]}
      />
    );
  if (template.error)
    return (
      <PreviewProblem
        title="This template could not be loaded"
        text={template.error.message}
        links={[{ to: paths.adminReportPreview(reportCode), label: "Try again" }, backToFunnels]}
      />
    );
  if (!template.data) return <PageLoading label="Loading the report template…" />;
  return <TemplatePreview key={template.data.code} template={template.data} />;
}

const atExample = (template: ReportTemplateSummary) => Object.fromEntries(template.scales.map((s) => [s.id, s.example]));

function TemplatePreview({ template }: { template: ReportTemplateSummary }) {
  const ids = useId();
  const heading = useFocusHeading<HTMLHeadingElement>();
  const [positions, setPositions] = useState(() => atExample(template));
  const [layout, setLayout] = useState<"full" | "teaser">("full");
  const example = template.scales.every((s) => positions[s.id] === s.example);
  const settled = useSettled(example ? null : positions, 250);
  const report = useQuery(reportPreviewQueryOptions(template.code, { layout, ...(settled ? { positions: settled } : {}) }));
  const busy = report.isFetching;

  return (
    <div className="report-preview">
      <title>{`Preview: ${template.title} · Growth console · Pathwise`}</title>
      <header>
        <h1 className="report-preview__title" tabIndex={-1} ref={heading}>
          Report template: {template.title}
        </h1>
        <p className="report-preview__lead">
          <code>content/reports/{template.code}/report.yaml</code>, filled by the {template.flowCode} flow’s scores. Move a score to see what the report says
          for it.
        </p>
      </header>
      <PreviewBanner>
        {example ? "The report for the template’s example profile" : "The report for the scores you chose"}, built by the same engine and shown as customers see
        it. Nothing is stored and no one is e-mailed.
      </PreviewBanner>
      <div className="report-preview__layout">
        <form className="report-preview__scores" aria-label="Scores to preview" onSubmit={(e) => e.preventDefault()}>
          <fieldset>
            <legend>Show</legend>
            {(
              [
                ["full", "The paid report"],
                ["teaser", "The teaser before payment"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="report-preview__choice">
                <input type="radio" name={`${ids}-layout`} value={value} checked={layout === value} onChange={() => setLayout(value)} /> {label}
              </label>
            ))}
          </fieldset>
          <ScoreInputs scales={template.scales} positions={positions} onChange={(id, position) => setPositions((p) => ({ ...p, [id]: position }))} />
          <button type="button" className="button button--secondary" disabled={example} onClick={() => setPositions(atExample(template))}>
            Back to the example profile
          </button>
          {/* On a phone the report is below the scores: a way to it after changing one. */}
          <a className="report-preview__jump" href="#preview-report">
            See the report
          </a>
          <p className="report-preview__status" role="status">
            {report.isError ? `The report could not be built: ${report.error.message}` : busy ? "Building the report…" : ""}
          </p>
        </form>
        <div className="report-preview__report" id="preview-report" tabIndex={-1} aria-busy={busy}>
          {report.data ? (
            <ReportView document={report.data.document} layout={report.data.layout} titleLevel={2} />
          ) : (
            !report.isError && <PageLoading label="Building the report…" />
          )}
        </div>
      </div>
    </div>
  );
}
