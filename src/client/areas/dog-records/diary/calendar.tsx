import { apiGet } from '../../../core/api.js';
import type { DiaryCalendar } from '../../../api/types.js';
import { formatMonth, shiftMonth, todayInBerlin } from '../../../core/format.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Load, useResource } from '../../../ui/states.js';
import { DiaryFrame, viewHref } from './diary-nav.js';
import { diaryTexts } from './texts.js';

/** The weeks of a month, Monday first; null pads the days before the 1st and after the last. */
export function monthGrid(month: string): (string | null)[][] {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const firstWeekday = (new Date(Date.UTC(year, mon - 1, 1)).getUTCDay() + 6) % 7;
  const days = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  const cells: (string | null)[] = [...Array<null>(firstWeekday).fill(null)];
  for (let d = 1; d <= days; d++) cells.push(`${month}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

function MonthGrid({ data, today }: { data: DiaryCalendar; today: string }) {
  const byDate = new Map(data.days.map((d) => [d.date, d]));
  return (
    <>
      <table class="calendar">
        <caption class="visually-hidden">{formatMonth(data.month)}</caption>
        <thead>
          <tr>
            {diaryTexts.calendar.weekdays.map((d, i) => (
              <th key={d} scope="col">
                <abbr title={diaryTexts.calendar.weekdaysLong[i]}>{d}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(data.month).map((week, w) => (
            <tr key={w}>
              {week.map((date, i) => {
                if (!date) return <td key={i} class="cal-pad" />;
                const day = byDate.get(date);
                const number = Number(date.slice(8));
                const isToday = date === today;
                return (
                  <td key={date} class={`${day ? 'cal-has' : ''}${isToday ? ' cal-today' : ''}`}>
                    {day ? (
                      <a
                        href={`/app/tagebuch/eintrag/${day.first_entry_id}`}
                        aria-label={`${number}. ${formatMonth(data.month)}: ${diaryTexts.calendar.entries(day.entries)}`}
                      >
                        {day.preview_url && <img src={day.preview_url} alt="" loading="lazy" width={64} height={64} />}
                        <span class="cal-num">{number}</span>
                        {day.entries > 1 && <span class="cal-count">{day.entries}</span>}
                      </a>
                    ) : (
                      <span class="cal-num" aria-current={isToday ? 'date' : undefined}>
                        {number}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {data.days.length === 0 && <p class="muted center">{diaryTexts.calendar.none}</p>}
    </>
  );
}

function Calendar({ dogId, month }: { dogId: number | null; month: string }) {
  const [calendar, reload] = useResource(apiGet('/api/diary/calendar', { params: { query: { month, dog_id: dogId ?? undefined } } }));
  const today = todayInBerlin();
  return (
    <div class="card calendar-card">
      <div class="calendar-head">
        <a
          class="button button-secondary button-small"
          href={viewHref('calendar', dogId, `monat=${shiftMonth(month, -1)}`)}
          aria-label={diaryTexts.calendar.prev}
        >
          ‹
        </a>
        <h2 aria-live="polite">{formatMonth(month)}</h2>
        <a
          class="button button-secondary button-small"
          href={viewHref('calendar', dogId, `monat=${shiftMonth(month, 1)}`)}
          aria-label={diaryTexts.calendar.next}
        >
          ›
        </a>
      </div>
      <Load resource={calendar} onRetry={reload}>
        {(data) => <MonthGrid data={data} today={today} />}
      </Load>
    </div>
  );
}

export function DiaryCalendarScreen({ query }: ScreenProps) {
  const wanted = query.get('monat') ?? '';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(wanted) ? wanted : todayInBerlin().slice(0, 7);
  return (
    <DiaryFrame view="calendar" query={query}>
      {(dog) => <Calendar dogId={dog?.id ?? null} month={month} />}
    </DiaryFrame>
  );
}
