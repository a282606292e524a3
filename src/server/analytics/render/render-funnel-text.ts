import { describeRefusals } from "#schemas/api/checkout-refusals.ts";
import type { FunnelReport } from "../funnel-report.ts";
import { GUARDRAIL_WORDS, verdictSentence } from "#schemas/api/experiment-verdict-words.ts";
import { fixedSampleNote, testVerdict as verdict } from "#schemas/api/funnel-verdict.ts";
import { count, day, money, percent, seconds } from "./report-format.ts";
import { sharedSpend, SPEND_HEAD, spendCells } from "./spend-table.ts";

/** Columns padded to their widest cell; numbers right-aligned. */
function table(head: string[], rows: string[][], right: boolean[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** The report as the terminal shows it. */
export function renderFunnelText(r: FunnelReport): string {
  const out: string[] = [];
  out.push(`Funnel report: ${r.flow.title} (${r.flow.code})`);
  out.push(
    `${day(r.since)} to ${day(r.until)} · ${count(r.visitors)} visitors (funnel runs started)${r.groupedBy ? ` · by ${r.groupedBy}` : ""}${r.segment ? ` · only runs with ${r.segment}` : ""}${r.currency ? ` · money in ${r.currency}` : ""}`,
  );
  out.push("", "Steps");
  out.push(
    table(
      ["#", "step", "title", "kind", "saw", "answered", "dropped off here", "declined", "refused", "median time"],
      r.steps.map((s, i) => [
        String(i + 1),
        s.id,
        short(s.title),
        s.kind,
        count(s.saw),
        count(s.answered),
        `${count(s.droppedOff)} (${percent(s.droppedOff, s.saw)})`,
        count(s.declined),
        refusedCell(s),
        seconds(s.medianSeconds),
      ]),
      [true, false, false, false, true, true, true, true, true, true],
    ),
  );
  out.push("", "Groups");
  out.push(
    table(
      ["group", "visitors", "e-mail", "checkout", "paid", "declined", "refused", "revenue / visitor", "refunds", "renewals", "revenue / visitor, 30 days"],
      r.groups.map((g) => [
        g.group,
        count(g.visitors),
        `${count(g.email)} (${percent(g.email, g.visitors)})`,
        `${count(g.checkout)} (${percent(g.checkout, g.visitors)})`,
        `${count(g.paid)} (${percent(g.paid, g.visitors)})`,
        count(g.declined),
        refusedCell(g),
        money(g.revenuePerVisitor, r.currency),
        `${count(g.refunds)} (${money(g.refundAmount, r.currency)})`,
        `${count(g.renewals)} (${money(g.renewalAmount, r.currency)})`,
        g.revenuePerVisitor30d === null ? "– (no run is 30 days old)" : `${money(g.revenuePerVisitor30d, r.currency)} (${count(g.matureVisitors)} runs)`,
      ]),
      [false, true, true, true, true, true, true, true, true, true, true],
    ),
  );
  const spend = spendCells(r);
  if (spend) {
    out.push("", `Ad spend by ${r.groupedBy} (each currency apart; revenue is first charges in that currency)`);
    out.push(table(SPEND_HEAD, spend, [false, false, true, true, true, true, true, true, true]));
    const shared = sharedSpend(r);
    if (shared.length > 0) out.push(`The same ads also brought ${shared.join("; ")}: their spend is counted whole here.`);
  }
  if (r.comparisons.length > 0) {
    out.push("", `Each group against ${r.comparisons[0]!.against} (two-sided tests)`);
    for (const c of r.comparisons) {
      out.push(`  ${c.group}:`);
      out.push(`    e-mail: ${sign(c.email.difference * 100)} points, ${c.email.test}, ${verdict(c.email)}`);
      out.push(`    paid: ${sign(c.paid.difference * 100)} points, ${c.paid.test}, ${verdict(c.paid)}`);
      out.push(
        `    revenue per visitor: ${sign(c.revenuePerVisitor.difference)}${r.currency ? ` ${r.currency}` : ""}, ${c.revenuePerVisitor.test}, ${verdict(c.revenuePerVisitor)}`,
      );
    }
    out.push(`  ${fixedSampleNote(r.experiment !== null)}`);
  }
  const e = r.experiment;
  if (e) {
    const control = r.comparisons[0]?.against ?? r.groups[0]?.group ?? "";
    out.push("", `Verdict on ${e.id} (always-valid test, may be read every day): ${verdictSentence(e, control)}`);
    for (const f of e.flagged) out.push(`  Guardrail: ${f.group}'s ${GUARDRAIL_WORDS[f.metric]} is significantly higher than ${control}'s.`);
    if (e.rollout) out.push(`  To roll out ${e.rollout.variant}, change the flow's YAML:`, ...e.rollout.diff.map((d) => `  ${d.sign} ${d.line}`));
  }
  if (r.steps.some((s) => s.declined + s.refused > 0)) {
    out.push(
      "",
      "Declined: the payment provider declined the run's payment. Refused: the checkout refused it, for the reason in brackets. Neither counts as dropped off.",
    );
  }
  if (r.notes.length > 0) out.push("", ...r.notes.map((n) => `Note: ${n}`));
  return `${out.join("\n")}\n`;
}

/** "3 (quiz not complete 2, too many attempts 1)": the refused runs and why. */
const refusedCell = (row: Pick<FunnelReport["steps"][number], "refused" | "refusals">) =>
  row.refusals.length > 0 ? `${count(row.refused)} (${describeRefusals(row.refusals)})` : count(row.refused);

/** A step's title cut to fit a terminal table. */
const short = (title: string) => (title.length > 40 ? `${title.slice(0, 39).trimEnd()}…` : title);

const sign = (n: number) => (Number.isNaN(n) ? "–" : `${n >= 0 ? "+" : ""}${n.toFixed(2)}`);
