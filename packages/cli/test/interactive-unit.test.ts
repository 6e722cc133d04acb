/** The interactive display on fake streams: keys in, screens out, with no terminal. */
import { PassThrough } from 'node:stream';
import { generateMaze, THEMES, type SquareMazeOptions } from 'mazegen';
import { shortestPath } from 'mazegen';
import { describe, expect, it } from 'vitest';
import { runInteractive, type Shown } from '../src/term/interactive.js';

function shownMaze(): Shown {
  const options: SquareMazeOptions = { width: 20, height: 15, seed: 42 };
  const g = generateMaze(options);
  return { maze: g.maze, entry: g.entry, exit: g.exit, seed: g.seed, path: shortestPath(g.maze, g.entry, g.exit).cells, options };
}

function fakeTerminal(columns: number, rows: number) {
  const input = new PassThrough() as unknown as NodeJS.ReadStream;
  const output = new PassThrough() as unknown as NodeJS.WriteStream & { columns: number; rows: number; isTTY: boolean };
  Object.assign(output, { columns, rows, isTTY: true });
  let text = '';
  (output as unknown as PassThrough).on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return { input, output, screen: () => text.slice(text.lastIndexOf('\x1b[H')) };
}

const tick = () => new Promise((r) => setTimeout(r, 20));

describe('runInteractive', () => {
  it('hands an extra key to its handler and shows what it says, then takes keys again', async () => {
    const t = fakeTerminal(80, 24);
    let played = 0;
    const done = runInteractive({
      input: t.input,
      output: t.output,
      depth: 8,
      theme: { ...THEMES.dark },
      themeWhy: 'test',
      showPath: true,
      animate: false,
      initial: shownMaze(),
      regenerate: () => ({ shown: shownMaze(), message: 'again' }),
      tooBigHint: 'hint',
      extraKeys: [{ key: 'p', help: 'p play', run: async () => ((played += 1), 'played one game') }],
    });
    await tick();
    expect(t.screen()).toContain('p play');
    (t.input as unknown as PassThrough).write('p');
    await tick();
    expect(played).toBe(1);
    expect(t.screen()).toContain('played one game | seed 42');
    (t.input as unknown as PassThrough).write('2');
    await tick();
    expect(t.screen()).toContain('path hidden');
    (t.input as unknown as PassThrough).write('q');
    await done;
  });

  it('says so, wrapped, when the maze fits no drawing, and keeps every line within the terminal', async () => {
    const t = fakeTerminal(12, 6);
    const done = runInteractive({
      input: t.input,
      output: t.output,
      depth: 8,
      theme: { ...THEMES.dark },
      themeWhy: 'test',
      showPath: true,
      animate: false,
      initial: shownMaze(),
      regenerate: () => ({ shown: shownMaze(), message: '' }),
      tooBigHint: 'see it elsewhere',
    });
    await tick();
    const lines = t.screen().replace('\x1b[H\x1b[2J', '').split('\n');
    expect(lines[0]).toBe('a 20x15 maze');
    expect(lines.length).toBeLessThanOrEqual(6);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(12);
    (t.input as unknown as PassThrough).write('q');
    await done;
  });
});
