/**
 * Process metrics in the Prometheus format (prom-client): counters, gauges read at scrape time
 * and histograms, plus Node's own (event-loop delay, heap, CPU, open handles). Served on
 * `/metrics` to loopback callers or to holders of METRICS_TOKEN; never through the public port
 * of a cluster. Label values must come from short fixed lists (a reason, a frame type, a route
 * pattern): a value a client chooses would grow the series without end.
 */
import client from 'prom-client';

/** Labels of one series, e.g. `{ reason: 'per_address' }`. */
export type Labels = Record<string, string>;

/** One registry per process, kept on globalThis like the runtime (several module graphs). */
const KEY = Symbol.for('arena-live.metrics');
type Holder = { [KEY]?: client.Registry };

function registry(): client.Registry {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    holder[KEY] = new client.Registry();
    client.collectDefaultMetrics({ register: holder[KEY], eventLoopMonitoringPrecision: 20 });
  }
  return holder[KEY];
}

function existing<T>(name: string): T | undefined {
  return registry().getSingleMetric(name) as T | undefined;
}

/** A counter that only grows. */
export interface Counter {
  /** Adds `by` (1) to the series of `labels`. */
  inc: (labels?: Labels, by?: number) => void;
}

/** Declares a counter with its label names; declaring it again returns the same one. */
export function counter(name: string, help: string, labelNames: string[] = []): Counter {
  const metric =
    existing<client.Counter>(name) ??
    new client.Counter({ name, help, labelNames, registers: [registry()] });
  return { inc: (labels = {}, by = 1) => metric.inc(labels, by) };
}

/** Declares a gauge read by `read` at scrape time (a later declaration's reader wins). */
export function gauge(name: string, help: string, read: () => number): void {
  const old = existing<client.Gauge>(name);
  if (old) registry().removeSingleMetric(name);
  new client.Gauge({
    name,
    help,
    registers: [registry()],
    collect() {
      this.set(read());
    },
  });
}

/**
 * Declares a counter whose total is kept elsewhere (a plain number on a hot path) and read by
 * `read` at scrape time.
 */
export function counterFrom(name: string, help: string, read: () => number): void {
  if (existing(name)) registry().removeSingleMetric(name);
  new client.Counter({
    name,
    help,
    registers: [registry()],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/** A histogram of observed values (seconds, sizes). */
export interface Histogram {
  observe: (labels: Labels, value: number) => void;
}

/** Declares a histogram with its buckets; declaring it again returns the same one. */
export function histogram(
  name: string,
  help: string,
  labelNames: string[],
  buckets: number[],
): Histogram {
  const metric =
    existing<client.Histogram>(name) ??
    new client.Histogram({ name, help, labelNames, buckets, registers: [registry()] });
  return { observe: (labels, value) => metric.observe(labels, value) };
}

/** Seconds since `started` (a performance.now() reading). */
export const secondsSince = (started: number) => (performance.now() - started) / 1000;

/** Every metric in the Prometheus text format. */
export function renderMetrics(): Promise<string> {
  return registry().metrics();
}

/** The content type of renderMetrics' text. */
export const METRICS_CONTENT_TYPE = client.Registry.PROMETHEUS_CONTENT_TYPE;
