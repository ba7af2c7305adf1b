import type { SessionUser } from '#core/auth/session-user.js';

declare global {
  namespace Express {
    interface Request {
      /** Request id: from a sane X-Request-Id header or generated. */
      id: string;
      /** The logged-in user, set by the session middleware when the cookie is valid. */
      user?: SessionUser;
      /** The verified session's id (jti) and login time (seconds), for logout. */
      sessionToken?: { jti: string; at: number; sf?: number };
      /**
       * Whether staff routes may serve this session: STAFF_SECOND_FACTOR=off, or the session was opened or raised
       * with a passkey or a TOTP code within the last 12 hours (core/auth/session.ts).
       */
      staffCleared?: boolean;
    }
  }
}

export {};
