import { useId } from "react";

/**
 * A horizontal bar chart drawn on the server as SVG (it shows without JavaScript): a title and a description for
 * assistive technologies (role img, aria-labelledby), values as text beside each bar. The page also shows the same
 * figures as a table: the chart's fallback.
 */
export function BarChart({
  title,
  description,
  bars,
  max,
  unit,
}: {
  title: string;
  description: string;
  bars: { label: string; value: number }[];
  max: number;
  unit: string;
}) {
  const id = useId();
  const rowHeight = 28;
  const labelWidth = 180;
  const chartWidth = 360;
  const height = Math.max(1, bars.length) * rowHeight + 8;
  const scale = (value: number) => (max > 0 ? Math.round((Math.min(value, max) / max) * chartWidth) : 0);
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${labelWidth + chartWidth + 60} ${height}`}
      className="h-auto w-full max-w-2xl"
      data-testid="bar-chart"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {bars.map((bar, i) => {
        const y = i * rowHeight + 4;
        return (
          <g key={i}>
            <text x={labelWidth - 8} y={y + 17} textAnchor="end" fontSize="13" fill="#1e293b">
              {bar.label.length > 24 ? `${bar.label.slice(0, 23)}…` : bar.label}
            </text>
            <rect x={labelWidth} y={y + 4} width={chartWidth} height={rowHeight - 10} fill="#e2e8f0" />
            <rect x={labelWidth} y={y + 4} width={scale(bar.value)} height={rowHeight - 10} fill="var(--color-primary-dark, #1d4ed8)" />
            <text x={labelWidth + chartWidth + 6} y={y + 17} fontSize="13" fill="#1e293b">
              {`${bar.value}${unit}`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
