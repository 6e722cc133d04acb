/**
 * The memory estimate on every path, through the built CLI: a run that would not fit is
 * refused before any work, in one line that gives the figure and names
 * AMAZEING_MAX_MEMORY, with exit 1 and no output file. A small cap keeps each case cheap:
 * Node's own allowance (64 MiB) and a few MiB more, so that making and solving a small maze
 * fits and what is refused is the phase the test is about.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir, runCli, type CliResult } from './run-cli.js';

let dir: string;
const CAP = { AMAZEING_MAX_MEMORY: '70MiB' };

/** Writes a config whose OUTPUT_FILE is `<name>.out`; returns its path. */
function config(name: string, lines: string[]): string {
  const path = join(dir, `${name}.txt`);
  writeFileSync(path, [...lines, `OUTPUT_FILE=${join(dir, `${name}.out`)}`, 'PERFECT=True', 'SEED=5', ''].join('\n'));
  return path;
}

/** A refusal: exit 1, one line on stderr giving the memory figure and naming the cap, nothing on stdout. */
function expectRefusal(result: CliResult, doing: RegExp): void {
  expect(result.status).toBe(1);
  expect(result.stdout).toBe('');
  const lines = result.stderr.split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toBe('');
  expect(lines[0]).toMatch(/^a-maze-ing: .*, line \d+: .* is \d+ cells, about [\d.]+ [KMG]iB of memory to /);
  expect(lines[0]).toMatch(doing);
  // Within the cap fits a smaller maze, or (a PDF's library, a PNG's bands) none drawn this way.
  expect(lines[0]).toMatch(
    /70 MiB is allowed \(AMAZEING_MAX_MEMORY\), which fits (about \d+ cells \(for example (\d+x\d+|HEIGHT=\d+ rings)\)|no maze of this kind)$/,
  );
}

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
});
afterAll(() => removeDir(dir));

describe('a-maze-ing CONFIG refuses a maze that does not fit, on every grid', () => {
  const grids: [string, string[]][] = [
    ['square', ['WIDTH=2000', 'HEIGHT=2000', 'ENTRY=0,0', 'EXIT=1999,1999']],
    ['hex', ['GRID=hex', 'WIDTH=100', 'HEIGHT=100', 'ENTRY=0,0', 'EXIT=99,99']],
    ['triangle', ['GRID=triangle', 'WIDTH=100', 'HEIGHT=100', 'ENTRY=0,0', 'EXIT=99,99']],
    ['polar', ['GRID=polar', 'WIDTH=6', 'HEIGHT=60', 'ENTRY=centre', 'EXIT=outer']],
  ];
  for (const [grid, lines] of grids) {
    it(`the ${grid} grid`, () => {
      const path = config(grid, lines);
      const result = runCli([path, '--no-display'], { env: CAP });
      // The square maze's hex file is small; another grid's graph JSON is the phase that does not fit.
      expectRefusal(
        result,
        grid === 'square' ? /to make, solve and write with DFS and AStar;/ : /to make, solve and write as graph JSON with/,
      );
      if (grid !== 'square') expect(result.stderr).toContain(`GRID=${grid}, `);
      expect(existsSync(join(dir, `${grid}.out`))).toBe(false);
    });
  }

  it('a mask', () => {
    writeFileSync(join(dir, 'mask.txt'), `${'.'.repeat(120)}\n`.repeat(120));
    const path = config('masked', [`MASK=${join(dir, 'mask.txt')}`, 'ENTRY=left', 'EXIT=right']);
    const result = runCli([path, '--no-display'], { env: CAP });
    expectRefusal(result, /MASK=.*mask\.txt, WIDTH x HEIGHT = 120x120 is 14400 cells/);
    expect(existsSync(join(dir, 'masked.out'))).toBe(false);
  });

  it('a wrap', () => {
    const path = config('torus', ['WIDTH=120', 'HEIGHT=120', 'WRAP=xy', 'ENTRY=0,0', 'EXIT=60,60']);
    const result = runCli([path, '--no-display'], { env: CAP });
    expectRefusal(result, /GRID=square, WRAP=xy, WIDTH x HEIGHT = 120x120 is 14400 cells/);
    expect(existsSync(join(dir, 'torus.out'))).toBe(false);
  });

  it('a polar grid past the cells a maze holds: one line, not exit 70', () => {
    const path = config('rings', ['GRID=polar', 'WIDTH=15', 'HEIGHT=100000', 'ENTRY=centre', 'EXIT=outer']);
    const result = runCli([path, '--no-display']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^a-maze-ing: .*rings\.txt, line \d+: GRID=polar, WIDTH=15 \(the first ring\), HEIGHT=100000 \(rings\) is over 2147483647 cells; a maze holds at most 2147483647 cells; about \d+ cells fit here \(for example HEIGHT=\d+ rings\)\n$/,
    );
    expect(existsSync(join(dir, 'rings.out'))).toBe(false);
  });

  it('a huge hex grid under a modest cap', () => {
    const path = config('huge-hex', ['GRID=hex', 'WIDTH=20000', 'HEIGHT=20000', 'ENTRY=0,0', 'EXIT=19999,19999']);
    const result = runCli([path, '--no-display'], { env: { AMAZEING_MAX_MEMORY: '1G' } });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^a-maze-ing: .*huge-hex\.txt, line \d+: GRID=hex, WIDTH x HEIGHT = 20000x20000 is 400000000 cells, about [\d.]+ GiB of memory to make, solve and write as graph JSON with DFS and AStar; 1 GiB is allowed \(AMAZEING_MAX_MEMORY\);[^\n]*which fits about \d+ cells \(for example \d+x\d+\)\n$/,
    );
    expect(existsSync(join(dir, 'huge-hex.out'))).toBe(false);
  });
});

describe('render refuses an export that does not fit, where making the maze would', () => {
  // 300x300: made, solved and written as a hex file under the cap; drawn, over it.
  const lines = ['WIDTH=300', 'HEIGHT=300', 'ENTRY=0,0', 'EXIT=299,299'];

  it('the maze itself fits: the default command writes it under the same cap', () => {
    const path = config('fits', lines);
    const result = runCli([path, '--no-display', '--quiet'], { env: CAP });
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(existsSync(join(dir, 'fits.out'))).toBe(true);
  });

  for (const [format, name] of [
    ['png', 'PNG'],
    ['svg', 'SVG'],
    ['pdf', 'PDF'],
  ] as const) {
    it(format, () => {
      const path = config(`export-${format}`, lines);
      const out = join(dir, `drawn.${format}`);
      const result = runCli(['render', path, '--format', format, '-o', out], { env: CAP });
      expectRefusal(
        result,
        new RegExp(
          `WIDTH x HEIGHT = 300x300 is 90000 cells, about [\\d.]+ MiB of memory to make, solve and write as ${name} with DFS and BFS;`,
        ),
      );
      expect(existsSync(out)).toBe(false);
    });
  }

  it('a maze file drawn as PDF: the file is read, its drawing refused', () => {
    const path = config('file', lines);
    expect(runCli([path, '--no-display', '--quiet']).status).toBe(0);
    const out = join(dir, 'file.pdf');
    const result = runCli(['render', join(dir, 'file.out'), '--format', 'pdf', '-o', out], { env: CAP });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^a-maze-ing: .*file\.out: a 300x300 square maze is 90000 cells, about [\d.]+ MiB of memory to write as PDF; 70 MiB is allowed \(AMAZEING_MAX_MEMORY\), which fits no maze of this kind\n$/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('a grid config drawn as SVG (its text built whole)', () => {
    const path = config('hex-svg', ['GRID=hex', 'WIDTH=100', 'HEIGHT=100', 'ENTRY=0,0', 'EXIT=99,99']);
    const out = join(dir, 'hex.svg');
    const result = runCli(['render', path, '--format', 'svg', '-o', out], { env: CAP });
    expectRefusal(
      result,
      /GRID=hex, WIDTH x HEIGHT = 100x100 is 10000 cells, about [\d.]+ MiB of memory to make, solve and write as SVG with/,
    );
    expect(existsSync(out)).toBe(false);
  });
});
