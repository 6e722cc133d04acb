import { expect } from 'vitest';

/** The error `run` throws, checked to be a `type`; the test fails when it throws nothing or something else. */
export function thrown<E extends Error>(type: abstract new (...args: never[]) => E, run: () => unknown): E {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return error as E;
  }
  throw new Error(`expected a ${type.name}, but nothing was thrown`);
}
