import type { Request, RequestHandler } from 'express';
import { forbidden, unauthorized } from '../http/errors.js';
import type { Actor, Role } from './session-user.js';

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : unauthorized());
};

export function requireRole(...roles: Role[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(unauthorized());
    next(roles.includes(req.user.rolle as Role) ? undefined : forbidden());
  };
}

/** Breeder-only routes accept breeder and breeder_test (spec, Authentication 6). */
export function requireTier(...tiers: string[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(unauthorized());
    next(tiers.includes(req.user.subscription_tier) ? undefined : forbidden('Diese Funktion gibt es nur in einem anderen Tarif.'));
  };
}

/**
 * The caller inside `before` middleware of a route (rate limits, upload pre-checks), which runs after the
 * route's access guard: the same actor the handler gets, without a cast.
 */
export function actorOf(req: Request): Actor {
  if (!req.user) throw unauthorized();
  return req.user;
}
