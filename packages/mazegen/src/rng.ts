import { OptionError } from './errors.js';
/**
 * The library's own seeded random generator: sfc32 (Chris Doty-Humphrey's Small Fast
 * Counting generator, 128-bit state), seeded by hashing the seed text.
 *
 * The stream is part of the public output: changing it changes every maze, so it is
 * versioned. Never replace it silently; bump RNG_VERSION and the major version instead.
 */
export const RNG_ALGORITHM = 'sfc32';
export const RNG_VERSION = 1;

/** A seeded source of 32-bit random integers. */
export interface Rng {
  /** Next unsigned 32-bit integer. */
  nextUint32(): number;
  /** Uniform float in [0, 1). */
  float(): number;
  /** Uniform integer in [0, n), for 1 <= n <= 2^32. */
  int(n: number): number;
}

/** Seeds are integers or any text; both are hashed as their decimal or literal text. */
export type Seed = string | number;

/** Normalises a seed to the text that is hashed (so SEED=42 and SEED="42" agree). */
export function seedText(seed: Seed): string {
  if (typeof seed === 'number') {
    if (!Number.isFinite(seed)) throw new OptionError('SEED', `seed must be a finite number, got ${seed}`);
    return String(seed);
  }
  return seed;
}

/**
 * Hashes seed text to four 32-bit words: four FNV-1a lanes with distinct offsets over
 * the UTF-16 code units, each finished by a murmur3-style avalanche.
 */
export function hashSeed(text: string): [number, number, number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x9e3779b9;
  let c = 0x85ebca6b;
  let d = 0xc2b2ae35;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x01000193) ^ (a >>> 15);
    c = Math.imul(c ^ unit, 0x01000193) ^ (b >>> 13);
    d = Math.imul(d ^ unit, 0x01000193) ^ (c >>> 11);
  }
  // Mix the length in so that "" and "\0" differ even where lanes collide.
  return [avalanche(a ^ text.length), avalanche(b), avalanche(c), avalanche(d ^ 0x27d4eb2f)];
}

function avalanche(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** sfc32 over four 32-bit words of state. */
export class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(a: number, b: number, c: number, d: number) {
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    this.d = d | 0;
    // Discard the first outputs: they are still close to the raw seed words.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  float(): number {
    return this.nextUint32() / 4294967296;
  }

  int(n: number): number {
    // Multiply-shift: bias below 2^-32 * n, far under anything a maze can show.
    return Math.floor((this.nextUint32() / 4294967296) * n);
  }

  /** The four state words, to save and restore a stream. */
  getState(): [number, number, number, number] {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  /** Puts back four state words (from `getState`), for a hot loop that ran the stream in locals. */
  setState(state: readonly [number, number, number, number]): void {
    this.a = state[0] | 0;
    this.b = state[1] | 0;
    this.c = state[2] | 0;
    this.d = state[3] | 0;
  }

  static fromState(state: readonly [number, number, number, number]): Sfc32 {
    const rng = Object.create(Sfc32.prototype) as Sfc32;
    rng.a = state[0] | 0;
    rng.b = state[1] | 0;
    rng.c = state[2] | 0;
    rng.d = state[3] | 0;
    return rng;
  }
}

/**
 * What Sfc32.int(n) returns for the draw t (a nextUint32 result, or the same bits as an
 * int32): floor(t * n / 2^32). For n <= 2^16 in 16-bit halves with integer multiplies
 * (exact: the sum stays below 2^32), which is shorter than the double arithmetic on a
 * hot loop's critical path; else in doubles, as Sfc32.int.
 */
export function drawBelow(t: number, n: number): number {
  if (n <= 0x10000) return (Math.imul(t >>> 16, n) + (Math.imul(t & 0xffff, n) >>> 16)) >>> 16;
  return Math.floor(((t >>> 0) / 4294967296) * n);
}

/** A generator seeded from `seed`; `stream` names an independent sub-stream. */
export function createRng(seed: Seed, stream = ''): Rng {
  const text = stream === '' ? seedText(seed) : `${seedText(seed)}\u0000${stream}`;
  const [a, b, c, d] = hashSeed(text);
  return new Sfc32(a, b, c, d);
}

/** Fisher-Yates shuffle of a typed or plain array, in place. */
export function shuffle<T extends { length: number; [i: number]: number }>(array: T, rng: Rng): T {
  for (let i = array.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const tmp = array[i];
    array[i] = array[j];
    array[j] = tmp;
  }
  return array;
}
