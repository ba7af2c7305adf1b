import { backupStatus } from '../backup/backup-status.js';
import { addDays, dateInZone, germanDate } from '#core/clock.js';
import type { AppContext, Job } from '#core/context.js';
import { claimUnreportedCspCount, deleteOldCspReports, releaseCspClaim } from '#core/http/csp-reports.repo.js';
import type { OutgoingMail } from '../mail/transport.js';
import { claimUnreported, releaseClaim, type ReportedCount } from './error-counts.repo.js';

const TOP = 10;

/** CSP reports stay this long after a digest has counted them (the admin list shows the last 30 days). */
const CSP_KEEP_DAYS = 30;

/**
 * `rows` are the claimed error counts; `cspCount` the claimed CSP violations of the same days (either may be 0);
 * `backupProblem` what is wrong with the backups (a failed or missing snapshot), or null.
 */
export function digestMail(
  ctx: Pick<AppContext, 'config'>,
  to: string,
  rows: ReportedCount[],
  cspCount: number,
  yesterday: string,
  backupProblem: string | null = null,
): OutgoingMail {
  const total = rows.reduce((n, r) => n + r.count, 0);
  const days = rows.length ? [...new Set(rows.map((r) => r.day))].sort() : [yesterday];
  const perDay = days.map((d) => `  ${germanDate(d)}: ${rows.filter((r) => r.day === d).reduce((n, r) => n + r.count, 0)}`);
  const byMessage = new Map<string, number>();
  for (const r of rows) byMessage.set(r.message, (byMessage.get(r.message) ?? 0) + r.count);
  const top = [...byMessage].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, TOP);
  const span = days.length === 1 ? `am ${germanDate(days[0] ?? '')}` : `vom ${germanDate(days[0] ?? '')} bis ${germanDate(days[days.length - 1] ?? '')}`;
  const csp = cspCount
    ? [``, `Dazu ${cspCount} CSP-Meldungen von Browsern (blockierte Stile, Skripte oder Bilder). Die Liste steht in der Verwaltung unter „CSP-Meldungen“.`]
    : [];
  const errors = total
    ? [
        ``,
        `Pro Tag:`,
        ...perDay,
        ``,
        `Die häufigsten Meldungen:`,
        ...top.map(([message, count]) => `  ${count}× ${message}`),
        ``,
        `Einzelheiten stehen im Log (Stufe "error").`,
      ]
    : [];
  const backup = backupProblem ? [``, `Sicherung: ${backupProblem}`, `Die Sicherungen stehen in der Verwaltung unter „Sicherungen“.`] : [];
  const counted = [total ? `${total} Fehler` : '', cspCount ? `${cspCount} CSP-Meldungen` : ''].filter(Boolean).join(' und ');
  return {
    to,
    subject: counted
      ? `${ctx.config.appName}: ${counted} ${span}${backupProblem ? ', Sicherung fehlt' : ''}`
      : `${ctx.config.appName}: Sicherung fehlt oder ist fehlgeschlagen`,
    text: [`Hallo,`, ``, `${ctx.config.appName} hat ${span} ${total || 'keine'} Fehler protokolliert.`, ...errors, ...csp, ...backup].join('\n'),
  };
}

/**
 * Daily at 06:30 (decisions: Jobs): mails ADMIN_EMAIL the errors and CSP reports of the days before today that no
 * digest has reported yet, only when there were any. The mail goes through the outbox (a failed send is retried there).
 * Rerunning sends nothing twice: the rows are claimed (reported_at) before the mail is queued, and a failure to
 * queue gives the claim back.
 */
export const errorDigestJob: Job = {
  name: 'errors.send-digest',
  schedule: '30 6 * * *',
  async run(ctx) {
    await ctx.errors.flush();
    const to = ctx.config.mail.adminEmail;
    if (!to) {
      ctx.log.warn('ADMIN_EMAIL is not set: the error digest waits');
      return 0;
    }
    const now = ctx.clock.now();
    const stamp = now.toISOString();
    const today = dateInZone(now, ctx.config.timeZone);
    await deleteOldCspReports(ctx.db, addDays(today, -CSP_KEEP_DAYS));
    const rows = await claimUnreported(ctx.db, today, stamp);
    const cspCount = await claimUnreportedCspCount(ctx.db, today, stamp);
    const { problem } = await backupStatus(ctx);
    if (rows.length === 0 && cspCount === 0 && !problem) return 0;
    try {
      await ctx.mail.enqueue(digestMail(ctx, to, rows, cspCount, addDays(today, -1), problem));
    } catch (err) {
      await releaseClaim(ctx.db, stamp);
      await releaseCspClaim(ctx.db, stamp);
      throw err;
    }
    return 1;
  },
};
