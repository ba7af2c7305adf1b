import { hash, verify } from '@node-rs/argon2';

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
}

/** argon2id (the library's default algorithm); OWASP's minimum in production is enforced by the config. */
export function hashPassword(password: string, params: Argon2Params): Promise<string> {
  return hash(password, { memoryCost: params.memoryCost, timeCost: params.timeCost, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the email is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(params: Argon2Params): Promise<string> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password', params);
  return dummyHash;
}
