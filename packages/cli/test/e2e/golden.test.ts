/**
 * The golden files pin the library's output (packages/mazegen/test/golden.test.ts); this
 * checks the other half of the promise: the CLI, given the same config and seed, writes
 * those bytes too.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveGenerator } from 'mazegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir, REPO, runCli } from './run-cli.js';

const GOLDEN_DIR = join(REPO, 'packages/mazegen/test/golden');
const NAME = /^([a-z]+)-(\d+)x(\d+)-s(.+?)(-imperfect)?\.txt$/;
const goldens = readdirSync(GOLDEN_DIR).filter((f) => f.endsWith('.txt'));

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
});
afterAll(() => removeDir(dir));

describe('the CLI writes the golden files byte for byte', () => {
  it('finds golden files for every name it reads', () => {
    expect(goldens.length).toBeGreaterThanOrEqual(24);
    for (const name of goldens) expect(name).toMatch(NAME);
  });

  it.each(goldens)('%s', (name) => {
    const [, generator, width, height, seed, imperfect] = NAME.exec(name)!;
    const config = [
      `WIDTH=${width}`,
      `HEIGHT=${height}`,
      'ENTRY=0,0',
      `EXIT=${Number(width) - 1},${Number(height) - 1}`,
      `OUTPUT_FILE=${name}`,
      `PERFECT=${imperfect ? 'False' : 'True'}`,
      `SEED=${seed}`,
      `GENERATOR=${resolveGenerator(generator).name}`,
    ];
    writeFileSync(join(dir, `${name}.cfg`), config.join('\n') + '\n');
    const r = runCli([`${name}.cfg`, '--no-display', '--quiet'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(join(dir, name), 'utf8')).toBe(readFileSync(join(GOLDEN_DIR, name), 'utf8'));
  });
});
