import { useState } from 'preact/hooks';
import { formatDate, formatKg } from '../../../core/format.js';
import type { Weight } from './health-api.js';
import { healthTexts } from './texts.js';

const W = 640;
const H = 260;
const PAD = { left: 48, right: 16, top: 16, bottom: 36 };
const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

/** "Nice" tick values between min and max (about four). */
function ticks(min: number, max: number): number[] {
  const span = max - min || 1;
  const raw = span / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + 1e-9; v += step) out.push(Number(v.toFixed(3)));
  return out;
}

/**
 * The weight curve, hand-made SVG: a labelled image (title and description for screen readers) with axes and
 * points, and every value in a table below it, so nothing depends on seeing the chart.
 */
export function WeightChart({ weights }: { weights: Weight[] }) {
  const points = [...weights].sort((a, b) => a.date.localeCompare(b.date));
  // The rows are made when the table is opened: 200 of them, hidden, were 600 elements on every visit.
  const [tableOpen, setTableOpen] = useState(false);
  const table = (
    <details class="weight-table" onToggle={(e) => setTableOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{healthTexts.chart.table}</summary>
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">{healthTexts.chart.table}</caption>
          <thead>
            <tr>
              <th scope="col">{healthTexts.chart.dateCol}</th>
              <th scope="col">{healthTexts.chart.weightCol}</th>
            </tr>
          </thead>
          <tbody>
            {(tableOpen ? [...points].reverse() : []).map((w) => (
              <tr key={w.id}>
                <td>{formatDate(w.date)}</td>
                <td>{formatKg(w.weight_kg)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
  if (points.length < 2)
    return points.length ? (
      <>
        {<p class="muted">{healthTexts.chart.tooFew}</p>}
        {table}
      </>
    ) : null;

  const first = points[0] as Weight;
  const last = points[points.length - 1] as Weight;
  const values = points.map((p) => p.weight_kg);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = Math.max((hi - lo) * 0.1, 0.5);
  const yMin = Math.max(0, lo - pad);
  const yMax = hi + pad;
  const t0 = day(first.date);
  const t1 = day(last.date);
  const x = (iso: string) => PAD.left + ((day(iso) - t0) / (t1 - t0 || 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - yMin) / (yMax - yMin)) * (H - PAD.top - PAD.bottom);
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(p.date).toFixed(1)},${y(p.weight_kg).toFixed(1)}`).join(' ');
  const showDots = points.length <= 60;
  return (
    <figure class="weight-chart">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby="weight-chart-title weight-chart-desc" preserveAspectRatio="xMidYMid meet">
        <title id="weight-chart-title">{healthTexts.chart.title}</title>
        <desc id="weight-chart-desc">{healthTexts.chart.desc(points.length, formatKg(lo), formatKg(hi))}</desc>
        {ticks(yMin, yMax).map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="currentColor" stroke-opacity="0.15" />
            <text x={PAD.left - 6} y={y(v) + 4} text-anchor="end" font-size="12" fill="currentColor">
              {v.toLocaleString('de-DE')}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={H - 10} font-size="12" fill="currentColor">
          {formatDate(first.date)}
        </text>
        <text x={W - PAD.right} y={H - 10} font-size="12" text-anchor="end" fill="currentColor">
          {formatDate(last.date)}
        </text>
        <path class="weight-line" d={path} fill="none" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round" />
        {showDots && points.map((p) => <circle class="weight-dot" key={p.id} cx={x(p.date)} cy={y(p.weight_kg)} r="3.5" />)}
      </svg>
      <figcaption>
        {healthTexts.chart.title}: {formatKg(first.weight_kg)} ({formatDate(first.date)}) → {formatKg(last.weight_kg)} ({formatDate(last.date)})
      </figcaption>
      {table}
    </figure>
  );
}
