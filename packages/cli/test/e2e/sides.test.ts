/** `ENTRY`/`EXIT` as side names (the MATLAB seed's start at the bottom, end at the top) through the real binary. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateMaze, parseHex } from 'mazegen';
import { isPlainSquareConfig, parseConfig, toMazeOptions, type ConfigOptions, type PlainSquareConfig } from 'mazegen/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';

/** The config as the plain square grid's (the square options, a `Maze` with Point ends); a test config of another grid is a mistake here. */
function plainSquare(config: ConfigOptions): PlainSquareConfig {
  if (!isPlainSquareConfig(config)) throw new Error(`the test's config is of the ${config.grid} grid, not the plain square one`);
  return config;
}

let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-sides-');
});

afterAll(() => removeDir(dir));

describe('a-maze-ing CONFIG with ENTRY and EXIT on the sides', () => {
  it.each([
    ['bottom', 'top', 0],
    ['left', 'right', 0],
    ['top', 'left', 0],
    ['bottom', 'top', 1],
  ] as const)(
    'ENTRY=%s EXIT=%s (INDEX_BASE=%i): the footer holds the cells the library picks on those sides',
    (entrySide, exitSide, base) => {
      const text = `WIDTH=17\nHEIGHT=11\nENTRY=${entrySide}\nEXIT=${exitSide}\nINDEX_BASE=${base}\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=sides\n`;
      writeFileSync(join(dir, 'config.txt'), text);
      const r = runCli(['config.txt', '--no-display'], { cwd: dir });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const output = readFileSync(join(dir, 'maze.txt'), 'utf8');
      const expected = generateMaze(toMazeOptions(plainSquare(parseConfig(text))));
      const [entryLine, exitLine] = output.split('\n\n')[1].split('\n');
      expect(entryLine).toBe(`${expected.entry.x + base},${expected.entry.y + base}`);
      expect(exitLine).toBe(`${expected.exit.x + base},${expected.exit.y + base}`);
      const onSide = (side: string, p: { x: number; y: number }): boolean =>
        side === 'top' ? p.y === 0 : side === 'bottom' ? p.y === 10 : side === 'left' ? p.x === 0 : p.x === 16;
      expect(onSide(entrySide, expected.entry)).toBe(true);
      expect(onSide(exitSide, expected.exit)).toBe(true);
      if (base === 0) expect(parseHex(output).maze.equals(expected.maze)).toBe(true);
    },
  );

  it('picks another cell on the side for another seed', () => {
    const cells = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd', 'e'])
      cells.add(JSON.stringify(generateMaze({ width: 40, height: 5, seed, entry: 'bottom', exit: 'top' }).entry));
    expect(cells.size).toBeGreaterThan(1);
  });
});
