import { z } from 'zod';
import { requireVerifiedEmail } from '#core/auth/guards.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AccountDeletionStep, AppContext } from '#core/context.js';
import { conflict, forbidden, notFound } from '#core/http/route/errors.js';
import { requiredText } from '#core/http/route/schema-kit.js';
import { closeReports, closeReportsOfGoneRows, fileReport, findReport, openReportPage, type OpenReport } from '#core/reports/index.js';
import type { PageQuery } from '#core/http/route/pagination.js';
import { pageSchema } from '#core/http/route/pagination.js';
import { maskEmail, updateUser } from '../../admin/admin-users/index.js';
import { findMessage, messagesAround, REPORTED_MESSAGES, reportedMessages } from './message-reports.repo.js';

/**
 * Reports of direct messages (decisions: Safety alerts, appointments, blocks and reports). Only the recipient reports
 * a message; the moderators see it in its context — a few messages before and after, of that one conversation — and
 * may suspend the sender. Privacy: only staff (moderators, admins) read a reported conversation, and only these lines.
 */

/** How many messages before and after the reported one a moderator sees. */
export const CONTEXT_MESSAGES = 3;

export const ReportBody = z.strictObject({ reason: requiredText(1_000) }).meta({ id: 'MessageReportBody' });
const Person = z.object({ id: z.number().int(), name: z.string() });
const MessageReport = z
  .object({
    id: z.number().int(),
    reason: z.string(),
    created_at: z.string(),
    reporter: Person.extend({ email: z.string() }),
    sender: Person.extend({ email: z.string(), status: z.string() }),
    message: z.object({ id: z.number().int(), text: z.string(), created_at: z.string() }),
    context: z
      .array(z.object({ id: z.number().int(), sender_id: z.number().int(), text: z.string(), created_at: z.string(), reported: z.boolean() }))
      .meta({ description: `Bis zu ${CONTEXT_MESSAGES} Nachrichten davor und danach aus dieser einen Unterhaltung, älteste zuerst` }),
  })
  .meta({ id: 'MessageReport' });
export const MessageReportList = pageSchema(MessageReport).meta({ id: 'MessageReportList' });
export const ResolveBody = z.strictObject({ action: z.enum(['dismiss', 'suspend']) }).meta({ id: 'MessageReportResolveBody' });

/** Moderators see addresses masked as in the admin views; admins see them whole. */
const shown = (viewer: Actor, email: string) => (viewer.rolle === 'admin' ? email : maskEmail(email));

/** A message exists (404), is the caller's to report: received (403 for others' messages), not sent by them (409). */
export async function messageToReport(ctx: AppContext, actor: Actor, id: number) {
  requireVerifiedEmail(actor);
  const message = await findMessage(ctx.db, id);
  if (!message) throw notFound('Diese Nachricht gibt es nicht.');
  if (message.sender_id === actor.id) throw conflict('Das ist deine eigene Nachricht.', 'own_message');
  if (message.recipient_id !== actor.id) throw forbidden('Du kannst nur Nachrichten melden, die du bekommen hast.');
  return message;
}

export async function reportMessage(ctx: AppContext, actor: Actor, id: number, reason: string): Promise<void> {
  await messageToReport(ctx, actor, id);
  await fileReport(ctx, actor.id, { kind: REPORTED_MESSAGES, id }, reason, { title: 'Neue Meldung: Nachricht', tag: 'moderation-messages', key: 'message' });
}

/** The open reports of messages, oldest first, each with its message in context. */
export function messageReportQueue(ctx: AppContext, viewer: Actor, query: PageQuery): Promise<z.infer<typeof MessageReportList>> {
  return openReportPage(ctx.db, [REPORTED_MESSAGES], query, (reports) => withContext(ctx, viewer, reports));
}

async function withContext(ctx: AppContext, viewer: Actor, reports: OpenReport[]) {
  const messages = new Map((await reportedMessages(ctx.db, [...new Set(reports.map((r) => r.target_id))])).map((m) => [m.id, m]));
  const items = [];
  for (const r of reports) {
    const m = messages.get(r.target_id);
    if (!m) continue; // gone with an account: its report is closed by the deletion step
    const context = await messagesAround(ctx.db, m, m.id, CONTEXT_MESSAGES);
    items.push({
      id: r.id,
      reason: r.reason,
      created_at: r.created_at,
      reporter: { id: r.reporter_id, name: r.reporter_name, email: shown(viewer, r.reporter_email) },
      sender: { id: m.sender_id, name: m.sender_name, email: shown(viewer, m.sender_email), status: m.sender_status },
      message: { id: m.id, text: m.text, created_at: m.created_at },
      context: context.map((c) => ({ ...c, reported: c.id === m.id })),
    });
  }
  return items;
}

/** dismiss: nothing happens; suspend: the sender's account is suspended (every session ends). Every open report of the message closes. */
export async function resolveMessageReport(ctx: AppContext, viewer: Actor, reportId: number, action: 'dismiss' | 'suspend'): Promise<void> {
  const report = await findReport(ctx.db, reportId, [REPORTED_MESSAGES]);
  const message = report && (await findMessage(ctx.db, report.target_id));
  if (!report || !message) throw notFound('Diese Meldung gibt es nicht.');
  if (action === 'suspend') await updateUser(ctx, viewer, message.sender_id, { status: 'suspended' });
  await closeReports(ctx.db, REPORTED_MESSAGES, [message.id], viewer.id, action, ctx.clock.now().toISOString());
  ctx.log.info({ reportId, messageId: message.id, action, by: viewer.id }, 'message report resolved');
}

/** Messages go with their sender's or recipient's account (ON DELETE CASCADE): their open reports close. */
export const messageReportsAccountDeletion =
  (ctx: AppContext): AccountDeletionStep =>
  (trx) =>
    closeReportsOfGoneRows(trx, REPORTED_MESSAGES, 'deleted', ctx.clock.now().toISOString());
