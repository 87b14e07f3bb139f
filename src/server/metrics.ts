/**
 * Process metrics in the Prometheus text format: counters that only grow (refusals by reason)
 * and gauges read when scraped (open connections). Served on `/metrics` to loopback callers.
 */

/** Labels of one series, e.g. `{ reason: 'per_address' }`. */
export type Labels = Record<string, string>;

interface Metric {
  help: string;
  type: 'counter' | 'gauge';
  /** Series by their label text (`reason="total"`), for counters. */
  series: Map<string, number>;
  /** Read at scrape time, for gauges. */
  read?: () => number;
}

const metrics = new Map<string, Metric>();

function labelText(labels: Labels): string {
  return Object.entries(labels)
    .map(([k, v]) => `${k}="${v.replace(/["\\\n]/g, '_')}"`)
    .join(',');
}

/** Declares a counter; declaring it again returns the same one. */
export function counter(name: string, help: string) {
  let metric = metrics.get(name);
  if (!metric) metrics.set(name, (metric = { help, type: 'counter', series: new Map() }));
  const m = metric;
  return {
    /** Adds `by` (1) to the series of `labels`. */
    inc(labels: Labels = {}, by = 1): void {
      const key = labelText(labels);
      m.series.set(key, (m.series.get(key) ?? 0) + by);
    },
    /** The series' current value. */
    value(labels: Labels = {}): number {
      return m.series.get(labelText(labels)) ?? 0;
    },
  };
}

/** Declares a gauge read by `read` at scrape time (the newest declaration wins). */
export function gauge(name: string, help: string, read: () => number): void {
  metrics.set(name, { help, type: 'gauge', series: new Map(), read });
}

/** Every metric in the Prometheus text exposition format. */
export function renderMetrics(): string {
  const lines: string[] = [];
  for (const [name, m] of metrics) {
    lines.push(`# HELP ${name} ${m.help}`, `# TYPE ${name} ${m.type}`);
    if (m.read) lines.push(`${name} ${m.read()}`);
    else if (m.series.size === 0) lines.push(`${name} 0`);
    for (const [labels, value] of m.series) {
      lines.push(labels ? `${name}{${labels}} ${value}` : `${name} ${value}`);
    }
  }
  return lines.join('\n') + '\n';
}
