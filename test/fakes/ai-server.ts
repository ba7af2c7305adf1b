import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';

/**
 * A fake OpenAI-compatible chat-completions server on 127.0.0.1 (`POST /v1/chat/completions`) with the failure
 * cases of upstreams.md §7.2. `reply` decides the assistant's content for a request; `mode` (or a queue of
 * modes, one per request) decides how the server answers; `requests` logs what was sent.
 */
export type AiFakeMode =
  | 'ok'
  | 'fenced' // 200, JSON wrapped in a Markdown code fence (some local models)
  | 'not_json' // 200, content is prose instead of JSON
  | 'wrong_schema' // 200, content is JSON of another shape
  | 'length' // 200, finish_reason "length" with truncated JSON
  | 'refusal' // 200, message.refusal set
  | 'no_json_schema' // 400 for response_format json_schema (old llama.cpp), answers json_object normally
  | '400' // 400 for every request (e.g. the context is too long)
  | '401'
  | '404_model'
  | '429'
  | 'quota' // 429 insufficient_quota
  | '500'
  | 'loading' // 503 "Loading model" (llama.cpp)
  | 'hang'; // never answers

export interface AiRequestLog {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  };
}

export class FakeAiServer extends FakeHttpServer {
  protected override basePath = '/v1';
  mode: AiFakeMode = 'ok';
  /** Modes for the next requests in order; when empty, `mode` applies. */
  queue: AiFakeMode[] = [];
  reply: (request: AiRequestLog['body']) => unknown = () => ({ ok: true });
  readonly requests: AiRequestLog[] = [];

  reset(mode: AiFakeMode = 'ok'): void {
    this.mode = mode;
    this.queue = [];
    this.requests.length = 0;
  }

  protected override handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: AiRequestLog['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AiRequestLog['body'];
      } catch {
        // logged as an empty body
      }
      this.requests.push({ path: req.url ?? '', headers: req.headers, body });
      this.#answer(this.queue.shift() ?? this.mode, body, res);
    });
  }

  #answer(mode: AiFakeMode, body: AiRequestLog['body'], res: ServerResponse): void {
    const json = (status: number, value: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(value));
    };
    const completion = (content: string | null, finish = 'stop', refusal: string | null = null) =>
      json(200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 1767300000,
        model: body.model ?? 'fake',
        choices: [{ index: 0, finish_reason: finish, message: { role: 'assistant', content, refusal } }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    const error = (status: number, message: string, type: string, code: string | null = null, headers: Record<string, string> = {}) =>
      json(status, { error: { message, type, param: null, code } }, headers);
    switch (mode) {
      case 'ok':
        return completion(JSON.stringify(this.reply(body)));
      case 'fenced':
        return completion('```json\n' + JSON.stringify(this.reply(body)) + '\n```');
      case 'not_json':
        return completion('Gern! Hier sind die Angaben zur Rasse: groß und freundlich.');
      case 'wrong_schema':
        return completion(JSON.stringify({ unexpected: [1, 2, 3] }));
      case 'length':
        return completion(JSON.stringify(this.reply(body)).slice(0, 20), 'length');
      case 'refusal':
        return completion(null, 'stop', 'Dabei kann ich nicht helfen.');
      case 'no_json_schema':
        if (body.response_format?.type === 'json_schema') return error(400, "response_format type 'json_schema' is not supported", 'invalid_request_error');
        return completion(JSON.stringify(this.reply(body)));
      case '400':
        return error(400, "This model's maximum context length is 4096 tokens.", 'invalid_request_error', 'context_length_exceeded');
      case '401':
        return error(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
      case '404_model':
        return error(404, 'The model `fake` does not exist', 'invalid_request_error', 'model_not_found');
      case '429':
        return error(429, 'Rate limit reached', 'requests', 'rate_limit_exceeded', { 'Retry-After': '1' });
      case 'quota':
        return error(429, 'You exceeded your current quota.', 'insufficient_quota', 'insufficient_quota');
      case '500':
        return error(500, 'The server had an error', 'server_error');
      case 'loading':
        return json(503, { error: { code: 503, message: 'Loading model', type: 'unavailable_error' } });
      case 'hang':
        return; // the client's timeout must end this
    }
  }
}
