import { z } from 'zod';
import { requireVerifiedEmail } from '#core/auth/guards.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AccountDeletionStep, AppContext } from '#core/context.js';
import { conflict, notFound } from '#core/http/route/errors.js';
import { requiredText } from '#core/http/route/schema-kit.js';
import { closeReports, closeReportsOfGoneRows, fileReport, findReport, openReportPage } from '#core/reports/index.js';
import type { PageQuery } from '#core/http/route/pagination.js';
import { pageSchema } from '#core/http/route/pagination.js';
import { maskEmail, updateUser } from '../../admin/admin-users/index.js';
import { findUserCard } from './friends.repo.js';
import { REPORTED_USERS, reportedUsers } from './user-reports.repo.js';

/**
 * Reports of people (a profile, a friend: harassment, a fake account), in the one moderation queue (core/reports,
 * kind 'users'). The moderators see the person's card and may suspend the account.
 */

export const ReportBody = z.strictObject({ reason: requiredText(1_000) }).meta({ id: 'UserReportBody' });
const UserReport = z
  .object({
    id: z.number().int(),
    reason: z.string(),
    created_at: z.string(),
    reporter: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
    user: z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      avatar_url: z.string().nullable(),
      city: z.string().nullable(),
      status: z.string(),
    }),
  })
  .meta({ id: 'UserReport' });
export const UserReportList = pageSchema(UserReport).meta({ id: 'UserReportList' });
export const ResolveBody = z.strictObject({ action: z.enum(['dismiss', 'suspend']) }).meta({ id: 'UserReportResolveBody' });

/** Moderators see addresses masked as in the admin views; admins see them whole. */
const shown = (viewer: Actor, email: string) => (viewer.rolle === 'admin' ? email : maskEmail(email));

/** Anybody with a confirmed email address (403) may report a person who exists (404), not themselves (409). */
export async function userToReport(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  requireVerifiedEmail(actor);
  if (!(await findUserCard(ctx.db, userId))) throw notFound('Diese Person gibt es nicht.');
  if (userId === actor.id) throw conflict('Dich selbst kannst du nicht melden.', 'own_account');
}

export async function reportUser(ctx: AppContext, actor: Actor, userId: number, reason: string): Promise<void> {
  await userToReport(ctx, actor, userId);
  await fileReport(ctx, actor.id, { kind: REPORTED_USERS, id: userId }, reason, { title: 'Neue Meldung: Person', tag: 'moderation-users', key: 'user' });
}

/** The open reports of people, oldest first, with the person's card. */
export function userReportQueue(ctx: AppContext, viewer: Actor, query: PageQuery): Promise<z.infer<typeof UserReportList>> {
  return openReportPage(ctx.db, [REPORTED_USERS], query, async (reports) => {
    const users = new Map((await reportedUsers(ctx.db, [...new Set(reports.map((r) => r.target_id))])).map((u) => [u.id, u]));
    return reports.flatMap((r) => {
      const u = users.get(r.target_id);
      if (!u) return [];
      return [
        {
          id: r.id,
          reason: r.reason,
          created_at: r.created_at,
          reporter: { id: r.reporter_id, name: r.reporter_name, email: shown(viewer, r.reporter_email) },
          user: { ...u, email: shown(viewer, u.email) },
        },
      ];
    });
  });
}

/** dismiss: nothing happens; suspend: the account is suspended (every session ends). Every open report of the person closes. */
export async function resolveUserReport(ctx: AppContext, viewer: Actor, reportId: number, action: 'dismiss' | 'suspend'): Promise<void> {
  const report = await findReport(ctx.db, reportId, [REPORTED_USERS]);
  if (!report || !(await findUserCard(ctx.db, report.target_id))) throw notFound('Diese Meldung gibt es nicht.');
  if (action === 'suspend') await updateUser(ctx, viewer, report.target_id, { status: 'suspended' });
  await closeReports(ctx.db, REPORTED_USERS, [report.target_id], viewer.id, action, ctx.clock.now().toISOString());
  ctx.log.info({ reportId, userId: report.target_id, action, by: viewer.id }, 'user report resolved');
}

/** A reported person who deletes the account (or is deleted) leaves the queue. */
export const userReportsAccountDeletion =
  (ctx: AppContext): AccountDeletionStep =>
  (trx) =>
    closeReportsOfGoneRows(trx, REPORTED_USERS, 'deleted', ctx.clock.now().toISOString());
