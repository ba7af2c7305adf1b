import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export interface SessionClaims {
  sub: string;
  jti: string;
  /** The user's token version when issued; a password change, deletion, suspension or ban bumps it. */
  tv: number;
  /** Login time (seconds): renewals keep it, so a session ends 30 days after login at the latest. */
  at: number;
  /** When the session was opened or raised with a passkey or a TOTP code (seconds); absent for a password alone. */
  sf?: number;
  iat: number;
  exp: number;
}

/** Verified tokens remembered at most (about 3 MB); past that the memory starts again, empty. */
const MAX_REMEMBERED = 10_000;

/**
 * HS256 session tokens. The secret is a KeyObject: jsonwebtoken otherwise tries to parse a string secret
 * as a public key on every verify (~40x slower here; see TOOLCHAIN.md).
 *
 * A token whose signature checked out once is remembered with its claims: a browser sends the same token with every
 * request, and the HMAC was most of the session's cost per request. Only the signature is remembered — expiry is
 * checked on every call, and revocation, token version and account status are the session's checks after this one.
 */
export class TokenService {
  readonly #key: KeyObject;
  /**
   * Keyed by the token's signature (after its last dot, 43 characters): a Map hashes its whole key, and the token is a new
   * string of ~240 characters on every request. The entry keeps the whole token, which must be equal too.
   */
  readonly #verified = new Map<string, { token: string; claims: SessionClaims }>();
  constructor(secret: string) {
    this.#key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** `jti` names the session: renewals keep it, so one logout blacklists every token the session ever had. */
  sign(input: { userId: number; tokenVersion: number; authTime: number; now: number; expiresAt: number; jti?: string; secondFactorAt?: number }): {
    token: string;
    claims: SessionClaims;
  } {
    const claims: SessionClaims = {
      sub: String(input.userId),
      jti: input.jti ?? randomUUID(),
      tv: input.tokenVersion,
      at: input.authTime,
      ...(input.secondFactorAt === undefined ? {} : { sf: input.secondFactorAt }),
      iat: input.now,
      exp: input.expiresAt,
    };
    return { token: jwt.sign(claims, this.#key, { algorithm: 'HS256' }), claims };
  }

  /** Null for anything not a valid, unexpired HS256 token of ours (tampered, alg:none, expired, garbage). */
  verify(token: string, nowSeconds: number): SessionClaims | null {
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const known = this.#verified.get(signature);
    if (known?.token === token) return nowSeconds >= known.claims.exp ? null : known.claims; // jsonwebtoken's rule: expired at exp
    const claims = this.#check(token, nowSeconds);
    if (claims) {
      if (this.#verified.size >= MAX_REMEMBERED) this.#verified.clear();
      this.#verified.set(signature, { token, claims });
    }
    return claims;
  }

  /** How many verified tokens are remembered (for the test of the bound). */
  rememberedCount(): number {
    return this.#verified.size;
  }

  #check(token: string, nowSeconds: number): SessionClaims | null {
    try {
      const payload = jwt.verify(token, this.#key, { algorithms: ['HS256'], clockTimestamp: nowSeconds });
      if (typeof payload !== 'object' || payload === null) return null;
      const p = payload as Partial<SessionClaims>;
      if (typeof p.sub !== 'string' || typeof p.jti !== 'string' || typeof p.tv !== 'number' || typeof p.at !== 'number') return null;
      if (typeof p.iat !== 'number' || typeof p.exp !== 'number') return null;
      if (p.sf !== undefined && typeof p.sf !== 'number') return null;
      return p as SessionClaims;
    } catch {
      return null;
    }
  }
}
