import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateMaze, GridMaze, Maze, resolveTheme } from 'mazegen';
import { OPPOSITE } from 'mazegen/internal';
import { MazePicture, shadeColorsFor, type Scene } from './picture.js';

/**
 * An animation changes a few cells a step and the picture redraws only those cells'
 * neighbourhood (rows and columns). Whatever the order of the changes and of the flushes,
 * the pixels must end as one whole drawing of the final maze.
 */
describe('MazePicture redraws only what changed', () => {
  it('ends with the pixels of a whole drawing, after carving and tinting cell by cell', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 2, max: 20 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 40 }),
        (width, height, seed, pitch, flushEvery) => {
          const target = generateMaze({
            width,
            height,
            seed,
            pattern: 'none',
            entry: { x: 0, y: 0 },
            exit: { x: width - 1, y: height - 1 },
          }).maze;
          const theme = resolveTheme('default');
          const shadeColors = shadeColorsFor(theme);
          const working = new Maze(width, height);
          const shade = new Uint8Array(working.size);
          const scene: Scene = {
            maze: GridMaze.fromMaze(working),
            square: true,
            theme,
            entry: 0,
            exit: width * height - 1,
            shade,
            shadeColors,
          };
          const picture = new MazePicture(scene, pitch);
          picture.drawAll();
          let changes = 0;
          for (let cell = 0; cell < working.size; cell++) {
            // Open the walls the final maze has open towards the east and the south, as carving steps.
            for (const dir of [2, 4]) {
              if ((target.cells[cell] & dir) !== 0) continue;
              const other = working.neighbor(cell, dir);
              if (other < 0) continue;
              working.cells[cell] &= ~dir;
              working.cells[other] &= ~OPPOSITE[dir];
              picture.markCell(cell);
              picture.markCell(other);
              if (++changes % flushEvery === 0) picture.flush();
            }
            shade[cell] = 1 + ((cell + seed) % 4);
            picture.markCell(cell);
          }
          picture.flush();
          const whole = new MazePicture(
            { ...scene, maze: GridMaze.fromMaze(Maze.fromWalls(width, height, working.cells)), shade: shade.slice() },
            pitch,
          );
          whole.drawAll();
          expect(Array.from(working.cells)).toEqual(Array.from(target.cells).map((v) => v & 15));
          expect(picture.pixels).toEqual(whole.pixels);
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** The same promise on the other grids: the grid painter redraws bands of unit rows, which must end as one whole drawing. */
describe('MazePicture on hex, triangle and polar grids redraws only what changed', () => {
  it('ends with the pixels of a whole drawing, after carving and tinting cell by cell', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('hex' as const, 'triangle' as const, 'polar' as const),
        fc.integer({ min: 3, max: 12 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 40 }),
        (grid, width, height, seed, pitch, flushEvery) => {
          const target = generateMaze({ grid, width: grid === 'polar' ? 6 : width, height, seed, entry: 'top', exit: 'bottom' });
          const theme = resolveTheme('default');
          const working = new GridMaze(target.maze.topology);
          const shade = new Uint8Array(working.size);
          const scene: Scene = {
            maze: working,
            square: false,
            theme,
            entry: target.entry,
            exit: target.exit,
            shade,
            shadeColors: shadeColorsFor(theme),
          };
          const picture = new MazePicture(scene, pitch);
          picture.drawAll();
          const t = working.topology;
          let changes = 0;
          for (let cell = 0; cell < working.size; cell++) {
            for (let slot = 0; slot < t.degree(cell); slot++) {
              const other = t.neighbour(cell, slot);
              if (other < cell || target.maze.cells[cell] & (1 << slot)) continue;
              working.carve(cell, slot);
              picture.markCell(cell);
              picture.markCell(other);
              if (++changes % flushEvery === 0) picture.flush();
            }
            shade[cell] = 1 + ((cell + seed) % 4);
            picture.markCell(cell);
          }
          picture.flush();
          expect(Array.from(working.cells)).toEqual(Array.from(target.maze.cells));
          const whole = new MazePicture({ ...scene, maze: GridMaze.from(working.data.slice(0)), shade: shade.slice() }, pitch);
          whole.drawAll();
          expect(picture.pixels).toEqual(whole.pixels);
        },
      ),
      { numRuns: 30 },
    );
  });
});
