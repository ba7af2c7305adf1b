import { expect } from 'vitest';

/** The error `promise` rejects with, checked to be an `ErrorClass` (it fails the test when the promise resolves). */
export async function rejectionOf<E extends Error>(promise: Promise<unknown>, ErrorClass: new (...args: never[]) => E): Promise<E> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ErrorClass);
  return err as E;
}
