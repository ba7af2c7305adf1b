import { DAY } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { setCache } from '#core/http/pages/cache-rules.js';
import type { Routes } from '#core/http/route/route.js';
import { operatorSettings } from './operator.service.js';

/** RFC 9116 asks for an expiry under a year ahead; computed per request, it never runs out while the app runs. */
const VALID_DAYS = 180;

/** The lines of /.well-known/security.txt from the operator settings (contact) and PUBLIC_URL (canonical). */
export function securityTxt(publicUrl: string, contactEmail: string, now: Date): string {
  // Without an email the imprint is the contact (RFC 9116 allows any URI); it names how to reach the operator.
  const contact = contactEmail.trim() ? `mailto:${contactEmail.trim()}` : `${publicUrl}/impressum`;
  const expires = new Date(now.getTime() + VALID_DAYS * DAY).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return [`Contact: ${contact}`, `Expires: ${expires}`, 'Preferred-Languages: de, en', `Canonical: ${publicUrl}/.well-known/security.txt`, ''].join('\n');
}

export function securityTxtRoute(ctx: AppContext, routes: Routes): void {
  routes.router.get('/.well-known/security.txt', async (_req, res) => {
    const s = await operatorSettings(ctx);
    setCache(res, 'revalidate');
    res.type('text/plain; charset=utf-8').send(securityTxt(ctx.config.publicUrl, s.contact_email, ctx.clock.now()));
  });
}
