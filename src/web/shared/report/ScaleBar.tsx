type Props = { percent: number; tone?: "strong" | "soft"; size?: "sm" | "md" | "lg"; ticks?: boolean };

const HEIGHT = { sm: 6, md: 12, lg: 16 } as const;

/**
 * One horizontal bar, drawn in SVG so it prints as it looks (browsers drop background colours when
 * printing). It pictures a number that is always written next to it, so assistive technology skips
 * it. Widths are percentages of the SVG, so the ends stay round at any width.
 */
export function ScaleBar({ percent, tone = "strong", size = "md", ticks = false }: Props) {
  const height = HEIGHT[size];
  const width = Math.min(100, Math.max(0, percent));
  return (
    <svg className="report-bar" data-tone={tone} width="100%" height={height} aria-hidden="true" focusable="false">
      <rect className="report-bar__track" width="100%" height={height} rx={height / 2} />
      {width > 0 && <rect className="report-bar__fill" width={`${width}%`} height={height} rx={height / 2} />}
      {ticks &&
        [25, 50, 75].map((at) => (
          <line key={at} className="report-bar__tick" x1={`${at}%`} x2={`${at}%`} y1={0} y2={height} data-covered={at < width || undefined} />
        ))}
    </svg>
  );
}
