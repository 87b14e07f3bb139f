/**
 * Chart.js with only the parts the anchor centre draws (bars and lines on category axes) and
 * the site's dark theme. Loaded on demand, so other pages never pay for it.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

Chart.defaults.color = '#b4bccb';
Chart.defaults.borderColor = 'rgba(255, 255, 255, 0.07)';
Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
Chart.defaults.font.size = 12;

/** One series of a chart. */
export interface Series {
  label: string;
  data: number[];
  color: string;
  kind: 'bar' | 'line';
  /** The right-hand axis (a second unit); the left one otherwise. */
  right?: boolean;
}

/** What a chart shows. */
export interface ChartSpec {
  labels: string[];
  series: Series[];
  /** Formats axis ticks and tooltip values of the right-hand axis. */
  formatRight?: (value: number) => string;
}

function config(spec: ChartSpec, reducedMotion: boolean): ChartConfiguration {
  const hasRight = spec.series.some((s) => s.right);
  return {
    type: 'bar',
    data: {
      labels: spec.labels,
      datasets: spec.series.map((s) =>
        s.kind === 'line'
          ? {
              type: 'line' as const,
              label: s.label,
              data: s.data,
              borderColor: s.color,
              backgroundColor: `${s.color}26`,
              fill: spec.series.length === 1,
              tension: 0.3,
              pointRadius: spec.labels.length > 40 ? 0 : 2.5,
              borderWidth: 2,
              yAxisID: s.right ? 'right' : 'left',
            }
          : {
              type: 'bar' as const,
              label: s.label,
              data: s.data,
              backgroundColor: s.color,
              borderRadius: 4,
              maxBarThickness: 28,
              yAxisID: s.right ? 'right' : 'left',
            },
      ),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion ? false : { duration: 400 },
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: {
          display: spec.series.length > 1,
          labels: { boxWidth: 12, boxHeight: 12, usePointStyle: true },
        },
        tooltip: {
          callbacks: {
            label: (item) => {
              const s = spec.series[item.datasetIndex]!;
              const v = Number(item.raw);
              return `${s.label}: ${s.right && spec.formatRight ? spec.formatRight(v) : v.toLocaleString()}`;
            },
          },
        },
      },
      scales: {
        x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 12 } },
        left: { position: 'left', beginAtZero: true, ticks: { precision: 0 } },
        ...(hasRight
          ? {
              right: {
                position: 'right' as const,
                beginAtZero: true,
                grid: { display: false },
                ticks: {
                  callback: (v: string | number) =>
                    spec.formatRight ? spec.formatRight(Number(v)) : String(v),
                },
              },
            }
          : {}),
      },
    },
  };
}

/** A drawn chart. */
export interface ChartHandle {
  /** Redraws with new data. */
  update: (next: ChartSpec) => void;
  destroy: () => void;
}

/** Draws `spec` on `canvas`. */
export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec): ChartHandle {
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let chart = new Chart(canvas, config(spec, reduced));
  return {
    update(next) {
      chart.destroy();
      chart = new Chart(canvas, config(next, reduced));
    },
    destroy: () => chart.destroy(),
  };
}
