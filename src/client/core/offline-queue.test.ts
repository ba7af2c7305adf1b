import { describe, expect, it } from 'vitest';
import { ApiError } from './api.js';
import { replayOutcome, type QueuedWrite } from './offline-queue.js';
import { writeAsText } from './offline-write-text.js';

const write = (over: Partial<QueuedWrite>): QueuedWrite => ({
  id: 'w1',
  userId: 1,
  kind: 'weight',
  dogId: 3,
  url: '/api/dogs/3/weights',
  body: { date: '2026-05-05', weight_kg: 12.5 },
  key: 'k1',
  label: 'Gewicht: 12,5 kg am 05.05.2026',
  photos: [],
  entryId: null,
  state: 'waiting',
  reason: null,
  createdAt: '2026-05-05T10:00:00.000Z',
  ...over,
});

describe('offline queue', () => {
  it('waits on no connection, a lost session, a rate limit and server trouble; keeps the server’s no as failed', () => {
    for (const error of [
      new ApiError(0, 'offline', 'x'),
      new ApiError(401, 'unauthorized', 'x'),
      new ApiError(429, 'rate', 'x'),
      new ApiError(500, 'e', 'x'),
      new ApiError(503, 'e', 'x'),
    ])
      expect(replayOutcome(error), String(error.status)).toBe('wait');
    expect(replayOutcome(new ApiError(409, 'idempotency_key_in_progress', 'Läuft noch.'))).toBe('wait');
    expect(replayOutcome(new ApiError(409, 'idempotency_key_reused', 'Schon benutzt.'))).toBe('failed');
    for (const status of [400, 403, 404, 409, 413, 415, 422]) expect(replayOutcome(new ApiError(status, 'no', 'Nein.')), String(status)).toBe('failed');
  });

  it('copies what the user wrote: the label, a diary entry’s title, text, tags and photo names', () => {
    expect(writeAsText(write({}))).toBe('Gewicht: 12,5 kg am 05.05.2026');
    const diary = write({
      kind: 'diary',
      label: 'Tagebuch: Im Wald am 05.05.2026 (1 Foto)',
      body: { date: '2026-05-05', title: 'Im Wald', text: 'Ein Reh gesehen.', mood: null, tags: ['Wald', 'Reh'] },
      photos: [{ name: 'reh.jpg', type: 'image/jpeg', blob: new Blob(['x']), key: 'p1' }],
    });
    expect(writeAsText(diary)).toBe('Tagebuch: Im Wald am 05.05.2026 (1 Foto)\nIm Wald\nEin Reh gesehen.\nSchlagwörter: Wald, Reh\nFotos: reh.jpg');
  });
});
