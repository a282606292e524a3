import type { FunnelReportView } from "#schemas/api/admin-funnels.ts";
import { formatMoney } from "#web/shared/money/money.ts";
import { formatCount, formatDay } from "./format.ts";
import { ScrollTable } from "./ScrollTable.tsx";

const WIDTH = 720;
const HEIGHT = 220;
const TOP = 12;
const BOTTOM = 24;
const LEFT = 36;
const RIGHT = 8;

/**
 * Runs started per day (light bars) with the ones that gave an e-mail (mid) and paid (dark) inside
 * them. The picture has a title and a description for screen readers, and the same numbers follow as a table.
 */
export function TrendChart({ report, currency }: { report: FunnelReportView; currency: string }) {
  const days = report.trend;
  const most = Math.max(1, ...days.map((d) => d.visitors));
  const slot = (WIDTH - LEFT - RIGHT) / Math.max(1, days.length);
  const bar = Math.max(1, slot * 0.7);
  const plot = HEIGHT - TOP - BOTTOM;
  const y = (n: number) => TOP + plot - (n / most) * plot;
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  const busiest = days.reduce<(typeof days)[number] | undefined>((best, d) => (best && best.visitors >= d.visitors ? best : d), undefined);
  const total = days.reduce((sum, d) => sum + d.visitors, 0);

  return (
    <figure className="trend">
      <div className="trend__scroll" role="region" aria-label="Daily trend chart" tabIndex={0}>
        <svg
          className="trend__chart"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby="trend-title"
          aria-describedby="trend-desc"
          preserveAspectRatio="xMinYMid meet"
        >
          <title id="trend-title">Visitors, e-mails and payments per day</title>
          <desc id="trend-desc">
            {`${formatCount(total)} visitors over ${days.length} days${busiest && busiest.visitors > 0 ? `, most on ${formatDay(busiest.day)} (${formatCount(busiest.visitors)})` : ""}. The table below has every day's numbers.`}
          </desc>
          <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(0)} y2={y(0)} className="trend__axis" />
          <text x={LEFT - 6} y={y(most) + 4} className="trend__label" textAnchor="end">
            {formatCount(most)}
          </text>
          <text x={LEFT - 6} y={y(0) + 4} className="trend__label" textAnchor="end">
            0
          </text>
          {days.map((d, i) => {
            const x = LEFT + i * slot + (slot - bar) / 2;
            return (
              <g key={d.day}>
                <rect x={x} width={bar} y={y(d.visitors)} height={y(0) - y(d.visitors)} className="trend__visitors" />
                <rect x={x} width={bar} y={y(d.email)} height={y(0) - y(d.email)} className="trend__email" />
                <rect x={x} width={bar} y={y(d.paid)} height={y(0) - y(d.paid)} className="trend__paid" />
                {i % labelEvery === 0 ? (
                  <text x={x + bar / 2} y={HEIGHT - 6} className="trend__label" textAnchor="middle">
                    {formatDay(d.day)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="trend__legend">
        <span className="trend__key trend__key--visitors">Visitors</span>
        <span className="trend__key trend__key--email">Gave an e-mail</span>
        <span className="trend__key trend__key--paid">Paid</span>
      </figcaption>
      <details className="trend__numbers">
        <summary>The daily numbers as a table</summary>
        <ScrollTable id="trend-caption" caption="Per day (UTC), runs that started that day">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="num">
                Visitors
              </th>
              <th scope="col" className="num">
                E-mail
              </th>
              <th scope="col" className="num">
                Paid
              </th>
              <th scope="col" className="num">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatDay(d.day)}</th>
                <td className="num">{formatCount(d.visitors)}</td>
                <td className="num">{formatCount(d.email)}</td>
                <td className="num">{formatCount(d.paid)}</td>
                <td className="num">{formatMoney(d.revenue, currency)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </details>
    </figure>
  );
}
