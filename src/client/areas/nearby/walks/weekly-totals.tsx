import { formatDate } from '../../../core/format.js';
import { Empty } from '../../../ui/states.js';
import { wx } from './texts.js';

export interface WeekTotal {
  week_start: string;
  walks: number;
  distance_m: number;
  duration_min: number;
}
export interface Weekly {
  dogs: { dog_id: number; name: string; weeks: WeekTotal[] }[];
}

/** Per dog, the weeks with walks (Monday to Sunday, newest first): rounds, distance, time. */
export function WeeklyTotals({ data }: { data: Weekly }) {
  const rows = data.dogs.flatMap((d) => d.weeks.filter((w) => w.walks > 0).map((w) => ({ dog: d.name, ...w })));
  if (rows.length === 0) return <Empty title={wx.noWeekly} />;
  return (
    <div class="table-wrap card">
      <table>
        <thead>
          <tr>
            <th scope="col">{wx.dog}</th>
            <th scope="col">{wx.week}</th>
            <th scope="col">{wx.count}</th>
            <th scope="col">{wx.total}</th>
            <th scope="col">{wx.time}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.dog}-${r.week_start}`}>
              <td>{r.dog}</td>
              <td>{formatDate(r.week_start)}</td>
              <td>{r.walks}</td>
              <td>{wx.km(r.distance_m)}</td>
              <td>{r.duration_min} Min.</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
