/** The default command's words: what the summary calls the maze it made, and flags refused whether or not anything is drawn. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
});
afterAll(() => removeDir(dir));

const config = (braid: number) => `WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE=m.txt\nPERFECT=False\nBRAID=${braid}\nSEED=1\n`;

describe('the summary says what was made', () => {
  it('calls a BRAID=100 board a Pac-Man board, and a board that keeps its dead ends a maze with loops and that many dead ends', () => {
    writeFileSync(join(dir, 'b100.txt'), config(100));
    writeFileSync(join(dir, 'b0.txt'), config(0));
    const board = runCli(['b100.txt', '--no-display', '--stats'], { cwd: dir });
    expect(board.stdout).toMatch(/^wrote m\.txt: 20x15 Pac-Man board by DFS/);
    const loops = runCli(['b0.txt', '--no-display', '--stats'], { cwd: dir });
    const deadEnds = Number(/maze with loops and (\d+) dead ends by DFS/.exec(loops.stdout)?.[1]);
    expect(deadEnds).toBeGreaterThan(2);
    // The stats table agrees with the summary.
    expect(loops.stdout).toMatch(new RegExp(`maze +20x15 maze with loops and ${deadEnds} dead ends by DFS`));
    expect(loops.stdout).toMatch(new RegExp(`dead ends +${deadEnds} `));
  });

  it('refuses a bad --theme with exit 2 whether or not it draws', () => {
    writeFileSync(join(dir, 'c.txt'), config(100));
    for (const args of [
      ['c.txt', '--no-display', '--theme', 'zzz'],
      ['c.txt', '--theme', 'zzz'],
    ]) {
      const r = runCli(args, { cwd: dir });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(
        /^a-maze-ing: --theme must be auto or one of default, light, dark, high-contrast, matlab, distance, got 'zzz'\n$/,
      );
    }
  });
});
