import { addDays, dateInZone, germanDate } from '#core/clock.js';
import type { Job } from '#core/context.js';
import { idBatches } from '#core/id-batches.js';
import { notify } from '../../accounts/notifications/index.js';
import { dutiesDueBetween, recordedRegistries, type DueDutyRow } from './duties.repo.js';
import { DUTY_TITLES } from './duties.schemas.js';

const AHEAD_DAYS = 14;

const urlOf = (r: DueDutyRow) => `/app/hunde/${r.dog_id}/pflichten`;

/**
 * Daily at 08:10 (issue 53): a due or renewal date within the next 14 days reminds the owner once (the first run
 * in that window, so a date entered late still gets one); each dedupe key names the row and the date, so reruns and
 * a second instance send nothing twice and a new date arms a new reminder. In September, once a year, a recorded
 * registry asks "Sind Chip und Registrierung noch aktuell?". In batches.
 */
export const dutyRemindersJob: Job = {
  name: 'duties.reminders',
  schedule: '10 8 * * *',
  async run(ctx) {
    const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
    const until = addDays(today, AHEAD_DAYS);
    let sent = 0;
    for await (const rows of idBatches((afterId, size) => dutiesDueBetween(ctx.db, today, until, afterId, size))) {
      for (const r of rows) {
        const what = DUTY_TITLES[r.code] ?? r.code;
        for (const [kind, day] of [
          ['due', r.due_on],
          ['renews', r.renews_on],
        ] as const) {
          if (!day || day < today || day > until) continue;
          const title = kind === 'due' ? `${r.dog_name}: ${what} fällig am ${germanDate(day)}` : `${r.dog_name}: ${what} verlängert sich am ${germanDate(day)}`;
          const body = kind === 'due' ? 'Denk an die Zahlung, damit keine Mahnung kommt.' : 'Prüf Beitrag und Deckung, solange du noch wechseln kannst.';
          const note = await notify(ctx, r.user_id, 'duty', { title, body, url: urlOf(r), tag: `duty-${r.id}` }, { dedupeKey: `duty:${r.id}:${kind}:${day}` });
          if (note) sent++;
        }
      }
    }
    if (today.slice(5, 7) === '09') {
      const year = today.slice(0, 4);
      for await (const rows of idBatches((afterId, size) => recordedRegistries(ctx.db, afterId, size))) {
        for (const r of rows) {
          const note = await notify(
            ctx,
            r.user_id,
            'duty',
            {
              title: `${r.dog_name}: Sind Chip und Registrierung noch aktuell?`,
              body: `Prüf bei ${r.provider}, ob Adresse und Telefonnummer stimmen: nur dann kommt ein entlaufener Hund zurück.`,
              url: urlOf(r),
              tag: `duty-${r.id}`,
            },
            { dedupeKey: `duty:${r.id}:check:${year}` },
          );
          if (note) sent++;
        }
      }
    }
    return sent;
  },
};
