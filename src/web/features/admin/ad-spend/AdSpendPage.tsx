import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { AD_SPEND_COLUMNS, AD_SPEND_LIMITS, type AdSpendImported } from "#schemas/api/admin-ad-spend.ts";
import { currencies } from "#schemas/content/currencies.ts";
import { ApiError } from "#web/shared/api/client.ts";
import { formatMoney } from "#web/shared/money/money.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { LoadFailed } from "#web/shared/ui/LoadFailed.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { formatCount, formatDay, formatMoment } from "../funnels/format.ts";
import { ScrollTable } from "../funnels/ScrollTable.tsx";
import { adSpendQueryOptions, importAdSpend } from "./ad-spend-query.ts";
import "#web/shared/ui/forms.css";
import "../funnels/funnels.css";
import "./ad-spend.css";

const EXAMPLE = [AD_SPEND_COLUMNS.join(","), "2026-11-01,facebook,burnout-nov,USD,412.50", "2026-11-01,tiktok,burnout-nov,EUR,120"].join("\n");

/** A file too big to send: refused here with the server's own limit, before it is read. */
const TOO_BIG = `This file is larger than one import takes (${formatCount(AD_SPEND_LIMITS.characters)} characters): split it by month and import each part.`;

/**
 * /admin/ad-spend — what the ads cost, imported as a CSV (ADR 059): the format, the import (every
 * row or none; a day of a source and campaign imported again is replaced) and the spend stored.
 */
export function AdSpendPage() {
  const stored = useQuery(adSpendQueryOptions());
  const queryClient = useQueryClient();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      if (chosen.size > AD_SPEND_LIMITS.characters * 4) throw new ApiError(413, "csv_too_large", TOO_BIG);
      return importAdSpend(await chosen.text());
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adSpendQueryOptions().queryKey }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) upload.mutate(file);
  };

  return (
    <section aria-labelledby="ad-spend-title">
      <title>Ad spend · Growth console · Pathwise</title>
      <h1 id="ad-spend-title" className="admin-heading__title">
        Ad spend
      </h1>
      <p className="admin-lead">
        What the ads cost, per day, source and campaign. With it, a funnel’s figures grouped by UTM source or campaign show the spend, cost per lead, cost per
        sale and return on ad spend beside the revenue. <Link to={paths.adminFunnels}>Open a funnel’s figures</Link>.
      </p>

      <h2 className="report-section">The file</h2>
      <p className="admin-note">A CSV file with a header line, then one line per day, source and campaign:</p>
      <pre className="spend-example">
        <code>{EXAMPLE}</code>
      </pre>
      <ul className="spend-rules">
        <li>
          <b>date</b>: the day, as <code>YYYY-MM-DD</code>, counted in UTC like the figures.
        </li>
        <li>
          <b>source</b> and <b>campaign</b>: exactly the <code>utm_source</code> and <code>utm_campaign</code> of the ads’ links, capitals included.
        </li>
        <li>
          <b>currency</b>: one the app sells in ({currencies.join(", ")}). Spend is compared with revenue in the same currency only.
        </li>
        <li>
          <b>spend</b>: a plain amount such as <code>1234.56</code>, with no currency sign and no thousands separator.
        </li>
        <li>
          Importing a day of a source and campaign again replaces it. A file with any wrong line imports nothing. Up to {formatCount(AD_SPEND_LIMITS.rows)}{" "}
          lines a file.
        </li>
      </ul>

      <form className="report-controls spend-import" aria-label="Import ad spend" onSubmit={submit}>
        <div className="report-controls__field">
          <label htmlFor={`${id}-file`}>CSV file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            required
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              upload.reset();
            }}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={!file || upload.isPending}>
          {upload.isPending ? "Importing…" : "Import"}
        </button>
      </form>
      <div aria-live="polite">
        {upload.isSuccess ? <Imported result={upload.data} /> : null}
        {upload.isError ? <Refused error={upload.error} /> : null}
      </div>

      <h2 className="report-section">Spend stored</h2>
      {stored.isPending ? (
        <PageLoading label="Loading the spend…" />
      ) : stored.isError ? (
        <LoadFailed what="the spend" onRetry={() => void stored.refetch()} />
      ) : stored.data.length === 0 ? (
        <p className="admin-note">No spend has been imported yet.</p>
      ) : (
        <ScrollTable id="spend-caption" caption="Per source, campaign and currency">
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Campaign</th>
              <th scope="col">Days</th>
              <th scope="col" className="num">
                Spend
              </th>
              <th scope="col">Imported</th>
            </tr>
          </thead>
          <tbody>
            {stored.data.map((s) => (
              <tr key={`${s.source}\n${s.campaign}\n${s.currency}`}>
                <th scope="row">{s.source}</th>
                <td>{s.campaign}</td>
                <td className="spend-nowrap">
                  {s.from === s.to ? formatDay(s.from) : `${formatDay(s.from)} – ${formatDay(s.to)}`}
                  <span className="admin-table__sub">
                    {formatCount(s.days)} {s.days === 1 ? "day" : "days"}
                  </span>
                </td>
                <td className="num">{formatMoney(s.spend, s.currency)}</td>
                <td className="spend-nowrap">{formatMoment(s.importedAt)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}

function Imported({ result }: { result: AdSpendImported }) {
  return (
    <div className="message message--success spend-result" role="status">
      <p>
        Imported {formatCount(result.rows)} {result.rows === 1 ? "line" : "lines"},{" "}
        {result.from === result.to ? formatDay(result.from) : `${formatDay(result.from)} to ${formatDay(result.to)}`}: {formatCount(result.added)} new,{" "}
        {formatCount(result.replaced)} replaced.
      </p>
      {result.unmatched.length > 0 ? (
        <>
          <p>No visitor has arrived with these yet. They are stored, but check that they are spelt as in the ads’ links:</p>
          <ul>
            {result.unmatched.map((u) => (
              <li key={`${u.source}\n${u.campaign}`}>
                source <code>{u.source}</code>, campaign <code>{u.campaign}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function Refused({ error }: { error: Error }) {
  const lines = error instanceof ApiError && error.code === "invalid_spend_csv" ? error.issues : [];
  return (
    <div className="message message--error spend-result" role="alert">
      <p>{lines.length > 0 ? "Nothing was imported: fix these lines and import the file again." : error.message}</p>
      {lines.length > 0 ? (
        <ul>
          {lines.map((issue) => (
            <li key={issue.path}>
              <b>{issue.path.replace(/^line/, "Line")}</b>: {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
