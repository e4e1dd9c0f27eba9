"use client";
import { useId } from "react";
import {
  equalMeasures,
  measureOf,
  productBars,
  varyingMeasures,
  type MeasureKey,
} from "@/components/products/product-compare";
import type { ProductRow } from "@/components/products/product-rows";
import styles from "@/components/products/product-comparison.module.css";

// Drawn by hand: one horizontal bar per product, so it needs no chart library. Screen readers
// get the title and a summary of every bar; the table below holds the same numbers.

type Props = {
  rows: readonly ProductRow[];
  /** The measure chosen in the URL, if any: used when it varies. */
  chosen: MeasureKey | null;
  onChoose: (key: MeasureKey) => void;
  scope: string;
};

/** Compares the products shown on what differs between them, and says in words what does not. */
export function ProductComparison({ rows, chosen, onChoose, scope }: Props) {
  const id = useId();
  const varying = varyingMeasures(rows);
  const equal = equalMeasures(rows);
  const measure = varying.find((candidate) => candidate.key === chosen) ?? varying[0];

  return (
    <div className="stack">
      {measure ? (
        <>
          <div className="row" role="group" aria-label="Compare the products by">
            <span className="small muted" aria-hidden="true">
              Compare by
            </span>
            {varying.map((candidate) => (
              <button
                key={candidate.key}
                type="button"
                className={`btn btn--small${candidate.key === measure.key ? " btn--primary" : ""}`}
                aria-pressed={candidate.key === measure.key}
                onClick={() => onChoose(candidate.key)}
              >
                {candidate.label}
              </button>
            ))}
          </div>
          <BarChart id={id} rows={rows} measureKey={measure.key} scope={scope} />
        </>
      ) : null}
      {equal.length > 0 ? (
        <p className={styles.caption} data-testid="fee-chart-equal">
          {measure ? "The same for every product shown — " : "Every product shown costs the same — "}
          {equal.join("; ")}.
        </p>
      ) : null}
    </div>
  );
}

function BarChart({
  id,
  rows,
  measureKey,
  scope,
}: {
  id: string;
  rows: readonly ProductRow[];
  measureKey: MeasureKey;
  scope: string;
}) {
  const measure = measureOf(measureKey);
  const bars = productBars(rows, measureKey);
  const max = Math.max(...bars.map((bar) => bar.value), 1);
  const best = measure.lowerIsBetter ? bars[0] : bars[bars.length - 1];
  const title = `${measure.label} by product, ${scope}`;
  const summary = bars.map((bar) => `${bar.label}: ${bar.text} (${bar.detail})`).join(". ");

  // Bars drawn with CSS rather than SVG, so they reflow to a phone's width instead of scrolling.
  return (
    <figure className={styles.figure}>
      <div role="img" aria-labelledby={`${id}-title ${id}-desc`} className={styles.chart}>
        <span id={`${id}-title`} className="visually-hidden">
          {title}
        </span>
        <span id={`${id}-desc`} className="visually-hidden">
          {summary}
        </span>
        {bars.map((bar) => (
          <div
            key={bar.label}
            className={styles.row}
            data-testid="chart-bar"
            title={`${bar.label}: ${bar.text} (${bar.detail})`}
          >
            <span className={styles.label}>{bar.label}</span>
            <span className={styles.track}>
              <span
                className={bar.value === best.value ? styles.barBest : styles.bar}
                style={{ width: `${Math.max(1, (bar.value / max) * 100)}%` }}
              />
            </span>
            <span className={styles.value}>
              {bar.text} · {bar.detail}
            </span>
          </div>
        ))}
      </div>
      <figcaption className={styles.caption}>
        {measure.label} of each product in the regions shown; the{" "}
        {measure.lowerIsBetter ? "lowest" : "highest"} in green.
      </figcaption>
    </figure>
  );
}
