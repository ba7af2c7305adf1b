import { describe, expect, it } from 'vitest';
import { TokenService } from '#core/auth/tokens.js';
import { TEST_JWT_SECRET } from '../helpers/test-app.js';

describe('session tokens, remembered once verified', () => {
  const now = 1_800_000_000;
  const sign = (tokens: TokenService, expiresAt = now + 3600) => tokens.sign({ userId: 7, tokenVersion: 2, authTime: now, now, expiresAt }).token;

  it('still expire at exp when the token was verified (and remembered) before', () => {
    const tokens = new TokenService(TEST_JWT_SECRET);
    const token = sign(tokens);
    expect(tokens.verify(token, now)).toMatchObject({ sub: '7', tv: 2 });
    expect(tokens.verify(token, now + 3599)).toMatchObject({ sub: '7' });
    expect(tokens.verify(token, now + 3600)).toBeNull();
    expect(tokens.verify(token, now + 9999)).toBeNull();
  });

  it('never accept a changed token because its original was remembered', () => {
    const tokens = new TokenService(TEST_JWT_SECRET);
    const token = sign(tokens);
    expect(tokens.verify(token, now)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '1' })).toString('base64url');
    expect(tokens.verify(`${header}.${forged}.${signature}`, now)).toBeNull();
    expect(tokens.verify(`${header}.${payload}.${signature.slice(0, -2)}AA`, now)).toBeNull();
    // another secret's token for the same claims
    expect(tokens.verify(sign(new TokenService(`${TEST_JWT_SECRET}-anders`)), now)).toBeNull();
  });

  it('do not remember tokens without a limit', () => {
    const tokens = new TokenService(TEST_JWT_SECRET);
    const many = Array.from({ length: 10_050 }, (_, i) => tokens.sign({ userId: i, tokenVersion: 0, authTime: now, now, expiresAt: now + 60 }).token);
    for (const token of many) expect(tokens.verify(token, now)).not.toBeNull();
    expect(tokens.rememberedCount()).toBeLessThanOrEqual(10_000);
    expect(tokens.rememberedCount()).toBeGreaterThan(0);
  });
});
