import type { FunnelReportView, SequentialView } from "#schemas/api/admin-funnels.ts";
import { GUARDRAIL_WORDS, METRIC_WORDS, share, verdictSentence } from "#schemas/api/experiment-verdict-words.ts";
import { ScrollTable } from "./ScrollTable.tsx";

/** A relative lift: "+12.5%", "−3.0%". */
const percent = (x: number) => `${x > 0 ? "+" : x < 0 ? "−" : ""}${Math.abs(x * 100).toFixed(1)}%`;

/** A lift with its always-valid interval, or why there is none yet. */
function liftText(test: SequentialView): string {
  if (test.lift === null) return "no lift (the control has none)";
  const interval = test.liftLow !== null && test.liftHigh !== null ? ` (95% interval ${percent(test.liftLow)} to ${percent(test.liftHigh)})` : "";
  return `${percent(test.lift)}${interval}${test.valid ? "" : ", too few to conclude"}`;
}

/**
 * An experiment's verdict (ADR 064): one sentence ("keep running", a variant wins, no difference
 * large enough to matter), the guardrails a variant is worse on, each variant's lift with its
 * always-valid interval, and the YAML change that rolls the winner out.
 */
export function ExperimentVerdict({ report }: { report: FunnelReportView }) {
  const e = report.experiment;
  if (!e) return null;
  const control = report.comparisons[0]?.against ?? report.groups[0]?.group ?? "";
  const state = e.status === "rolled_out" ? `rolled out: ${e.rolledOut}` : e.status;
  return (
    <section aria-labelledby="verdict-title" className="verdict">
      <h2 id="verdict-title" className="report-section">
        Verdict on {e.id}
      </h2>
      <p className="admin-note">
        {state}
        {e.started ? `, since ${e.started}` : ""}
        {e.stopped ? `, until ${e.stopped}` : ""} · judged on {METRIC_WORDS[e.decideOn]}, always-valid test (it may be looked at every day) · smallest lift
        worth finding {share(e.smallestLift)}
      </p>
      <p className={`verdict__sentence verdict__sentence--${e.verdict}`}>{verdictSentence(e, control)}</p>
      {e.flagged.map((f) => {
        const rail = report.comparisons.find((c) => c.group === f.group)?.guardrails.find((g) => g.metric === f.metric);
        return (
          <p key={`${f.group}-${f.metric}`} className="message message--error" role="alert">
            Guardrail: {f.group}’s {GUARDRAIL_WORDS[f.metric]} is significantly higher than {control}’s
            {rail ? ` (${share(rail.group)} against ${share(rail.control)})` : ""}: it may win now and lose money later.
          </p>
        );
      })}
      {report.comparisons.length > 0 ? (
        <ScrollTable id="verdict-caption" caption={`Each variant against ${control}`}>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Paid conversion, lift</th>
              <th scope="col">Net revenue per visitor, lift</th>
              <th scope="col">Guardrails</th>
            </tr>
          </thead>
          <tbody>
            {report.comparisons.map((c) => (
              <tr key={c.group}>
                <th scope="row">{c.group}</th>
                <td>{liftText(c.sequential.paid)}</td>
                <td>{liftText(c.sequential.netRevenuePerVisitor)}</td>
                <td>
                  {c.guardrails
                    .map((g) => `${GUARDRAIL_WORDS[g.metric]} ${share(g.group)} (${control} ${share(g.control)})${g.worse ? ", worse" : ""}`)
                    .join("; ")}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      ) : null}
      {e.rollout ? (
        <>
          <h3 className="verdict__rollout-title">Roll out {e.rollout.variant}</h3>
          <p>Change the experiment in the flow’s YAML file like this, then publish it:</p>
          <pre className="verdict__diff" aria-label={`The YAML change that rolls out ${e.rollout.variant}`}>
            {e.rollout.diff.map((d) => `${d.sign} ${d.line}`).join("\n")}
          </pre>
          <p className="admin-note">
            Every new visitor then gets {e.rollout.variant}. Visitors already mid-quiz keep the variant they were given and finish on the flow version they
            started.
          </p>
        </>
      ) : null}
    </section>
  );
}
