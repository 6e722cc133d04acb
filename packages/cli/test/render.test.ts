import { EAST, generateMaze, Maze, patternCells, SOUTH, WEST } from 'mazegen';
import { describe, expect, it } from 'vitest';
import { ansi256, blockGrid, CYCLE_COLORS, drawingSize, nextColor, PLAIN_BLOCKS, renderMaze, type Palette } from '../src/term/render.js';
import { fitProblem, wantsColor } from '../src/term/screen.js';

const PALETTE: Palette = { wall: 'white', pattern: 'cyan', path: 'yellow', entry: 'green', exit: 'red' };

/** A 3x2 maze: a corridor along the top row, down the east side and back west to (1,1); (0,0) also opens south. */
function smallMaze(): Maze {
  const m = new Maze(3, 2);
  m.carvePassage(0, EAST);
  m.carvePassage(1, EAST);
  m.carvePassage(2, SOUTH);
  m.carvePassage(5, WEST);
  m.carvePassage(0, SOUTH);
  return m;
}

// eslint-disable-next-line no-control-regex -- matching ANSI escapes is the point
const stripAnsi = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

describe('renderMaze', () => {
  it('draws a (2H+1) x (2W+1) grid of two-column blocks in plain characters', () => {
    const text = renderMaze(smallMaze(), { entry: { x: 0, y: 0 }, exit: { x: 1, y: 1 }, path: Int32Array.of(0, 1, 2, 5, 4), color: false, palette: PALETTE });
    expect(text).toBe(
      ['██████████████', '██EN········██', '██  ██████··██', '██  ██EX····██', '██████████████', ''].join('\n'),
    );
  });

  it('leaves the path out when none is given', () => {
    const text = renderMaze(smallMaze(), { entry: { x: 0, y: 0 }, exit: { x: 1, y: 1 }, color: false, palette: PALETTE });
    expect(text).not.toContain('··');
    expect(text.split('\n')[1]).toBe('██EN        ██');
  });

  it('colours blocks with 256-colour backgrounds, one escape per run, reset at each line end', () => {
    const text = renderMaze(smallMaze(), { entry: { x: 0, y: 0 }, exit: { x: 1, y: 1 }, color: true, palette: PALETTE });
    const lines = text.split('\n').slice(0, -1);
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      expect(stripAnsi(line)).toBe(' '.repeat(14));
      expect(line.endsWith('\x1b[0m')).toBe(true);
    }
    expect(lines[0]).toBe(`\x1b[48;5;231m${' '.repeat(14)}\x1b[0m`);
    expect(lines[1]).toContain(`\x1b[48;5;${ansi256('#1f9d3a')}m`); // the entry, green
    const recoloured = renderMaze(smallMaze(), { entry: { x: 0, y: 0 }, exit: { x: 1, y: 1 }, color: true, palette: { ...PALETTE, wall: 'blue' } });
    expect(recoloured).not.toBe(text);
  });

  it('draws the 42 pattern cells in their own blocks, joined into solid strokes', () => {
    const { maze, entry, exit } = generateMaze({ width: 20, height: 15, seed: 42 });
    const text = renderMaze(maze, { entry, exit, color: false, palette: PALETTE });
    const rows = text.split('\n');
    expect(rows).toHaveLength(32);
    for (const cell of patternCells(20, 15)) {
      const x = cell % 20;
      const y = Math.floor(cell / 20);
      expect(rows[2 * y + 1].slice(2 * (2 * x + 1), 2 * (2 * x + 1) + 2)).toBe('▓▓');
    }
    // The top stroke of the 2 (cells (11..13, 5)) is one bar: 5 blocks.
    expect(rows[11].slice(2 * 23, 2 * 28)).toBe('▓▓'.repeat(5));
  });

  it('opens a post only where all four walls around it are open', () => {
    const m = new Maze(2, 2);
    m.carvePassage(0, EAST);
    m.carvePassage(0, SOUTH);
    m.carvePassage(1, SOUTH);
    m.carvePassage(2, EAST);
    const grid = blockGrid(m, { entry: { x: 0, y: 0 }, exit: { x: 1, y: 1 } });
    expect(grid[2 * 5 + 2]).toBe(0);
    m.buildWall(2, EAST);
    expect(blockGrid(m, { entry: { x: 0, y: 0 }, exit: { x: 1, y: 1 } })[2 * 5 + 2]).toBe(1);
  });

  it('has distinct plain characters for every block kind', () => {
    expect(new Set(PLAIN_BLOCKS).size).toBe(PLAIN_BLOCKS.length);
    for (const block of PLAIN_BLOCKS) expect([...block]).toHaveLength(2);
  });
});

describe('colours', () => {
  it('maps the palette to the nearest xterm-256 colour', () => {
    expect(ansi256('#ffffff')).toBe(231);
    expect(ansi256('#000000')).toBe(16);
    expect(ansi256('#808080')).toBe(244);
    expect(ansi256('#ff0000')).toBe(196);
  });

  it('cycles through every colour, skipping the one to avoid', () => {
    const seen = new Set<string>();
    let color = CYCLE_COLORS[0];
    for (let i = 0; i < CYCLE_COLORS.length; i++) {
      seen.add(color);
      color = nextColor(color);
    }
    expect(seen.size).toBe(CYCLE_COLORS.length);
    expect(color).toBe(CYCLE_COLORS[0]);
    expect(nextColor('white', 'lightgray')).toBe('gray');
  });

  it('honours NO_COLOR (non-empty), TERM=dumb and --no-color', () => {
    expect(wantsColor({}, undefined, true)).toBe(true);
    expect(wantsColor({}, undefined, false)).toBe(false);
    expect(wantsColor({ FORCE_COLOR: '1' }, undefined, false)).toBe(true);
    expect(wantsColor({ FORCE_COLOR: '0' }, undefined, false)).toBe(false);
    expect(wantsColor({ FORCE_COLOR: '1', NO_COLOR: '1' }, undefined, true)).toBe(false);
    expect(wantsColor({ NO_COLOR: '1' }, true, true)).toBe(false);
    expect(wantsColor({ NO_COLOR: '' }, true, true)).toBe(true);
    expect(wantsColor({ TERM: 'dumb' }, true, true)).toBe(false);
    expect(wantsColor({}, false, true)).toBe(false);
  });
});

describe('fitProblem', () => {
  it('measures a terminal in columns and rows', () => {
    expect(drawingSize(20, 15)).toEqual({ columns: 82, rows: 31 });
    expect(fitProblem(20, 15, { columns: 82, rows: 33 }, 2)).toBeUndefined();
    expect(fitProblem(20, 15, { columns: 81, rows: 40 })).toBe('a 20x15 maze needs 82 columns to draw, the terminal has 81');
    expect(fitProblem(20, 15, { columns: 100, rows: 32 }, 2)).toBe('a 20x15 maze needs 33 rows to draw, the terminal has 32');
  });

  it('draws up to 200 cells a side where nothing can be measured', () => {
    expect(fitProblem(200, 200, {})).toBeUndefined();
    expect(fitProblem(201, 1, {})).toMatch(/too big to draw outside a terminal \(at most 200 cells a side\)/);
    expect(fitProblem(1, 201, {})).toMatch(/too big/);
  });
});
