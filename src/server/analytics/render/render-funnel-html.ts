import { addRefusals, describeRefusals } from "#schemas/api/checkout-refusals.ts";
import type { FunnelReport, StepRow } from "../funnel-report.ts";
import { GUARDRAIL_WORDS, verdictSentence } from "#schemas/api/experiment-verdict-words.ts";
import { fixedSampleNote, testVerdict as verdict } from "#schemas/api/funnel-verdict.ts";
import { count, day, money, percent, seconds } from "./report-format.ts";
import { sharedSpend, SPEND_HEAD, spendCells } from "./spend-table.ts";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A bar as wide as `part` of `whole` (at least a sliver when there is any). */
const width = (part: number, whole: number) => (whole > 0 && part > 0 ? Math.max(0.5, (part / whole) * 100) : 0).toFixed(2);

const stepLabel = (s: StepRow, i: number) => `${i + 1}. ${esc(s.title)} <small class="id">${esc(s.id)}</small>`;

/** What happened to the runs that stopped at a step, in words ("3 left · 1 declined"). */
function endedHere(s: StepRow): string {
  const parts = [
    s.droppedOff > 0 ? `${count(s.droppedOff)} left` : "",
    s.declined > 0 ? `${count(s.declined)} declined` : "",
    s.refused > 0 ? `${count(s.refused)} refused (${esc(describeRefusals(s.refusals))})` : "",
  ].filter(Boolean);
  return parts.join(" · ");
}

/** The funnel as bars the width of the page: runs that saw each step, the part that answered it, and who ended there. */
function funnelBars(r: FunnelReport): string {
  const max = Math.max(1, ...r.steps.map((s) => s.saw));
  const rows = r.steps.map((s, i) => {
    const ended = endedHere(s);
    return `<li><div class="bar-label">${stepLabel(s, i)}</div><div class="track" aria-hidden="true"><span class="saw" style="width:${width(s.saw, max)}%"></span><span class="ans" style="width:${width(s.answered, max)}%"></span></div><div class="bar-num">${count(s.saw)} saw · ${count(s.answered)} answered${ended ? ` · ${ended}` : ""}</div></li>`;
  });
  return `<ol class="bars">${rows.join("")}</ol>`;
}

/** Per group: the paid rate and revenue per visitor as bars. */
function groupBars(r: FunnelReport): string {
  const maxRate = Math.max(0.0001, ...r.groups.map((g) => g.paid / Math.max(1, g.visitors)));
  const maxRpv = Math.max(1, ...r.groups.map((g) => g.revenuePerVisitor));
  const rows = r.groups.map((g) => {
    const rate = g.paid / Math.max(1, g.visitors);
    return `<li><div class="bar-label"><b>${esc(g.group)}</b></div>
<div class="pair"><div><div class="track" aria-hidden="true"><span class="ans" style="width:${width(rate, maxRate)}%"></span></div><div class="bar-num">paid ${percent(g.paid, g.visitors)}</div></div>
<div><div class="track" aria-hidden="true"><span class="rev" style="width:${width(g.revenuePerVisitor, maxRpv)}%"></span></div><div class="bar-num">${esc(money(g.revenuePerVisitor, r.currency))} per visitor</div></div></div></li>`;
  });
  return `<ol class="bars groups">${rows.join("")}</ol>`;
}

/** Visitors per day (light) and the ones that paid (dark), one column per UTC day. */
function trendChart(r: FunnelReport): string {
  const days = r.trend;
  const max = Math.max(1, ...days.map((d) => d.visitors));
  const w = 900;
  const h = 160;
  const col = w / Math.max(1, days.length);
  const bar = (n: number) => (n / max) * (h - 24);
  const cols = days.map((d, i) => {
    const x = i * col;
    return `<g><title>${d.day}: ${count(d.visitors)} visitors, ${count(d.email)} e-mails, ${count(d.paid)} paid</title><rect x="${(x + col * 0.1).toFixed(1)}" y="${(h - 20 - bar(d.visitors)).toFixed(1)}" width="${(col * 0.8).toFixed(1)}" height="${bar(d.visitors).toFixed(1)}" class="saw"/><rect x="${(x + col * 0.1).toFixed(1)}" y="${(h - 20 - bar(d.paid)).toFixed(1)}" width="${(col * 0.8).toFixed(1)}" height="${bar(d.paid).toFixed(1)}" class="ans"/></g>`;
  });
  const first = days[0]?.day ?? day(r.since);
  const last = days.at(-1)?.day ?? day(r.until);
  return `<svg viewBox="0 0 ${w} ${h}" role="img" aria-labelledby="trend-title"><title id="trend-title">Visitors per day (light) and those that paid (dark), ${first} to ${last}; busiest day ${count(max)} visitors</title>${cols.join("")}
<text x="0" y="${h - 4}" class="num">${first}</text><text x="${w}" y="${h - 4}" text-anchor="end" class="num">${last}</text><text x="0" y="12" class="num">${count(max)} a day</text></svg>`;
}

/** The experiment's always-valid verdict (ADR 064) as the text says it: the sentence, the guardrails it is worse on, the YAML change that rolls a winner out. */
function verdictSection(r: FunnelReport): string {
  const e = r.experiment;
  if (!e) return "";
  const control = r.comparisons[0]?.against ?? r.groups[0]?.group ?? "";
  const rails = e.flagged.map((f) => `<p>Guardrail: ${esc(f.group)}’s ${GUARDRAIL_WORDS[f.metric]} is significantly higher than ${esc(control)}’s.</p>`);
  const rollout = e.rollout
    ? `<p>To roll out ${esc(e.rollout.variant)}, change the flow’s YAML:</p><pre>${e.rollout.diff.map((d) => esc(`${d.sign} ${d.line}`)).join("\n")}</pre>`
    : "";
  return `<h2>Verdict on ${esc(e.id)}</h2><p class="meta">Always-valid test: it may be read every day.</p><p><b>${esc(verdictSentence(e, control))}</b></p>${rails.join("")}${rollout}`;
}

/** The refused runs, and under them why the checkout refused them. */
const refusedCell = (row: Pick<StepRow, "refused" | "refusals">) =>
  row.refusals.length > 0 ? `${count(row.refused)} <small>${esc(describeRefusals(row.refusals))}</small>` : count(row.refused);

const cells = (xs: string[], tag = "td") => `<tr>${xs.map((x, i) => `<${tag}${i > 0 && tag === "td" ? ' class="n"' : ""}>${x}</${tag}>`).join("")}</tr>`;

/** A table in a region of its own that scrolls sideways on a narrow screen (and by keyboard: it takes focus). */
const scrolling = (label: string, table: string) => `<div class="scroll" role="region" aria-label="${esc(label)}" tabindex="0">${table}</div>`;

/** The report as one self-contained page: no script, no font, no request. */
export function renderFunnelHtml(r: FunnelReport): string {
  const title = `Funnel report: ${r.flow.title}`;
  const steps = r.steps.map((s, i) =>
    cells([
      `${stepLabel(s, i)} <small>${esc(s.kind)}</small>`,
      count(s.saw),
      count(s.answered),
      `${count(s.droppedOff)} <small>${percent(s.droppedOff, s.saw)}</small>`,
      count(s.declined),
      refusedCell(s),
      seconds(s.medianSeconds),
    ]),
  );
  const groups = r.groups.map((g) =>
    cells([
      esc(g.group),
      count(g.visitors),
      `${count(g.email)} <small>${percent(g.email, g.visitors)}</small>`,
      `${count(g.checkout)} <small>${percent(g.checkout, g.visitors)}</small>`,
      `${count(g.paid)} <small>${percent(g.paid, g.visitors)}</small>`,
      count(g.declined),
      refusedCell(g),
      esc(money(g.revenuePerVisitor, r.currency)),
      `${count(g.refunds)} <small>${esc(money(g.refundAmount, r.currency))}</small>`,
      `${count(g.renewals)} <small>${esc(money(g.renewalAmount, r.currency))}</small>`,
      g.revenuePerVisitor30d === null ? "–" : `${esc(money(g.revenuePerVisitor30d, r.currency))} <small>${count(g.matureVisitors)} runs</small>`,
    ]),
  );
  const tests = r.comparisons.map(
    (c) =>
      `<li><b>${esc(c.group)}</b> against <b>${esc(c.against)}</b>: paid ${(c.paid.difference * 100).toFixed(2)} points (${esc(c.paid.test)}, ${esc(verdict(c.paid))}); revenue per visitor ${c.revenuePerVisitor.difference.toFixed(2)} ${esc(r.currency ?? "")} (${esc(c.revenuePerVisitor.test)}, ${esc(verdict(c.revenuePerVisitor))}); e-mail ${(c.email.difference * 100).toFixed(2)} points (${esc(verdict(c.email))})</li>`,
  );
  const spend = spendCells(r);
  const shared = sharedSpend(r);
  const spendSection = spend
    ? `<h2>Ad spend${r.groupedBy ? ` by ${esc(r.groupedBy)}` : ""}</h2><p class="meta">Each currency apart; revenue is the group's first charges in that currency.${shared.length > 0 ? ` The same ads also brought ${esc(shared.join("; "))}: their spend is counted whole here.` : ""}</p>
${scrolling("Ad spend", `<table><thead>${cells(SPEND_HEAD, "th")}</thead><tbody>${spend.map((row) => cells(row.map(esc))).join("")}</tbody></table>`)}`
    : "";
  const sum = (f: (g: FunnelReport["groups"][number]) => number) => r.groups.reduce((a, g) => a + f(g), 0);
  const paid = sum((g) => g.paid);
  const revenue = sum((g) => g.revenue);
  const kpi = (label: string, value: string, extra = "") => `<div class="kpi">${label}<b>${value}</b>${extra}</div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>
*{box-sizing:border-box}
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2933;margin:0;background:#f6f8f7}
main{max-width:1200px;margin:0 auto;padding:24px}
h1{font-size:24px;margin:0 0 4px;overflow-wrap:break-word}h2{font-size:18px;margin:32px 0 8px}
.meta{color:#52606d;margin:0 0 16px}
.kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px}
.kpi{background:#fff;border:1px solid #d9e2df;border-radius:8px;padding:12px}.kpi b{display:block;font-size:22px}
.scroll{overflow-x:auto;max-width:100%;background:#fff;border:1px solid #d9e2df;border-radius:8px;margin:12px 0}
.scroll:focus{outline:3px solid #0b6b5f;outline-offset:2px}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{border-bottom:1px solid #e4e7eb;padding:6px 8px;text-align:left;vertical-align:top}
th{white-space:nowrap}.steps td:first-child{min-width:14rem}
td.n{text-align:right;white-space:nowrap}small{color:#52606d}small.id{font-family:ui-monospace,monospace;font-size:12px}
.bars{list-style:none;margin:0;padding:12px;background:#fff;border:1px solid #d9e2df;border-radius:8px}
.bars li{margin:0 0 10px}.bar-label{overflow-wrap:break-word}.bar-num{font-size:13px;color:#52606d}
.track{position:relative;height:14px;background:#eef2f1;border-radius:3px;overflow:hidden}
.track span{position:absolute;left:0;top:0;bottom:0}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:16px}
@media (max-width:560px){main{padding:16px}.pair{grid-template-columns:1fr;gap:4px}}
.saw{fill:#b9d9d3;background:#b9d9d3}.ans{fill:#0b6b5f;background:#0b6b5f}.rev{background:#7b4bb7}
svg{display:block;width:100%;min-width:560px;height:auto;padding:8px}
.num{font:12px system-ui,sans-serif;fill:#1f2933}
.notes{background:#fff8e1;border:1px solid #f0d98c;border-radius:8px;padding:8px 16px}
</style></head><body><main>
<h1>${esc(title)}</h1>
<p class="meta">${esc(r.flow.code)} · runs started ${day(r.since)} to ${day(r.until)}${r.groupedBy ? ` · by ${esc(r.groupedBy)}` : ""}${r.segment ? ` · only runs with ${esc(r.segment)}` : ""}${r.currency ? ` · money in ${esc(r.currency)}` : ""}</p>
<div class="kpis">${kpi("visitors", count(r.visitors))}${kpi("paid", count(paid), percent(paid, r.visitors))}${kpi("declined payments", count(sum((g) => g.declined)))}${kpi("refused checkouts", count(sum((g) => g.refused)), esc(describeRefusals(addRefusals(r.groups.map((g) => g.refusals)))))}${kpi("first charges", esc(money(revenue, r.currency)))}${kpi("revenue per visitor", esc(money(r.visitors ? revenue / r.visitors : 0, r.currency)))}</div>
<h2>Visitors per day</h2>${scrolling("Visitors per day", trendChart(r))}
<h2>The funnel</h2><p class="meta">Light bar: runs that saw the step · dark bar: runs that answered it · “left”: runs that went no further for no reason we know of; “declined”: their payment was declined; “refused”: the checkout turned them away, for the reason given. A run that paid finished.</p>${funnelBars(r)}
${scrolling("Steps", `<table class="steps"><thead>${cells(["step", "saw", "answered", "dropped off here", "declined", "refused", "median time"], "th")}</thead><tbody>${steps.join("")}</tbody></table>`)}
<h2>Groups${r.groupedBy ? ` by ${esc(r.groupedBy)}` : ""}</h2>${r.groups.length > 0 ? groupBars(r) : '<p class="meta">No visitors in this window.</p>'}
${scrolling("Groups", `<table><thead>${cells(["group", "visitors", "e-mail", "checkout", "paid", "declined", "refused", "revenue / visitor", "refunds", "renewals", "revenue / visitor, 30 days"], "th")}</thead><tbody>${groups.join("")}</tbody></table>`)}
${spendSection}
${verdictSection(r)}
${tests.length > 0 ? `<h2>Tests (two-sided)</h2><ul>${tests.join("")}</ul><p class="meta">${esc(fixedSampleNote(r.experiment !== null))}</p>` : ""}
${r.notes.length > 0 ? `<div class="notes">${r.notes.map((n) => `<p>${esc(n)}</p>`).join("")}</div>` : ""}
</main></body></html>
`;
}
