import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { zodToAppError } from '#core/http/route/zod-errors.js';

const Body = z.strictObject({
  name: z.string().min(1).max(5),
  lat: z.number().optional(),
  flag: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  code: z
    .string()
    .regex(/^[A-Z]+$/, 'Nur Großbuchstaben.')
    .optional(),
});

const errorFor = (value: unknown) => {
  const result = Body.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected a validation error');
  return zodToAppError(result.error);
};

describe('validation errors', () => {
  it('is 422 when only a string is too long, 400 otherwise', () => {
    expect(errorFor({ name: 'x'.repeat(6) }).status).toBe(422);
    expect(errorFor({ name: 'x'.repeat(6), lat: 'a' }).status).toBe(400);
    expect(errorFor({ name: 'ok', extra: 1 }).status).toBe(400);
  });

  it('speaks German for every kind of problem', () => {
    expect(errorFor({}).fields).toEqual({ name: 'Bitte ausfüllen.' });
    expect(errorFor({ name: 'ok', lat: 'a' }).fields).toEqual({ lat: 'Ungültiger Wert.' });
    expect(errorFor({ name: 'ok', flag: 'yes' }).fields).toEqual({ flag: 'Ungültiger Wert.' });
    expect(errorFor({ name: 'ok', code: 'abc' }).fields).toEqual({ code: 'Nur Großbuchstaben.' });
    expect(errorFor({ name: 'ok', extra: 1 }).fields).toEqual({ extra: 'Unbekanntes Feld.' });
    expect(errorFor({ name: 'x'.repeat(6) }).fields).toEqual({ name: 'Höchstens 5 Zeichen.' });
  });
});
