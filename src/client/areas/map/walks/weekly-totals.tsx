import type { WeekTotal, WeeklyWalks } from '../../../api/types.js';
import { formatDate, formatKm } from '../../../core/format.js';
import { DataTable } from '../../../ui/data-table.js';
import { walksTexts } from './texts.js';

type Row = WeekTotal & { dog: string; dog_id: number };

/** Per dog, the weeks with walks (Monday to Sunday, newest first): rounds, distance, time. */
export function WeeklyTotals({ data }: { data: WeeklyWalks }) {
  const rows: Row[] = data.dogs.flatMap((d) => d.weeks.filter((w) => w.walks > 0).map((w) => ({ dog: d.name, dog_id: d.dog_id, ...w })));
  return (
    <DataTable
      caption={walksTexts.weekly}
      rows={rows}
      rowKey={(r) => `${r.dog_id}-${r.week_start}`}
      emptyTitle={walksTexts.noWeekly}
      columns={[
        { header: walksTexts.dog, cell: (r) => r.dog },
        { header: walksTexts.week, cell: (r) => formatDate(r.week_start) },
        { header: walksTexts.count, numeric: true, cell: (r) => r.walks },
        { header: walksTexts.total, numeric: true, cell: (r) => formatKm(r.distance_m) },
        { header: walksTexts.time, numeric: true, cell: (r) => `${r.duration_min} Min.` },
      ]}
    />
  );
}
