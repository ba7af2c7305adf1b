import type { SessionUser } from '../core/auth/session-user.js';

declare global {
  namespace Express {
    interface Request {
      /** Request id: from a sane X-Request-Id header or generated. */
      id: string;
      /** The logged-in user, set by the session middleware when the cookie is valid. */
      user?: SessionUser;
      /** The verified session's id (jti) and login time (seconds), for logout. */
      sessionToken?: { jti: string; at: number };
    }
  }
}

export {};
