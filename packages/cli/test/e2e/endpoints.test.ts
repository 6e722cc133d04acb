/** EXIT=farthest and ENTRY=EXIT=hardest through the real binary: the footer, validate --config, --stream's refusal. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateMaze, parseHex } from 'mazegen';
import { parseConfig, toMazeOptions } from 'mazegen/config';
import { bfsPass } from 'mazegen/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';

let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-endpoints-');
});

afterAll(() => removeDir(dir));

const configText = (entry: string, exit: string, perfect = 'True') =>
  `WIDTH=21\nHEIGHT=13\nENTRY=${entry}\nEXIT=${exit}\nOUTPUT_FILE=maze.txt\nPERFECT=${perfect}\nSEED=ends\n`;

describe('a-maze-ing CONFIG with EXIT=farthest or ENTRY=EXIT=hardest', () => {
  it.each([
    ['2,3', 'farthest', 'True'],
    ['hardest', 'hardest', 'True'],
    ['hardest', 'hardest', 'False'],
  ])('ENTRY=%s EXIT=%s PERFECT=%s: the footer holds the ends the library places; validate --config agrees', (entry, exit, perfect) => {
    const text = configText(entry, exit, perfect);
    writeFileSync(join(dir, 'config.txt'), text);
    const r = runCli(['config.txt', '--no-display'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const file = parseHex(readFileSync(join(dir, 'maze.txt'), 'utf8'));
    const expected = generateMaze(toMazeOptions(parseConfig(text)));
    expect(file.entry).toEqual(expected.entry);
    expect(file.exit).toEqual(expected.exit);
    expect(file.path.length).toBe(expected.endpoints?.distance);
    if (exit === 'farthest') expect(file.entry).toEqual({ x: 2, y: 3 });
    const v = runCli(['validate', 'maze.txt', '--config', 'config.txt'], { cwd: dir });
    expect(v.stdout).toMatch(/OK/);
    expect(v.status).toBe(0);
  });

  it('validate --config names a file whose exit is not the farthest cell', () => {
    writeFileSync(join(dir, 'plain.txt'), configText('0,0', '20,12'));
    expect(runCli(['plain.txt', '--no-display'], { cwd: dir }).status).toBe(0);
    const text = readFileSync(join(dir, 'maze.txt'), 'utf8');
    const { maze } = parseHex(text);
    const ecc = bfsPass(maze, 0).eccentricity;
    writeFileSync(join(dir, 'far.txt'), configText('0,0', 'farthest'));
    const v = runCli(['validate', 'maze.txt', '--config', 'far.txt'], { cwd: dir });
    const moves = text.trim().split('\n').at(-1)!.length;
    expect(moves).toBeLessThan(ecc); // with this seed the corner is not the farthest cell
    expect(v.stdout).toContain(
      `maze.txt: config: the config asks for EXIT=farthest, but (0,0) and (20,12) are ${moves} moves apart and a cell ${ecc} moves from the entry exists`,
    );
    expect(v.status).toBe(1);
  });

  it('refuses ENTRY=hardest alone, and --stream with a rule, in one line', () => {
    writeFileSync(join(dir, 'bad.txt'), configText('hardest', '3,3'));
    const bad = runCli(['bad.txt'], { cwd: dir });
    expect(bad.stderr).toBe(
      'a-maze-ing: bad.txt, line 4: ENTRY=hardest needs EXIT=hardest too (the two cells farthest apart are chosen together)\n',
    );
    expect(bad.status).not.toBe(0);
    writeFileSync(join(dir, 'eller.txt'), `${configText('0,0', 'farthest')}GENERATOR=Eller\n`);
    const stream = runCli(['eller.txt', '--stream'], { cwd: dir });
    expect(stream.stderr).toBe(
      'a-maze-ing: --stream cannot place EXIT=farthest (the ends are found on the whole maze); give ENTRY and EXIT as cells or sides\n',
    );
    expect(stream.status).toBe(2);
  });
});
