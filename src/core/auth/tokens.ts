import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export interface SessionClaims {
  sub: string;
  jti: string;
  /** The user's token version when issued; a password change, deletion, suspension or ban bumps it. */
  tv: number;
  /** Login time (seconds): renewals keep it, so a session ends 30 days after login at the latest. */
  at: number;
  iat: number;
  exp: number;
}

/**
 * HS256 session tokens. The secret is a KeyObject: jsonwebtoken otherwise tries to parse a string secret
 * as a public key on every verify (~40x slower here; see TOOLCHAIN.md).
 */
export class TokenService {
  readonly #key: KeyObject;
  constructor(secret: string) {
    this.#key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** `jti` names the session: renewals keep it, so one logout blacklists every token the session ever had. */
  sign(input: { userId: number; tokenVersion: number; authTime: number; now: number; expiresAt: number; jti?: string }): {
    token: string;
    claims: SessionClaims;
  } {
    const claims: SessionClaims = {
      sub: String(input.userId),
      jti: input.jti ?? randomUUID(),
      tv: input.tokenVersion,
      at: input.authTime,
      iat: input.now,
      exp: input.expiresAt,
    };
    return { token: jwt.sign(claims, this.#key, { algorithm: 'HS256' }), claims };
  }

  /** Null for anything not a valid, unexpired HS256 token of ours (tampered, alg:none, expired, garbage). */
  verify(token: string, nowSeconds: number): SessionClaims | null {
    try {
      const payload = jwt.verify(token, this.#key, { algorithms: ['HS256'], clockTimestamp: nowSeconds });
      if (typeof payload !== 'object' || payload === null) return null;
      const p = payload as Partial<SessionClaims>;
      if (typeof p.sub !== 'string' || typeof p.jti !== 'string' || typeof p.tv !== 'number' || typeof p.at !== 'number') return null;
      if (typeof p.iat !== 'number' || typeof p.exp !== 'number') return null;
      return p as SessionClaims;
    } catch {
      return null;
    }
  }
}
