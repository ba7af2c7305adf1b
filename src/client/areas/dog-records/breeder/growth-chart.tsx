import type { LitterWeights } from '../../../api/types.js';
import { formatDate } from '../../../core/format.js';
import { collarColor } from './collar.js';
import { breederTexts } from './texts.js';

const W = 640;
const H = 260;
const PAD = { left: 56, right: 16, top: 16, bottom: 36 };
const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

/** One line per puppy in its collar colour (hand-made SVG), every value also in a table below. */
export function GrowthChart({ data }: { data: LitterWeights }) {
  const all = data.puppies.flatMap((p) => p.weights);
  if (all.length === 0) return null;
  const days = [...new Set(all.map((w) => w.date))].sort();
  const minX = day(days[0]!);
  const maxX = Math.max(day(days[days.length - 1]!), minX + 86_400_000);
  const minY = Math.min(...all.map((w) => w.weight_g)) * 0.95;
  const maxY = Math.max(...all.map((w) => w.weight_g)) * 1.05;
  const x = (iso: string) => PAD.left + ((day(iso) - minX) / (maxX - minX)) * (W - PAD.left - PAD.right);
  const y = (g: number) => H - PAD.bottom - ((g - minY) / (maxY - minY || 1)) * (H - PAD.top - PAD.bottom);
  const label = (p: LitterWeights['puppies'][number]) => p.name ?? breederTexts.unnamed(p.collar_color);
  return (
    <figure class="growth-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={breederTexts.chartLabel}>
        <line x1={PAD.left} y1={H - PAD.bottom} x2={W - PAD.right} y2={H - PAD.bottom} class="axis-line" />
        <text x={PAD.left} y={H - 12} class="axis">
          {formatDate(days[0]!)}
        </text>
        <text x={W - PAD.right} y={H - 12} text-anchor="end" class="axis">
          {formatDate(days[days.length - 1]!)}
        </text>
        <text x={PAD.left - 6} y={y(maxY / 1.05)} text-anchor="end" class="axis">
          {breederTexts.grams(Math.round(maxY / 1.05))}
        </text>
        <text x={PAD.left - 6} y={y(minY / 0.95)} text-anchor="end" class="axis">
          {breederTexts.grams(Math.round(minY / 0.95))}
        </text>
        {data.puppies.map((p, i) => {
          const color = collarColor(p.collar_color, i);
          const pts = p.weights.map((w) => `${x(w.date).toFixed(1)},${y(w.weight_g).toFixed(1)}`).join(' ');
          return (
            <g key={p.puppy_id}>
              <polyline points={pts} fill="none" stroke={color} stroke-width={2.5} />
              {p.weights.map((w) => (
                <circle key={w.date} cx={x(w.date)} cy={y(w.weight_g)} r={3.5} fill={color}>
                  <title>{`${label(p)}, ${formatDate(w.date)}: ${breederTexts.grams(w.weight_g)}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
      <ul class="chart-legend">
        {data.puppies.map((p, i) => (
          <li key={p.puppy_id}>
            <span class="legend-swatch" style={{ background: collarColor(p.collar_color, i) }} aria-hidden="true" /> {label(p)}
          </li>
        ))}
      </ul>
      <details class="weight-table">
        <summary>{breederTexts.table}</summary>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{breederTexts.date}</th>
                {data.puppies.map((p) => (
                  <th key={p.puppy_id} scope="col">
                    {label(p)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d}>
                  <th scope="row">{formatDate(d)}</th>
                  {data.puppies.map((p) => {
                    const w = p.weights.find((v) => v.date === d);
                    return <td key={p.puppy_id}>{w ? breederTexts.grams(w.weight_g) : '–'}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
