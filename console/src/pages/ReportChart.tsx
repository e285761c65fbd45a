/**
 * One chart of the Reports page, drawn by Chart.js on a canvas. A canvas says nothing to a screen reader: it
 * is an image named by `summary` (what it shows and its totals), and the table of figures below the charts
 * holds every number it draws. No animation: the figures appear as they are, and nothing moves for those who
 * asked for reduced motion.
 */
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartDataset } from 'chart.js';

// Only what these charts use is bundled (Chart.js tree-shakes to its registered parts).
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

const plain = (value: number) => String(value);

export interface Series {
  label: string;
  values: number[];
  colour: string;
  /** Drawn as a line over the bars (a rate, a total) instead of a bar. */
  line?: boolean;
}

export function ReportChart({
  title,
  summary,
  labels,
  series,
  format = plain,
}: {
  title: string;
  /** The chart's text alternative: what it shows, in a sentence with its totals. */
  summary: string;
  labels: readonly string[];
  series: readonly Series[];
  /** How a value reads on the axis and in the tooltip (money, a count). */
  format?: (value: number) => string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  useEffect(() => {
    const datasets = series.map(
      (s): ChartDataset<'bar' | 'line', number[]> => ({
        type: s.line ? 'line' : 'bar',
        label: s.label,
        data: s.values,
        backgroundColor: s.colour,
        borderColor: s.colour,
        borderWidth: s.line ? 2 : 0,
        pointRadius: s.line ? 2 : 0,
      }),
    );
    const data = { labels: [...labels], datasets };
    if (chart.current) {
      chart.current.data = data;
      chart.current.update();
      return;
    }
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      type: 'bar',
      data,
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12 } },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}` } },
        },
        scales: {
          x: { ticks: { autoSkip: true, maxRotation: 0 } },
          y: { beginAtZero: true, ticks: { precision: 0, callback: (value) => format(Number(value)) } },
        },
      },
    });
  }, [labels, series, format]);
  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );
  return (
    <figure className="chart card">
      <figcaption>{title}</figcaption>
      <div className="chart-box">
        <canvas ref={canvas} role="img" aria-label={summary}>
          {summary}
        </canvas>
      </div>
    </figure>
  );
}
