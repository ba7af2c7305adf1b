import { z } from 'zod';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { UpstreamError, upstreamRequest, UPSTREAM_TIMEOUTS } from '../upstream/http-client.js';

/**
 * One provider-neutral client for OpenAI-compatible chat completions (OpenAI, Ollama, llama.cpp, vLLM, …;
 * see ../shared/upstreams.md §7). It asks for JSON, validates the answer with zod and says clearly why it failed.
 */

export type AiFailure =
  /** AI_BASE_URL not set. */
  | 'not_configured'
  /** Timeout, network error, 5xx, 503 "loading model": try again later. */
  | 'unavailable'
  /** 429 without insufficient_quota: try again later. */
  | 'rate_limited'
  /** 429 insufficient_quota: retrying does not help until someone pays. */
  | 'quota'
  /** 400/401/403/404/413: key, model or request wrong; retrying does not help. */
  | 'rejected'
  /** The answer was cut off (finish_reason "length"). */
  | 'truncated'
  /** The model refused (content filter or a refusal message). */
  | 'refused'
  /** The answer was no JSON or did not match the schema, also after the JSON-mode fallback. */
  | 'invalid_output';

export class AiError extends Error {
  constructor(
    readonly kind: AiFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AiError';
  }

  /**
   * Failures of the provider as a whole (down, busy, out of quota, wrong key or model): a batch job should stop and
   * come back later. A 400/413/422 is about this one request (too long, say), so the batch goes on.
   */
  get providerDown(): boolean {
    if (this.kind === 'rejected') return this.status === 401 || this.status === 403 || this.status === 404;
    return this.kind === 'unavailable' || this.kind === 'rate_limited' || this.kind === 'quota' || this.kind === 'not_configured';
  }
}

export interface ChatJsonRequest<T extends z.ZodType> {
  /** Name of the structured-output schema, e.g. 'breed_facts'. */
  name: string;
  system: string;
  user: string;
  /** JSON Schema sent as response_format (strict); the zod schema below validates what comes back. */
  jsonSchema: Record<string, unknown>;
  schema: T;
  maxTokens?: number;
  temperature?: number;
}

export interface AiClientOptions {
  /** Per request; default the spec's "long" class (30 s). */
  timeoutMs?: number;
  /** Pause before the one retry of a transient failure. */
  retryDelayMs?: number;
}

const ChatCompletion = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullable().optional(),
        message: z.object({ content: z.string().nullable().optional(), refusal: z.string().nullable().optional() }),
      }),
    )
    .min(1),
});

type Mode = 'json_schema' | 'json_object';

interface AiConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

export class AiClient {
  readonly #timeoutMs: number;
  readonly #retryDelayMs: number;

  constructor(
    private readonly deps: { config: Pick<Config, 'upstream'>; log: Logger },
    private readonly ai: AiConfig,
    options: AiClientOptions = {},
  ) {
    this.#timeoutMs = options.timeoutMs ?? UPSTREAM_TIMEOUTS.long;
    this.#retryDelayMs = options.retryDelayMs ?? 1000;
  }

  /**
   * Asks for a JSON answer. Structured output (json_schema) first; a provider that rejects it (400) or answers
   * with broken JSON gets one more try in plain JSON mode with the schema in the prompt. Transient HTTP failures
   * (5xx, 429 rate limit) are retried once; timeouts and network errors are not (a timeout already took the
   * whole budget; callers and jobs come back later).
   */
  async chatJson<T extends z.ZodType>(req: ChatJsonRequest<T>): Promise<z.infer<T>> {
    let transientRetries = 1;
    let mode: Mode = 'json_schema';
    for (;;) {
      try {
        const content = await this.#complete(req, mode);
        return this.#parse(req, content);
      } catch (err) {
        if (!(err instanceof AiError)) throw err;
        const fallback = mode === 'json_schema' && (err.kind === 'invalid_output' || (err.kind === 'rejected' && err.status === 400));
        if (fallback) {
          mode = 'json_object';
          continue;
        }
        if ((err.kind === 'unavailable' || err.kind === 'rate_limited') && err.status !== undefined && transientRetries > 0) {
          transientRetries--;
          await new Promise((r) => setTimeout(r, this.#retryDelayMs));
          continue;
        }
        throw err;
      }
    }
  }

  async #complete(req: ChatJsonRequest<z.ZodType>, mode: Mode): Promise<string> {
    const system =
      mode === 'json_schema'
        ? req.system
        : `${req.system}\n\nAntworte ausschließlich mit einem JSON-Objekt nach diesem JSON-Schema:\n${JSON.stringify(req.jsonSchema)}`;
    const body = {
      model: this.ai.model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: req.user },
      ],
      temperature: req.temperature ?? 0.2,
      max_tokens: req.maxTokens ?? 800,
      response_format:
        mode === 'json_schema' ? { type: 'json_schema', json_schema: { name: req.name, strict: true, schema: req.jsonSchema } } : { type: 'json_object' },
    };
    let raw: Buffer;
    try {
      const res = await upstreamRequest(this.deps, {
        upstream: 'ai',
        url: `${this.ai.baseUrl.replace(/\/+$/, '')}/chat/completions`,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(this.ai.apiKey ? { Authorization: `Bearer ${this.ai.apiKey}` } : {}) },
        body: JSON.stringify(body),
        timeoutMs: this.#timeoutMs,
      });
      raw = res.body;
    } catch (err) {
      throw toAiError(err);
    }
    let parsed: z.infer<typeof ChatCompletion>;
    try {
      parsed = ChatCompletion.parse(JSON.parse(raw.toString('utf8')));
    } catch {
      throw new AiError('invalid_output', 'Die KI-Antwort hat kein erwartetes Format.');
    }
    const choice = parsed.choices[0];
    if (!choice) throw new AiError('invalid_output', 'Die KI-Antwort ist leer.');
    if (choice.finish_reason === 'length') throw new AiError('truncated', 'Die KI-Antwort wurde abgeschnitten.');
    if (choice.finish_reason === 'content_filter' || choice.message.refusal) throw new AiError('refused', 'Die KI hat die Antwort verweigert.');
    return choice.message.content ?? '';
  }

  #parse<T extends z.ZodType>(req: ChatJsonRequest<T>, content: string): z.infer<T> {
    let json: unknown;
    try {
      // Some local models wrap JSON in a Markdown fence despite JSON mode.
      json = JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      throw new AiError('invalid_output', 'Die KI hat kein gültiges JSON geliefert.');
    }
    const result = req.schema.safeParse(json);
    if (!result.success) throw new AiError('invalid_output', 'Die KI-Antwort passt nicht zum erwarteten Schema.');
    return result.data;
  }
}

function toAiError(err: unknown): AiError {
  if (!(err instanceof UpstreamError)) return new AiError('unavailable', (err as Error).message ?? 'KI nicht erreichbar');
  if (err.kind === 'timeout' || err.kind === 'network') return new AiError('unavailable', `KI nicht erreichbar (${err.kind})`);
  if (err.kind !== 'status' || err.status === undefined) return new AiError('unavailable', `KI-Antwort unbrauchbar (${err.kind})`, err.status);
  const status = err.status;
  if (status === 429) {
    return /insufficient_quota/.test(err.bodySnippet ?? '')
      ? new AiError('quota', 'Das KI-Kontingent ist aufgebraucht.', status)
      : new AiError('rate_limited', 'Die KI ist gerade ausgelastet.', status);
  }
  if (status >= 500 || status === 408) return new AiError('unavailable', `KI-Fehler ${status}`, status);
  return new AiError('rejected', `KI lehnt die Anfrage ab (${status})`, status);
}

/** The client when AI_BASE_URL is configured, otherwise undefined (AI features then answer 503 and hide). */
export function createAiClient(deps: { config: Pick<Config, 'upstream'>; log: Logger }, options?: AiClientOptions): AiClient | undefined {
  const { aiBaseUrl, aiApiKey, aiModel, aiTimeoutMs } = deps.config.upstream;
  if (!aiBaseUrl) return undefined;
  return new AiClient(deps, { baseUrl: aiBaseUrl, apiKey: aiApiKey, model: aiModel }, { timeoutMs: aiTimeoutMs, ...options });
}
