import type { z } from 'zod';
import { AiError, createAiClient, type AiClient, type ChatJsonRequest } from '#core/ai/ai-client.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { AppError } from '#core/http/route/errors.js';
import type { AiFeature } from './ai-usage.repo.js';
import { takeUse } from './quota.js';

/**
 * The one way an area asks the AI for something on a user's behalf: configuration (503 without), consent
 * (notes_ki_enabled, 403), the free quota (429), the call, and a German error when the answer is unusable (502;
 * the quota use is given back and the caller stores nothing).
 */

const clients = new WeakMap<AppContext, AiClient | null>();

/** The context's AI client, made once; null when AI_BASE_URL is not set. */
export function aiClientOf(ctx: AppContext): AiClient | null {
  if (!clients.has(ctx)) clients.set(ctx, createAiClient(ctx) ?? null);
  return clients.get(ctx)!;
}

const unavailable = () => new AppError(503, 'ai_unavailable', 'Die KI-Funktionen sind hier gerade nicht verfügbar. Versuch es später noch mal.');

export function requireAiConfigured(ctx: AppContext): AiClient {
  const client = aiClientOf(ctx);
  if (!client) throw new AppError(503, 'ai_unavailable', 'Die KI-Funktionen sind auf diesem Server nicht eingerichtet.');
  return client;
}

export function requireAiConsent(actor: Actor): void {
  if (actor.notes_ki_enabled !== 1) {
    throw new AppError(
      403,
      'ai_consent_required',
      'Bitte stimme zuerst zu, dass deine Texte zur Auswertung an die KI geschickt werden (Profil → KI-Funktionen).',
    );
  }
}

function toAppError(err: AiError): AppError {
  switch (err.kind) {
    case 'not_configured':
    case 'unavailable':
    case 'rate_limited':
    case 'quota':
      return unavailable();
    case 'refused':
      return new AppError(502, 'ai_refused', 'Die KI wollte darauf nicht antworten. Formulier es anders und versuch es noch mal.');
    default:
      return new AppError(502, 'ai_bad_answer', 'Die KI hat keine brauchbare Antwort geliefert. Es wurde nichts gespeichert – versuch es gleich noch mal.');
  }
}

/** Runs one AI request for the actor: every rule above, then the validated answer. */
export async function askAi<T extends z.ZodType>(ctx: AppContext, actor: Actor, feature: AiFeature, request: ChatJsonRequest<T>): Promise<z.infer<T>> {
  const client = requireAiConfigured(ctx);
  requireAiConsent(actor);
  const release = await takeUse(ctx, actor, feature);
  try {
    return await client.chatJson(request);
  } catch (err) {
    await release();
    if (err instanceof AiError) {
      ctx.log.warn({ feature, kind: err.kind, status: err.status }, 'AI request failed');
      throw toAppError(err);
    }
    throw err;
  }
}
