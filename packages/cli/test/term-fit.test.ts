/**
 * The one density chooser of the terminal (term/fit.ts) over every grid: the drawing it
 * picks never overflows the terminal, it is the largest that fits, and a square maze with
 * an outline or a wrap gets the same drawing as the plain one of its size.
 */
import fc from 'fast-check';
import { createTopology, generateMaze, GridMaze, THEMES, type GridKind, type Wrap } from 'mazegen';
import { describe, expect, it } from 'vitest';
import { fitPicture, leastColumnsPerUnit, MAX_UNMEASURED_COLUMNS, mostColumnsPerUnit, shapesSize } from '../src/term/fit.js';
import { COLOR_MODES, pictureLines, PIXELS_PER_CHARACTER, termPictureOf, type DrawMode, type TermPicture } from '../src/term/render.js';
import { visibleWidth } from '../src/term/screen.js';

/** A maze of the grid with every wall closed: the chooser looks only at its size, the drawing at every wall. */
function closedMaze(kind: GridKind, width: number, height: number, wrap: Wrap = 'none'): TermPicture {
  const maze = new GridMaze(createTopology({ grid: kind, width, height, wrap }));
  return { maze, entry: 0, exit: maze.size - 1 };
}

const GRID_SIZES = {
  square: { width: fc.integer({ min: 1, max: 90 }), height: fc.integer({ min: 1, max: 60 }) },
  hex: { width: fc.integer({ min: 1, max: 50 }), height: fc.integer({ min: 1, max: 40 }) },
  triangle: { width: fc.integer({ min: 2, max: 70 }), height: fc.integer({ min: 1, max: 30 }) },
  polar: { width: fc.integer({ min: 3, max: 12 }), height: fc.integer({ min: 1, max: 20 }) },
};
const anyGrid = fc.oneof(
  ...(Object.keys(GRID_SIZES) as GridKind[]).map((kind) => fc.record({ kind: fc.constant(kind), ...GRID_SIZES[kind] })),
);
const anyTerminal = fc.record({ columns: fc.integer({ min: 10, max: 260 }), rows: fc.integer({ min: 4, max: 90 }) });
const STATUS = 2;

describe('the density chooser', () => {
  it('never draws wider or taller than the terminal (with two status rows), on any grid, size and terminal, in colour and without', () => {
    fc.assert(
      fc.property(anyGrid, anyTerminal, fc.boolean(), (grid, terminal, color) => {
        const picture = closedMaze(grid.kind, grid.width, grid.height);
        const fit = fitPicture(picture, terminal, color, STATUS);
        if (fit.problem !== undefined) {
          expect(fit.problem).toMatch(/needs \d+ (columns|rows) even in/);
          return;
        }
        const lines = pictureLines(picture, { mode: fit.mode, scale: fit.scale, theme: THEMES.dark, depth: color ? 24 : 1 });
        expect(lines.length + STATUS).toBeLessThanOrEqual(terminal.rows);
        for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(terminal.columns);
      }),
      { numRuns: 150 },
    );
  });

  it('takes the largest drawing that fits: no density draws the maze a tenth larger on the screen within its legible pixels', () => {
    fc.assert(
      fc.property(
        anyGrid.filter((g) => g.kind !== 'square'),
        anyTerminal,
        (grid, terminal) => {
          const picture = closedMaze(grid.kind, grid.width, grid.height);
          const fit = fitPicture(picture, terminal, true, STATUS);
          const density = (mode: DrawMode) => PIXELS_PER_CHARACTER[mode as 'blocks'];
          const scaleAt = (mode: DrawMode, columnsPerUnit: number) => ({
            x: columnsPerUnit * density(mode).across,
            y: (columnsPerUnit * density(mode).down) / 2,
          });
          const fits = (mode: DrawMode, columnsPerUnit: number) => {
            const scale = scaleAt(mode, columnsPerUnit);
            if (columnsPerUnit < leastColumnsPerUnit(mode, grid.kind) * 0.999 || columnsPerUnit > mostColumnsPerUnit(mode)) return false;
            const size = shapesSize(picture.maze, mode, scale);
            return size.columns <= terminal.columns && size.rows + STATUS <= terminal.rows;
          };
          // The smallest legible drawing of any density, when nothing was chosen; else a tenth (and a little) more than the chosen size.
          const columnsPerUnit = fit.scale ? (fit.scale.x / density(fit.mode).across) * 1.11 : 0;
          for (const mode of COLOR_MODES)
            expect(fits(mode, Math.max(leastColumnsPerUnit(mode, grid.kind), columnsPerUnit)), `${mode} draws it larger`).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives a square maze with a SHAPE or a WRAP the drawing the plain square maze of its size gets', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 80 }),
        fc.integer({ min: 3, max: 50 }),
        anyTerminal,
        fc.constantFrom<Wrap>('x', 'y', 'xy'),
        (width, height, terminal, wrap) => {
          const plain = fitPicture(termPictureOf(generateMaze({ width, height, seed: 1, pattern: 'none' })), terminal, true, STATUS);
          expect(fitPicture(closedMaze('square', width, height, wrap), terminal, true, STATUS)).toEqual(plain);
        },
      ),
      { numRuns: 100 },
    );
    for (const [columns, rows] of [
      [80, 24],
      [120, 40],
      [60, 20],
    ]) {
      const g = generateMaze({ grid: 'square', width: 20, height: 15, shape: 'heart', entry: 'top', exit: 'bottom', seed: 42 });
      const plain = fitPicture(termPictureOf(generateMaze({ width: 20, height: 15, seed: 42 })), { columns, rows }, true, STATUS);
      expect(fitPicture({ maze: g.maze }, { columns, rows }, true, STATUS)).toEqual(plain);
    }
  });

  it('draws a grid into a pipe at its smallest legible scale, in at most MAX_UNMEASURED_COLUMNS columns, or says it is too big', () => {
    fc.assert(
      fc.property(
        anyGrid.filter((g) => g.kind !== 'square'),
        fc.boolean(),
        (grid, color) => {
          const picture = closedMaze(grid.kind, grid.width, grid.height);
          const fit = fitPicture(picture, {}, color);
          if (fit.problem !== undefined) {
            expect(fit.problem).toMatch(/is too big to draw outside a terminal/);
            return;
          }
          const lines = pictureLines(picture, { mode: fit.mode, scale: fit.scale, theme: THEMES.dark, depth: color ? 24 : 1 });
          for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(MAX_UNMEASURED_COLUMNS);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('picks blocks, then half blocks, then braille as the terminal shrinks (triangle 10x5), then says none fits; the plain square 20x15 keeps its drawings', () => {
    const triangle = closedMaze('triangle', 10, 5);
    const modes = [
      [120, 40],
      [80, 24],
      [30, 10],
    ].map(([columns, rows]) => fitPicture(triangle, { columns, rows }, true, STATUS).mode);
    expect(modes).toEqual(['blocks', 'half', 'braille']);
    expect(fitPicture(closedMaze('hex', 12, 8), { columns: 30, rows: 10 }, true, STATUS).problem).toBe(
      'a 12x8 hex maze needs 12 rows even in braille, the terminal has 10',
    );
    const square = termPictureOf(generateMaze({ width: 20, height: 15, seed: 42 }));
    expect(fitPicture(square, { columns: 80, rows: 24 }, true, STATUS)).toEqual({ mode: 'half' });
    expect(fitPicture(square, { columns: 200, rows: 60 }, true, STATUS)).toEqual({ mode: 'blocks' });
    expect(fitPicture(square, { columns: 40, rows: 12 }, true, STATUS)).toEqual({ mode: 'braille' });
  });
});
