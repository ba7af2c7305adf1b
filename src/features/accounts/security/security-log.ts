import type { Request } from 'express';
import type { Actor, SessionUser } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import type { Db } from '#core/db/index.js';
import { insertSecurityEvent, listSecurityEvents } from './security-log.repo.js';

export type SecurityEventKind = 'sign_in' | 'step_up' | 'passkey_added' | 'passkey_removed' | 'totp_enabled' | 'totp_disabled';
export type SignInMethod = 'password' | 'passkey' | 'totp' | 'recovery_code';

/** Writes one entry of the user's security log, with the request's user agent (cut to the column). */
export async function logSecurityEvent(
  db: Db,
  req: Request,
  now: Date,
  userId: number,
  kind: SecurityEventKind,
  method: SignInMethod | null = null,
): Promise<void> {
  const agent = req.get('user-agent')?.slice(0, 300) ?? null;
  await insertSecurityEvent(db, { user_id: userId, kind, method, user_agent: agent, created_at: now.toISOString() });
}

/** "Firefox unter Windows": the browser and system a user agent names, in words a person recognises. */
export function deviceOf(agent: string | null): string {
  if (!agent) return 'Unbekanntes Gerät';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /(Chrome|Chromium|CriOS)\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(agent)
          ? 'macOS'
          : /Linux|X11/.test(agent)
            ? 'Linux'
            : '';
  return system ? `${browser} unter ${system}` : browser;
}

export async function securityLogOf(ctx: AppContext, actor: Actor) {
  const rows = await listSecurityEvents(ctx.db, actor.id, 50);
  return { items: rows.map((r) => ({ id: r.id, kind: r.kind, method: r.method, device: deviceOf(r.user_agent), created_at: r.created_at })) };
}

const CHANGE_WORDS: Record<'passkey_added' | 'passkey_removed' | 'totp_enabled' | 'totp_disabled', string> = {
  passkey_added: 'ein neuer Passkey wurde zu deinem Konto hinzugefügt',
  passkey_removed: 'ein Passkey wurde aus deinem Konto entfernt',
  totp_enabled: 'die Bestätigung mit einer Authenticator-App wurde eingeschaltet',
  totp_disabled: 'die Bestätigung mit einer Authenticator-App wurde ausgeschaltet',
};

/** The mail after a passkey or TOTP was added or removed: whoever holds the account hears of it. */
export async function mailSecurityChange(
  ctx: AppContext,
  user: Pick<SessionUser, 'email' | 'name'>,
  kind: keyof typeof CHANGE_WORDS,
  detail = '',
): Promise<void> {
  const app = ctx.config.appName;
  await ctx.mail.enqueue({
    to: user.email,
    subject: `${app}: Änderung an deiner Anmeldung`,
    text:
      `Hallo ${user.name},\n\n${CHANGE_WORDS[kind]}${detail ? ` („${detail}“)` : ''}.\n\n` +
      `Warst du das selbst? Dann ist alles in Ordnung.\n` +
      `Warst du das nicht? Dann ändere bitte sofort dein Passwort und sieh unter „Profil → Anmeldungen und Sicherheit“ nach ` +
      `(${ctx.config.publicUrl}/app/profil/sicherheit).\n\nViele Grüße\ndein ${app}-Team`,
  });
}
