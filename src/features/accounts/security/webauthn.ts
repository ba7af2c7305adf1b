import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AppContext } from '#core/context.js';

/** The relying party: PUBLIC_URL's host is the id, its origin the only origin a passkey may be used on. */
export function relyingParty(ctx: AppContext): { id: string; origin: string; name: string } {
  return { id: new URL(ctx.config.publicUrl).hostname, origin: ctx.config.publicUrl, name: ctx.config.appName };
}

/** The challenge a browser's answer was made for (clientDataJSON.challenge); undefined for anything unreadable. */
export function challengeOf(response: RegistrationResponseJSON | AuthenticationResponseJSON): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'));
    const challenge = typeof data === 'object' && data !== null ? (data as { challenge?: unknown }).challenge : undefined;
    return typeof challenge === 'string' && challenge.length <= 100 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

export const CHALLENGE_TTL_MS = 5 * 60_000;
