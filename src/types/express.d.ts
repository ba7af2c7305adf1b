import type { Logger } from 'pino';
import type { SessionUser } from '../core/auth/session-user.js';

declare global {
  namespace Express {
    interface Request {
      /** Request id: from a sane X-Request-Id header or generated. */
      id: string;
      log: Logger;
      /** The logged-in user, set by the session middleware when the cookie is valid. */
      user?: SessionUser;
      /** The verified session token's id (jti) and expiry, for logout. */
      sessionToken?: { jti: string; exp: number };
    }
  }
}

export {};
