import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATORS, MazeGenerator, parseHex, validate } from 'mazegen';
import { normalizeName } from 'mazegen/internal';

/**
 * Golden files: fixed configs and seeds give these output files byte for byte. This is
 * the determinism promise: the same config and seed make the same maze on every
 * platform and Node version, within a major version.
 *
 * A failure here means the output changed (RNG, an algorithm's draw order, braiding,
 * the solver's choice among equal paths, or the writer). If that is intended, it is a
 * versioned decision: regenerate with
 *
 *     UPDATE_GOLDEN=1 npx vitest run packages/mazegen/test/golden.test.ts
 *
 * (or `npm run golden:update -w mazegen`), review the diff, add an "Output changes"
 * entry to packages/mazegen/CHANGELOG.md and bump the major version.
 */

interface GoldenConfig {
  generator: string;
  width: number;
  height: number;
  seed: number | string;
  perfect: boolean;
}

const GOLDEN_DIR = new URL('./golden/', import.meta.url);
const UPDATE = process.env.UPDATE_GOLDEN === '1';

/** DFS and Kruskal (the subject's pair) at several shapes; every other generator at the subject's 20x15. */
const CONFIGS: GoldenConfig[] = [];
for (const generator of ['DFS', 'Kruskal']) {
  for (const perfect of [true, false]) {
    CONFIGS.push({ generator, width: 20, height: 15, seed: 42, perfect }); // the subject's example size, with the 42
    CONFIGS.push({ generator, width: 9, height: 7, seed: 7, perfect }); // the smallest size that holds the 42
    CONFIGS.push({ generator, width: 8, height: 6, seed: 3, perfect }); // too small: the 42 is left out
    CONFIGS.push({ generator, width: 1, height: 12, seed: 1, perfect }); // 1xN
    CONFIGS.push({ generator, width: 12, height: 1, seed: 1, perfect }); // Nx1
    CONFIGS.push({ generator, width: 41, height: 23, seed: 'golden', perfect }); // a text seed
  }
}
for (const { name } of GENERATORS) {
  if (name === 'DFS' || name === 'Kruskal') continue;
  for (const perfect of [true, false]) CONFIGS.push({ generator: name, width: 20, height: 15, seed: 42, perfect });
}

function fileName(c: GoldenConfig): string {
  return `${normalizeName(c.generator)}-${c.width}x${c.height}-s${c.seed}${c.perfect ? '' : '-imperfect'}.txt`;
}

/** The output file a CLI run with this config writes (default entry, exit and solver). */
function render(c: GoldenConfig): string {
  return new MazeGenerator({ width: c.width, height: c.height, seed: c.seed, perfect: c.perfect, generator: c.generator }).toHex();
}

describe('golden files', () => {
  if (UPDATE) mkdirSync(GOLDEN_DIR, { recursive: true });

  it.each(CONFIGS.map((c) => [fileName(c), c] as const))('%s is reproduced byte for byte', (name, config) => {
    const url = new URL(name, GOLDEN_DIR);
    const text = render(config);
    if (UPDATE) writeFileSync(url, text);
    expect(existsSync(url), `missing golden file ${name}: run UPDATE_GOLDEN=1 npx vitest run packages/mazegen/test/golden.test.ts`).toBe(
      true,
    );
    expect(text).toBe(readFileSync(url, 'utf8'));
    // A golden file is itself a valid maze of its kind.
    const file = parseHex(text);
    expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path, perfect: config.perfect })).toEqual([]);
  });

  it('has no golden file without a config (a removed config takes its file with it)', () => {
    const expected = new Set(CONFIGS.map(fileName));
    const stray = readdirSync(GOLDEN_DIR).filter((f) => f.endsWith('.txt') && !expected.has(f));
    expect(stray).toEqual([]);
  });
});
