import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FakeAiServer } from '../../../test/fakes/ai-server.js';
import { captureLog } from '../../../test/helpers/log-capture.js';
import { rejectionOf } from '../../../test/helpers/rejection.js';
import { AiError, createAiClient, type AiClient } from './ai-client.js';

const fake = new FakeAiServer();
const { lines, log } = captureLog('warn');
const SECRET = 'sk-geheimer-schluessel-123';
let client: AiClient;

const Answer = z.object({ summary: z.string(), urgency: z.enum(['low', 'medium', 'high']) });
const request = {
  name: 'note_analysis',
  system: 'Du bist Tierarzthelfer. Antworte nur mit JSON.',
  user: 'Bello kratzt sich am Ohr.',
  jsonSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['summary', 'urgency'],
    properties: { summary: { type: 'string' }, urgency: { type: 'string', enum: ['low', 'medium', 'high'] } },
  },
  schema: Answer,
};

function config(baseUrl: string | undefined) {
  return { upstream: { userAgent: 'Pfotenbuch/test (+http://127.0.0.1)', aiBaseUrl: baseUrl, aiApiKey: SECRET, aiModel: 'test-model' } } as Parameters<
    typeof createAiClient
  >[0]['config'];
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, AiError);

beforeAll(async () => {
  await fake.start();
  const created = createAiClient({ config: config(fake.url), log }, { timeoutMs: 5000, retryDelayMs: 10 });
  if (!created) throw new Error('client not created');
  client = created;
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.reset();
  fake.reply = () => ({ summary: 'Juckreiz am Ohr', urgency: 'medium' });
  lines.length = 0;
});

describe('AiClient.chatJson', () => {
  it('posts an OpenAI-style chat completion with structured output and returns the validated JSON', async () => {
    await expect(client.chatJson(request)).resolves.toEqual({ summary: 'Juckreiz am Ohr', urgency: 'medium' });
    const sent = fake.requests[0];
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent?.headers['user-agent']).toBe('Pfotenbuch/test (+http://127.0.0.1)');
    expect(sent?.body.model).toBe('test-model');
    expect(sent?.body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent?.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'note_analysis', schema: request.jsonSchema } });
  });

  it('is not created without AI_BASE_URL', () => {
    expect(createAiClient({ config: config(undefined), log })).toBeUndefined();
  });

  it('falls back to JSON mode (schema in the prompt) when the provider rejects json_schema with 400', async () => {
    fake.mode = 'no_json_schema';
    await expect(client.chatJson(request)).resolves.toEqual({ summary: 'Juckreiz am Ohr', urgency: 'medium' });
    expect(fake.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_object']);
    expect(fake.requests[1]?.body.messages?.[0]?.content).toContain('"urgency"');
  });

  it('retries once in JSON mode after non-JSON or wrong-shape content, then reports invalid_output', async () => {
    fake.queue = ['not_json', 'ok'];
    await expect(client.chatJson(request)).resolves.toMatchObject({ urgency: 'medium' });
    fake.reset('wrong_schema');
    const err = await failure(client.chatJson(request));
    expect(err.kind).toBe('invalid_output');
    expect(fake.requests).toHaveLength(2);
  });

  it('reads JSON wrapped in a Markdown fence, as some local models send it', async () => {
    fake.mode = 'fenced';
    await expect(client.chatJson(request)).resolves.toEqual({ summary: 'Juckreiz am Ohr', urgency: 'medium' });
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a cut-off answer as truncated and a refusal as refused, without retrying', async () => {
    fake.mode = 'length';
    expect((await failure(client.chatJson(request))).kind).toBe('truncated');
    expect(fake.requests).toHaveLength(1);
    fake.reset('refusal');
    expect((await failure(client.chatJson(request))).kind).toBe('refused');
    expect(fake.requests).toHaveLength(1);
  });

  it('does not retry a bad key or an unknown model, and says the provider is unusable', async () => {
    fake.mode = '401';
    const bad = await failure(client.chatJson(request));
    expect([bad.kind, bad.status, bad.providerDown]).toEqual(['rejected', 401, true]);
    expect(fake.requests).toHaveLength(1);
    fake.reset('404_model');
    expect((await failure(client.chatJson(request))).status).toBe(404);
    expect(fake.requests).toHaveLength(1);
    fake.reset('400');
    const tooLong = await failure(client.chatJson(request));
    expect([tooLong.kind, tooLong.status, tooLong.providerDown]).toEqual(['rejected', 400, false]);
    expect(fake.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_object']);
  });

  it('retries a rate limit, a 500 and a loading model once, and succeeds when the second try works', async () => {
    for (const mode of ['429', '500', 'loading'] as const) {
      fake.reset();
      fake.reply = () => ({ summary: 'ok', urgency: 'low' });
      fake.queue = [mode, 'ok'];
      await expect(client.chatJson(request)).resolves.toEqual({ summary: 'ok', urgency: 'low' });
      expect(fake.requests).toHaveLength(2);
    }
    fake.reset('500');
    const err = await failure(client.chatJson(request));
    expect([err.kind, err.status]).toEqual(['unavailable', 500]);
    expect(fake.requests).toHaveLength(2);
  });

  it('never retries insufficient_quota', async () => {
    fake.mode = 'quota';
    const err = await failure(client.chatJson(request));
    expect(err.kind).toBe('quota');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up after its timeout when the provider hangs, without retrying, and never logs the key', async () => {
    fake.mode = 'hang';
    const impatient = createAiClient({ config: config(fake.url), log }, { timeoutMs: 300, retryDelayMs: 10 });
    const started = Date.now();
    const err = await failure(impatient?.chatJson(request) ?? Promise.resolve());
    expect(err.kind).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(fake.requests).toHaveLength(1);
    expect(JSON.stringify(lines)).toContain('"upstream":"ai"');
    expect(JSON.stringify(lines)).not.toContain(SECRET);
  });

  it('reports an unreachable provider as unavailable', async () => {
    const down = createAiClient({ config: config('http://127.0.0.1:9/v1'), log }, { timeoutMs: 500 });
    expect((await failure(down?.chatJson(request) ?? Promise.resolve())).kind).toBe('unavailable');
  });
});
