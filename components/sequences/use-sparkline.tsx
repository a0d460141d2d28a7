/**
 * A series+type's daily use over the last 90 days as an inline SVG line (no charting library): the
 * shape at a glance; the numbers are in its accessible name and title, for every reader.
 */
export function UseSparkline({ daily, label }: { daily: readonly number[]; label: string }) {
  const width = 180;
  const height = 28;
  const max = Math.max(1, ...daily);
  const step = daily.length > 1 ? width / (daily.length - 1) : width;
  const points = daily
    .map((count, i) => `${(i * step).toFixed(1)},${(height - 2 - (count / max) * (height - 4)).toFixed(1)}`)
    .join(" ");
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      data-testid="inventory-sparkline"
      style={{ display: "block", maxWidth: "100%" }}
    >
      <title>{label}</title>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={1.5} />
    </svg>
  );
}
