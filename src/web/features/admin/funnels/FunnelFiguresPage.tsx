import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import type { FunnelReportView } from "#schemas/api/admin-funnels.ts";
import { addRefusals, describeRefusals } from "#schemas/api/checkout-refusals.ts";
import { ApiError } from "#web/shared/api/client.ts";
import { formatMoney } from "#web/shared/money/money.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { LoadFailed } from "#web/shared/ui/LoadFailed.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { flowsQueryOptions, funnelReportCsvUrl, funnelReportQueryOptions } from "./admin-funnels-query.ts";
import { ComparisonTable } from "./ComparisonTable.tsx";
import { formatCount, formatMoment, formatShare } from "./format.ts";
import { DeliveryTable } from "./DeliveryTable.tsx";
import { ExperimentVerdict } from "./ExperimentVerdict.tsx";
import { FollowUpTable } from "./FollowUpTable.tsx";
import { GroupTable } from "./GroupTable.tsx";
import { choiceSearch, readChoice, toRequest, type ReportChoice } from "./report-range.ts";
import { SamplePlanner } from "./SamplePlanner.tsx";
import { SpendTable } from "./SpendTable.tsx";
import { StepTable } from "./StepTable.tsx";
import { TrendChart } from "./TrendChart.tsx";
import "#web/shared/ui/forms.css";
import "./funnels.css";

/** The currency figures are written in when nothing was paid yet (no payment tells us one). */
const NO_PAYMENT_CURRENCY = "USD";

/**
 * /admin/funnels/:flowCode — one flow's live figures for a window of days, for everyone or split by a
 * variant or UTM value. The choice lives in the URL; the figures are asked for again on Refresh and
 * whenever the window regains focus.
 */
export function FunnelFiguresPage() {
  const code = useParams().flowCode ?? "";
  const [search, setSearch] = useSearchParams();
  const [today] = useState(() => new Date());
  const choice = readChoice(search, today);
  const request = toRequest(choice);
  const report = useQuery(funnelReportQueryOptions(code, request));
  const flow = useQuery(flowsQueryOptions()).data?.find((f) => f.code === code);
  const choose = (next: Partial<ReportChoice>) => setSearch(choiceSearch({ ...choice, ...next }), { replace: true });

  const title = report.data?.flow.title ?? flow?.title ?? code;
  const refused = report.error instanceof ApiError && [400, 404].includes(report.error.status) ? report.error : null;

  return (
    <section aria-labelledby="funnel-title" className="funnel-page">
      <title>{`${title} · Growth console · Pathwise`}</title>
      <p className="admin-crumbs">
        <Link to={paths.adminFunnels}>All funnels</Link> ·{" "}
        <Link to={`${paths.adminFunnelGraph(code)}?${choiceSearch({ ...choice, by: null })}`}>The funnel as its graph</Link>
      </p>
      <div className="admin-heading">
        <h1 id="funnel-title" className="admin-heading__title">
          {title}
        </h1>
        <button type="button" className="button button--secondary" onClick={() => void report.refetch()} disabled={report.isFetching}>
          {report.isFetching ? "Refreshing…" : "Refresh"}
        </button>
      </div>
      <p className="admin-lead">
        <code>{code}</code>
        {report.data ? ` · figures as of ${formatMoment(new Date(report.dataUpdatedAt).toISOString())}` : ""}
      </p>
      <ReportControls choice={choice} experiments={flow?.experiments.map((e) => e.id) ?? []} onChoose={choose} />
      {report.isPending ? (
        <PageLoading label="Counting the figures…" />
      ) : refused ? (
        <p className="message message--error" role="alert">
          {refused.status === 404 ? `There is no flow with the code “${code}”.` : `These figures cannot be counted: ${refused.message}.`}{" "}
          <Link to={paths.adminFunnels}>See every funnel</Link>.
        </p>
      ) : report.isError ? (
        <LoadFailed what="the figures" onRetry={() => void report.refetch()} />
      ) : (
        <>
          <Figures report={report.data} csv={funnelReportCsvUrl(code, request)} />
          <SamplePlanner code={code} window={{ since: request.since, until: request.until }} />
          <FollowUpTable code={code} />
        </>
      )}
    </section>
  );
}

type ControlsProps = { choice: ReportChoice; experiments: string[]; onChoose: (next: Partial<ReportChoice>) => void };

/** The UTM fields a segment can be chosen by (ADR 065). */
const SEGMENT_FIELDS = [
  { value: "utm_source", label: "UTM source" },
  { value: "utm_campaign", label: "UTM campaign" },
] as const;

/**
 * The window (two days, inclusive, UTC), the grouping, a second grouping inside it and a segment;
 * each change goes straight into the URL (the segment's value when it is applied).
 */
function ReportControls({ choice, experiments, onChoose }: ControlsProps) {
  const id = useId();
  const groupings = [
    ...experiments.map((e) => ({ value: `variant:${e}`, label: `Variant of ${e}` })),
    { value: "utm_source", label: "UTM source" },
    { value: "utm_campaign", label: "UTM campaign" },
    { value: "click_id", label: "Click id (fbclid / ttclid)" },
  ];
  // A grouping from a shared link whose experiment is not (or not yet) listed still shows as chosen.
  if (choice.by && !groupings.some((g) => g.value === choice.by)) groupings.unshift({ value: choice.by, label: choice.by });
  return (
    <form className="report-controls" aria-label="What to count" onSubmit={(event) => event.preventDefault()}>
      <div className="report-controls__field">
        <label htmlFor={`${id}-from`}>From (UTC)</label>
        <input
          id={`${id}-from`}
          type="date"
          value={choice.from}
          max={choice.to}
          required
          onChange={(e) => e.target.value && onChoose({ from: e.target.value })}
        />
      </div>
      <div className="report-controls__field">
        <label htmlFor={`${id}-to`}>To, inclusive</label>
        <input id={`${id}-to`} type="date" value={choice.to} min={choice.from} required onChange={(e) => e.target.value && onChoose({ to: e.target.value })} />
      </div>
      <div className="report-controls__field">
        <label htmlFor={`${id}-by`}>Group by</label>
        <select id={`${id}-by`} value={choice.by ?? ""} onChange={(e) => onChoose({ by: e.target.value || null })}>
          <option value="">Everyone together</option>
          {groupings.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </select>
      </div>
      <div className="report-controls__field">
        <label htmlFor={`${id}-then-by`}>Then by</label>
        <select
          id={`${id}-then-by`}
          value={choice.thenBy ?? ""}
          disabled={!choice.by}
          onChange={(e) => onChoose(e.target.value ? { thenBy: e.target.value } : { thenBy: undefined })}
        >
          <option value="">Nothing more</option>
          {groupings
            .filter((g) => g.value !== choice.by)
            .map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
        </select>
      </div>
      <SegmentControl segment={choice.segment} onChoose={(segment) => onChoose(segment ? { segment } : { segment: undefined })} />
    </form>
  );
}

/** Only the runs with one UTM value (e.g. UTM source is meta), applied with its button so typing asks for nothing yet. */
function SegmentControl({ segment, onChoose }: { segment: string | undefined; onChoose: (segment: string | null) => void }) {
  const id = useId();
  const at = segment?.indexOf(":") ?? -1;
  const [field, setField] = useState(at > 0 ? segment!.slice(0, at) : "utm_source");
  const [value, setValue] = useState(at > 0 ? segment!.slice(at + 1) : "");
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    onChoose(trimmed ? `${field}:${trimmed}` : null);
  };
  return (
    <fieldset className="report-controls__field report-controls__segment">
      <legend>Only runs whose</legend>
      <select aria-label="Segment field" value={field} onChange={(e) => setField(e.target.value)}>
        {SEGMENT_FIELDS.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-value`}>is</label>
      <input id={`${id}-value`} value={value} onChange={(e) => setValue(e.target.value)} spellCheck={false} />
      <button type="submit" className="button button--secondary" onClick={apply}>
        {value.trim() ? "Apply" : "Every run"}
      </button>
    </fieldset>
  );
}

function Figures({ report, csv }: { report: FunnelReportView; csv: string }) {
  const currency = report.currency ?? NO_PAYMENT_CURRENCY;
  const sum = (pick: (g: FunnelReportView["groups"][number]) => number) => report.groups.reduce((total, g) => total + pick(g), 0);
  const revenue = sum((g) => g.revenue);
  const figures: { label: string; value: string; rate?: string; why?: string }[] = [
    { label: "Visitors", value: formatCount(report.visitors) },
    {
      label: "Gave an e-mail",
      value: formatCount(sum((g) => g.email)),
      rate: formatShare(
        sum((g) => g.email),
        report.visitors,
      ),
    },
    {
      label: "Started a checkout",
      value: formatCount(sum((g) => g.checkout)),
      rate: formatShare(
        sum((g) => g.checkout),
        report.visitors,
      ),
    },
    {
      label: "Paid",
      value: formatCount(sum((g) => g.paid)),
      rate: formatShare(
        sum((g) => g.paid),
        report.visitors,
      ),
    },
    { label: "Payment declined", value: formatCount(sum((g) => g.declined)) },
    { label: "Checkout refused", value: formatCount(sum((g) => g.refused)), why: describeRefusals(addRefusals(report.groups.map((g) => g.refusals))) },
    { label: "Revenue, first charges", value: formatMoney(revenue, currency) },
    { label: "Revenue per visitor", value: formatMoney(report.visitors ? revenue / report.visitors : 0, currency) },
  ];
  return (
    <>
      <h2 id="headline-title" className="visually-hidden">
        Headline figures
      </h2>
      <dl className="headline" aria-labelledby="headline-title">
        {figures.map((f) => (
          <div key={f.label} className="headline__figure">
            <dt>{f.label}</dt>
            <dd>
              {f.value}
              {f.rate ? <span className="headline__rate">{f.rate} of visitors</span> : null}
              {f.why ? <span className="headline__rate">{f.why}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="report-download">
        <a href={csv} download>
          Download these figures as CSV
        </a>
      </p>
      {report.notes.length > 0 ? (
        <div className="message report-notes">
          {report.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      ) : null}
      <h2 className="report-section">Day by day</h2>
      <TrendChart report={report} currency={currency} />
      <h2 className="report-section">Steps</h2>
      <p className="admin-note">
        “Left here” counts runs that went no further for no reason we know of; declined payments and checkouts the app refused are counted apart, each refusal
        with the checkout’s reason.
      </p>
      <StepTable report={report} />
      <ExperimentVerdict report={report} />
      <h2 className="report-section">
        {report.groupedBy ? `By ${report.groupedBy}` : "Conversions"}
        {report.segment ? `, only runs with ${report.segment}` : ""}
      </h2>
      <GroupTable report={report} currency={currency} />
      {report.groups.some((g) => g.spend) ? (
        <>
          <h2 className="report-section">Ad spend</h2>
          <SpendTable report={report} />
        </>
      ) : null}
      {report.comparisons.length > 0 ? <ComparisonTable report={report} currency={currency} /> : null}
      <h2 className="report-section">Counted and delivered</h2>
      <DeliveryTable report={report} />
    </>
  );
}
