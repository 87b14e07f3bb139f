/** A titled chart card: Chart.js loads on first use and redraws when the data change. */
import { useEffect, useRef, useState } from 'react';
import type { ChartHandle, ChartSpec } from './charts.ts';

/** Props of ChartBox. */
interface Props {
  title: string;
  /** Read by screen readers in place of the canvas. */
  label: string;
  spec: ChartSpec;
  /** Test hook and styling name. */
  name: string;
}

/** One chart. */
export function ChartBox({ title, label, spec, name }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<ChartHandle | null>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    let gone = false;
    void import('./charts.ts').then(({ drawChart }) => {
      if (gone || !canvas.current) return;
      if (chart.current) chart.current.update(spec);
      else chart.current = drawChart(canvas.current, spec);
      setDrawn(true);
    });
    return () => {
      gone = true;
    };
  }, [spec]);
  useEffect(() => () => chart.current?.destroy(), []);

  return (
    <figure className="ac-chart" data-chart={name} data-drawn={drawn ? '1' : '0'}>
      <figcaption>{title}</figcaption>
      <div className="ac-chart-box">
        <canvas ref={canvas} role="img" aria-label={label} />
      </div>
    </figure>
  );
}
