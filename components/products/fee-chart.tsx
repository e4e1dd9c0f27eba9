import { useId } from "react";
import { formatMoney } from "@/lib/cart/checkout";
import styles from "@/components/products/fee-chart.module.css";

type Bar = { regionName: string; minor: number; currency: string; productName: string };

// Drawn by hand: one horizontal bar per region, so it needs no chart library. Screen readers
// get the title, a summary in the description, and each bar's value in its own <title>;
// the table beside it holds the same numbers.
const ROW = 26;
const LABEL_W = 210;
const VALUE_W = 80;
const WIDTH = 720;

export function FeeChart({ bars, title }: { bars: Bar[]; title: string }) {
  const id = useId();
  if (bars.length === 0) return null;
  const max = Math.max(...bars.map((bar) => bar.minor), 1);
  const plotW = WIDTH - LABEL_W - VALUE_W;
  const height = bars.length * ROW + 8;
  const lowest = bars[0];
  const highest = bars[bars.length - 1];
  const summary = `${bars.length} regions. Lowest: ${lowest.regionName}, ${formatMoney(lowest.minor, lowest.currency)} a month. Highest: ${highest.regionName}, ${formatMoney(highest.minor, highest.currency)} a month.`;

  return (
    <figure className={styles.figure}>
      <svg className={styles.svg} viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {[0.25, 0.5, 0.75, 1].map((fraction) => (
          <line key={fraction} className={styles.grid} x1={LABEL_W + plotW * fraction} x2={LABEL_W + plotW * fraction} y1={0} y2={height} />
        ))}
        {bars.map((bar, index) => {
          const y = index * ROW + 4;
          const width = Math.max(2, (bar.minor / max) * plotW);
          const money = formatMoney(bar.minor, bar.currency);
          return (
            <g key={bar.regionName}>
              <title>{`${bar.regionName}: ${money} a month (${bar.productName})`}</title>
              <text className={styles.label} x={LABEL_W - 8} y={y + ROW / 2} textAnchor="end" dominantBaseline="middle">
                {truncate(bar.regionName, 30)}
              </text>
              <rect className={bar.minor === lowest.minor ? styles.barLowest : styles.bar} x={LABEL_W} y={y + 3} width={width} height={ROW - 8} rx={3} />
              <text className={styles.value} x={LABEL_W + width + 6} y={y + ROW / 2} dominantBaseline="middle">
                {money}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.caption}>Cheapest monthly fee in each region; the lowest in green.</figcaption>
    </figure>
  );
}

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
