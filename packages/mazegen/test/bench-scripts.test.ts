import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GENERATORS, SOLVERS } from 'mazegen';

/**
 * The step-cost bench (bench/step-cost.js) builds a copy of dist with the reporter
 * compiled out; this runs it on tiny mazes so that a new way of testing `onStep` that
 * it cannot strip, or a registry entry it misses, shows here rather than on bench day.
 * No timings are checked.
 */
const SCRIPT = fileURLToPath(new URL('../bench/step-cost.js', import.meta.url));
const DIST = fileURLToPath(new URL('../dist/index.js', import.meta.url));

describe('bench/step-cost.js', () => {
  it('strips the reporter from every algorithm and measures each one', () => {
    expect(existsSync(DIST), 'dist is missing: run `npm run build` first (npm test does)').toBe(true);
    const out = execFileSync(process.execPath, [SCRIPT, '--size', '12', '--runs', '1'], { encoding: 'utf8' });
    expect(out).toMatch(/; \d+ reporter tests stripped for "before"/);
    for (const g of GENERATORS) expect(out).toMatch(new RegExp(`^\\| generator ${g.name} \\| 12x12 \\|( [\\d.]+ \\|){5}$`, 'm'));
    for (const s of SOLVERS) expect(out).toMatch(new RegExp(`^\\| solver ${s.name} \\| 12x12 \\|( [\\d.]+ \\|){5}$`, 'm'));
  });
});
