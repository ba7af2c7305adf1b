import type { RequestHandler } from 'express';
import { AppError, forbidden, unauthorized } from '../http/route/errors.js';
import type { Actor, Role } from './session-user.js';

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : unauthorized());
};

/**
 * Staff routes: the role, and (STAFF_SECOND_FACTOR=required) a session opened or raised with a passkey or a TOTP
 * code within 12 hours (session.ts sets `staffCleared`). The app's admin panel reads the code and leads to setting
 * one up or to stepping up.
 */
export function requireRole(...roles: Role[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(unauthorized());
    if (!roles.includes(req.user.rolle as Role)) return next(forbidden());
    next(req.staffCleared ? undefined : secondFactorRequired());
  };
}

export const secondFactorRequired = () =>
  new AppError(
    403,
    'second_factor_required',
    'Für die Verwaltung brauchst du einen zweiten Schritt: bestätige dich mit einem Passkey oder einem Code aus deiner Authenticator-App.',
  );

/**
 * Routes for some plans only: the caller's `subscription_tier` must be one of `tiers`; admins pass (they support
 * every plan). Anyone else gets 403 with `code` and a German message that names the plan.
 */
export function requireTier(tiers: readonly string[], code: string, message: string): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(unauthorized());
    next(tiers.includes(req.user.subscription_tier) || req.user.rolle === 'admin' ? undefined : new AppError(403, code, message));
  };
}

/** Breeder-only routes accept breeder and breeder_test (spec, Authentication 6; decisions, Breeder area). */
export const requireBreeder = requireTier(
  ['breeder', 'breeder_test'],
  'breeder_only',
  'Die Zucht-Funktionen gibt es im Züchter-Tarif. Unter „Profil → Tarif“ kannst du ihn anfragen.',
);

/**
 * Everything other users see (forum posts, messages, friend requests, map reports) needs a confirmed email
 * (decisions, Community): an unverified account may read, not post. The client shows the message with a
 * "send the mail again" action keyed on the code.
 */
export function requireVerifiedEmail(actor: Pick<Actor, 'email_verified_at'>): void {
  if (!actor.email_verified_at) {
    throw new AppError(403, 'email_not_verified', 'Bitte bestätige zuerst deine E-Mail-Adresse. Danach kannst du hier schreiben.');
  }
}
