import type { FunnelReport, GroupRow } from "./funnel-report.ts";
import { count, day, money, percent, seconds, verdict } from "./report-format.ts";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The funnel as bars: runs that saw each step, the part that answered it, and who ended there. */
function funnelChart(r: FunnelReport): string {
  const max = Math.max(1, ...r.steps.map((s) => s.saw));
  const row = 26;
  const label = 190;
  const width = 900;
  const bar = (n: number) => Math.max(n > 0 ? 1 : 0, ((width - label - 150) * n) / max);
  const rows = r.steps.map((s, i) => {
    const y = i * row;
    return `<g transform="translate(0 ${y})"><text x="${label - 8}" y="17" text-anchor="end" class="lbl">${i + 1}. ${esc(s.id)}</text>
<rect x="${label}" y="4" width="${bar(s.saw)}" height="18" class="saw"/><rect x="${label}" y="4" width="${bar(s.answered)}" height="18" class="ans"/>
<text x="${label + bar(s.saw) + 6}" y="17" class="num">${count(s.saw)}${s.droppedOff > 0 ? ` · ${count(s.droppedOff)} left here` : ""}</text></g>`;
  });
  return `<svg viewBox="0 0 ${width} ${r.steps.length * row + 4}" role="img" aria-labelledby="funnel-title"><title id="funnel-title">Runs that saw each step (light) and answered it (dark)</title>${rows.join("")}</svg>`;
}

/** Per group: the paid rate and revenue per visitor side by side, with the test against the first group. */
function groupChart(r: FunnelReport): string {
  const width = 900;
  const h = 30;
  const label = 150;
  const half = (width - label - 40) / 2;
  const maxRate = Math.max(0.0001, ...r.groups.map((g) => g.paid / Math.max(1, g.visitors)));
  const maxRpv = Math.max(1, ...r.groups.map((g) => g.revenuePerVisitor));
  const rows = r.groups.map((g: GroupRow, i) => {
    const rate = g.paid / Math.max(1, g.visitors);
    const y = 22 + i * h;
    return `<g transform="translate(0 ${y})"><text x="${label - 8}" y="16" text-anchor="end" class="lbl">${esc(g.group)}</text>
<rect x="${label}" y="3" width="${((half - 90) * rate) / maxRate}" height="16" class="ans"/><text x="${label + ((half - 90) * rate) / maxRate + 6}" y="16" class="num">${percent(g.paid, g.visitors)}</text>
<rect x="${label + half + 20}" y="3" width="${((half - 110) * g.revenuePerVisitor) / maxRpv}" height="16" class="rev"/><text x="${label + half + 26 + ((half - 110) * g.revenuePerVisitor) / maxRpv}" y="16" class="num">${esc(money(g.revenuePerVisitor, r.currency))}</text></g>`;
  });
  return `<svg viewBox="0 0 ${width} ${22 + r.groups.length * h}" role="img" aria-labelledby="groups-title"><title id="groups-title">Paid rate and revenue per visitor per group</title>
<text x="${label}" y="12" class="head">paid</text><text x="${label + half + 20}" y="12" class="head">revenue per visitor</text>${rows.join("")}</svg>`;
}

const cells = (xs: string[], tag = "td") => `<tr>${xs.map((x, i) => `<${tag}${i > 0 && tag === "td" ? ' class="n"' : ""}>${x}</${tag}>`).join("")}</tr>`;

/** The report as one self-contained page: no script, no font, no request. */
export function renderFunnelHtml(r: FunnelReport): string {
  const title = `Funnel report: ${r.flow.title}`;
  const steps = r.steps.map((s, i) =>
    cells([
      `${i + 1}. ${esc(s.id)} <small>${esc(s.kind)}</small>`,
      count(s.saw),
      count(s.answered),
      `${count(s.droppedOff)} <small>${percent(s.droppedOff, s.saw)}</small>`,
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
  const paid = r.groups.reduce((a, g) => a + g.paid, 0);
  const revenue = r.groups.reduce((a, g) => a + g.revenue, 0);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2933;margin:0;background:#f6f8f7}
main{max-width:980px;margin:0 auto;padding:24px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 8px}
.meta{color:#52606d;margin:0 0 16px}
.kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:12px}
.kpi{background:#fff;border:1px solid #d9e2df;border-radius:8px;padding:12px}.kpi b{display:block;font-size:22px}
table{border-collapse:collapse;width:100%;background:#fff;font-size:14px}th,td{border-bottom:1px solid #e4e7eb;padding:6px 8px;text-align:left;vertical-align:top}
td.n{text-align:right;white-space:nowrap}small{color:#52606d}
svg{width:100%;height:auto;background:#fff;border:1px solid #d9e2df;border-radius:8px;padding:8px;box-sizing:border-box}
.lbl,.num,.head{font:12px system-ui,sans-serif;fill:#1f2933}.head{font-weight:600}
.saw{fill:#b9d9d3}.ans{fill:#0b6b5f}.rev{fill:#7b4bb7}
.notes{background:#fff8e1;border:1px solid #f0d98c;border-radius:8px;padding:8px 16px}
</style></head><body><main>
<h1>${esc(title)}</h1>
<p class="meta">${esc(r.flow.code)} · ${day(r.since)} to ${day(r.until)}${r.groupedBy ? ` · by ${esc(r.groupedBy)}` : ""}${r.currency ? ` · money in ${esc(r.currency)}` : ""}</p>
<div class="kpis"><div class="kpi">visitors<b>${count(r.visitors)}</b></div><div class="kpi">paid<b>${count(paid)}</b>${percent(paid, r.visitors)}</div><div class="kpi">first charges<b>${esc(money(revenue, r.currency))}</b></div><div class="kpi">revenue per visitor<b>${esc(money(r.visitors ? revenue / r.visitors : 0, r.currency))}</b></div></div>
<h2>The funnel</h2><p class="meta">Light bar: runs that saw the step · dark bar: runs that answered it · “left here”: runs that went no further (a run that paid finished).</p>${funnelChart(r)}
<table><thead>${cells(["step", "saw", "answered", "dropped off here", "median time"], "th")}</thead><tbody>${steps.join("")}</tbody></table>
<h2>Groups${r.groupedBy ? ` by ${esc(r.groupedBy)}` : ""}</h2>${r.groups.length > 0 ? groupChart(r) : ""}
<table><thead>${cells(["group", "visitors", "e-mail", "checkout", "paid", "revenue / visitor", "refunds", "renewals", "revenue / visitor, 30 days"], "th")}</thead><tbody>${groups.join("")}</tbody></table>
${tests.length > 0 ? `<h2>Tests (two-sided)</h2><ul>${tests.join("")}</ul>` : ""}
${r.notes.length > 0 ? `<div class="notes">${r.notes.map((n) => `<p>${esc(n)}</p>`).join("")}</div>` : ""}
</main></body></html>
`;
}
