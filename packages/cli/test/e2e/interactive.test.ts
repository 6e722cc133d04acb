/**
 * The interactive display under a real pseudo-terminal: util-linux `script` runs the CLI
 * on a pty whose input is our pipe, so the CLI sees stdin and stdout as TTYs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHex, validate } from 'mazegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir } from './run-cli.js';
import { endSessions, ptySession } from './pty-session.js';

let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
  writeFileSync(join(dir, 'config.txt'), ['WIDTH=20', 'HEIGHT=15', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=maze.txt', 'PERFECT=True', 'SEED=42'].join('\n') + '\n');
});
afterAll(() => {
  endSessions();
  removeDir(dir);
});

describe('interactive display (TTY)', () => {
  it('toggles the path, regenerates with a new seed, cycles colours and quits with 4', async () => {
    const s = ptySession(dir, 'config.txt');
    await s.until(/seed 42 \| path shown \| walls white \| 42 cyan/);
    expect(s.output).toContain('1 new maze  2 path on/off  3 wall colour  5 42 colour  4/q quit');
    expect(s.output).toContain('\x1b[48;5;'); // colour blocks
    const before = readFileSync(join(dir, 'maze.txt'), 'utf8');

    let mark = s.mark();
    s.send('2');
    await s.until(/seed 42 \| path hidden/, mark);

    mark = s.mark();
    s.send('1');
    const status = await s.until(/new random seed, wrote maze\.txt \| seed (\d+) \| path hidden/, mark);
    const seed = /seed (\d+) \|/.exec(status)![1];
    expect(seed).not.toBe('42');
    const after = readFileSync(join(dir, 'maze.txt'), 'utf8');
    expect(after).not.toBe(before);
    const file = parseHex(after);
    expect(validate(file.maze, { entry: file.entry, exit: file.exit, path: file.path, perfect: true, pattern: true })).toEqual([]);

    mark = s.mark();
    s.send('3');
    await s.until(/walls lightgray \| 42 cyan/, mark);
    mark = s.mark();
    s.send('5');
    await s.until(/walls lightgray \| 42 green/, mark);
    mark = s.mark();
    s.send('2');
    await s.until(/path shown/, mark);

    s.send('4');
    expect(await s.exited).toBe(0);
    expect(s.output.endsWith('\x1b[?25h\r\n')).toBe(true); // cursor shown again
    expect(s.output).not.toContain('    at ');
  });

  it('quits on q and on Ctrl-C, restoring the cursor; NO_COLOR draws plain characters', async () => {
    for (const key of ['q', '\x03']) {
      const s = ptySession(dir, 'config.txt', { NO_COLOR: '1' });
      await s.until(/path shown/);
      expect(s.output).not.toContain('\x1b[48;5;');
      expect(s.output).toContain('▓▓');
      s.send(key);
      expect(await s.exited).toBe(0);
      expect(s.output).toContain('\x1b[?25h');
    }
  });

  it('does not enter interactive mode for a maze wider than the terminal', async () => {
    writeFileSync(join(dir, 'wide.txt'), ['WIDTH=100', 'HEIGHT=10', 'ENTRY=0,0', 'EXIT=99,9', 'OUTPUT_FILE=wide-maze.txt', 'PERFECT=True', 'SEED=1'].join('\n') + '\n');
    const s = ptySession(dir, 'wide.txt');
    expect(await s.exited).toBe(0);
    expect(s.output).toMatch(/a 100x10 maze needs 402 columns to draw, the terminal has 160; the maze is in wide-maze\.txt/);
  });
});
