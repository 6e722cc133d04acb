import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateMaze } from './generate.js';
import { shortestPath } from './solve.js';
import { GridMaze } from './maze.js';
import { HexTopology } from './grid/hex.js';
import { PolarTopology } from './grid/polar.js';
import { TriangleTopology } from './grid/triangle.js';
import { GridPlayGame, playSummary } from './play.js';
import { directionTo, PLAY_ARROWS, PLAY_DIRECTION_KEYS, slotToward, type PlayDirection } from './play-directions.js';

/** Every direction some key names on `maze`'s grid. */
function directionsOf(maze: GridMaze): PlayDirection[] {
  return [...new Set([...Object.values(PLAY_DIRECTION_KEYS[maze.topology.kind]), ...Object.values(PLAY_ARROWS)])];
}

/** True when `a` and `b` are joined by an open passage, seen from both sides. */
function joined(maze: GridMaze, a: number, b: number): boolean {
  const t = maze.topology;
  for (let s = 0; s < t.degree(a); s++) {
    if (t.neighbour(a, s) === b && maze.isOpen(a, s) && maze.isOpen(b, t.backSlot(a, s))) return true;
  }
  return false;
}

const GRIDS = [
  { grid: 'hex', width: 5, height: 4 },
  { grid: 'hex', width: 6, height: 4, wrap: 'xy' },
  { grid: 'triangle', width: 7, height: 4 },
  { grid: 'polar', width: 6, height: 3 },
  { grid: 'polar', width: 3, height: 3 },
  { grid: 'square', width: 5, height: 4, wrap: 'x' },
  { grid: 'square', width: 6, height: 5, shape: 'circle' },
] as const;

describe('the play keys on each grid', () => {
  it('hex: up/down are N/S, left/right the upper neighbours, down-left/down-right the lower ones', () => {
    const maze = new GridMaze(new HexTopology(5, 5));
    const t = maze.topology;
    const cell = 2 * 5 + 2; // an even column: NE/NW are a row up
    const at = (d: PlayDirection) => t.neighbour(cell, slotToward(maze, cell, d));
    expect([at('up'), at('right'), at('down-right'), at('down'), at('down-left'), at('left')]).toEqual([7, 8, 13, 17, 11, 6]);
  });

  it('triangle: up only from a cell pointing down, down only from one pointing up', () => {
    const maze = new GridMaze(new TriangleTopology(4, 3));
    const up = 0; // (0, 0) points up
    const down = 1;
    expect(slotToward(maze, up, 'up')).toBe(-1);
    expect(maze.topology.neighbour(up, slotToward(maze, up, 'down'))).toBe(4);
    expect(slotToward(maze, down, 'down')).toBe(-1);
    expect(maze.topology.neighbour(4, slotToward(maze, 4, 'up'))).toBe(0); // (0, 1) points down
    expect(maze.topology.neighbour(down, slotToward(maze, down, 'right'))).toBe(2);
    expect(maze.topology.neighbour(down, slotToward(maze, down, 'left'))).toBe(0);
    const game = new GridPlayGame(maze, up, 11, 5);
    expect(game.moveToward('up', false, 0)).toBe('no-side');
    expect(game.moveToward('down', false, 0)).toBe('wall'); // every wall closed
    expect(game.moves).toBe(0);
  });

  it('polar: down in, left anticlockwise, right clockwise, up out to the first open outward cell, digits to the n-th', () => {
    const t = new PolarTopology(6, 2); // ring 2 has 12 cells: two outside each ring-1 cell
    const maze = new GridMaze(t);
    const cell = t.cellAt(1, 1);
    expect(t.neighbour(cell, slotToward(maze, cell, 'down'))).toBe(0);
    expect(t.neighbour(cell, slotToward(maze, cell, 'left'))).toBe(t.cellAt(0, 1));
    expect(t.neighbour(cell, slotToward(maze, cell, 'right'))).toBe(t.cellAt(2, 1));
    expect(t.neighbour(cell, slotToward(maze, cell, 'out-1'))).toBe(t.cellAt(2, 2));
    expect(t.neighbour(cell, slotToward(maze, cell, 'out-2'))).toBe(t.cellAt(3, 2));
    expect(slotToward(maze, cell, 'out-3')).toBe(-1);
    // Up takes the first open outward cell: with only the second open, the second.
    expect(t.neighbour(cell, slotToward(maze, cell, 'up'))).toBe(t.cellAt(2, 2));
    maze.carve(cell, 3);
    expect(t.neighbour(cell, slotToward(maze, cell, 'up'))).toBe(t.cellAt(3, 2));
    // The centre: up to the first open first-ring cell from north, digits by index, no in or sideways.
    maze.carve(0, 4);
    expect(t.neighbour(0, slotToward(maze, 0, 'up'))).toBe(t.cellAt(4, 1));
    expect(t.neighbour(0, slotToward(maze, 0, 'out-2'))).toBe(t.cellAt(1, 1));
    expect([slotToward(maze, 0, 'down'), slotToward(maze, 0, 'left'), slotToward(maze, 0, 'right'), slotToward(maze, 0, 'out-7')]).toEqual([
      -1, -1, -1, -1,
    ]);
  });

  it('every open passage of every cell has a key (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GRIDS), fc.integer(), fc.constantFrom(0, 50), (spec, seed, braid) => {
        const { maze } = generateMaze({ ...spec, seed, braid, pattern: 'none' });
        const t = maze.topology;
        for (let cell = 0; cell < t.size; cell++) {
          if (maze.isBlocked(cell)) continue;
          for (let s = 0; s < t.degree(cell); s++) {
            const next = t.neighbour(cell, s);
            if (next >= 0 && maze.isOpen(cell, s)) expect(directionTo(maze, cell, next), `${t.kind} ${cell} -> ${next}`).toBeDefined();
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('GridPlayGame: the rules on every grid', () => {
  it('any keys move only through open passages, runs stop at junctions, dead ends or the exit, undo walks back (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GRIDS),
        fc.integer(),
        fc.constantFrom(0, 50),
        fc.array(fc.tuple(fc.nat(40), fc.boolean(), fc.boolean()), { maxLength: 60 }),
        (spec, seed, braid, keys) => {
          const g = generateMaze({ ...spec, seed, braid, pattern: 'none' });
          const shortest = shortestPath(g.maze, g.entry, g.exit).cells.length - 1;
          const game = new GridPlayGame(g.maze, g.entry, g.exit, shortest);
          const directions = directionsOf(g.maze);
          for (const [pick, run, undo] of keys) {
            if (game.solved) break;
            const before = game.moves;
            if (undo && pick % 4 === 0) {
              const outcome = game.undo();
              expect(game.moves).toBe(Math.max(0, before - 1));
              expect(outcome).toBe(game.moves === 0 ? 'at-start' : 'undone');
              continue;
            }
            const outcome = game.moveToward(directions[pick % directions.length], run, 0);
            if (outcome === 'wall' || outcome === 'no-side') {
              expect(game.moves).toBe(before);
              continue;
            }
            expect(game.moves).toBeGreaterThan(before);
            if (!run) expect(game.moves).toBe(before + 1);
            if (run && outcome === 'moved') expect(game.openings(game.here).length).not.toBe(2);
            expect(outcome).toBe(game.solved ? 'solved' : 'moved');
          }
          const trail = game.trail;
          expect(trail[0]).toBe(g.entry);
          for (let i = 1; i < trail.length; i++) expect(joined(g.maze, trail[i - 1], trail[i])).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('walking the shortest path by its keys reaches the exit at 100%, a detour scores shortest / taken (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GRIDS), fc.integer(), (spec, seed) => {
        const g = generateMaze({ ...spec, seed, pattern: 'none' });
        const path = shortestPath(g.maze, g.entry, g.exit).cells;
        const shortest = path.length - 1;
        const game = new GridPlayGame(g.maze, g.entry, g.exit, shortest);
        for (let i = 1; i < path.length; i++) {
          const outcome = game.moveToward(directionTo(g.maze, path[i - 1], path[i])!, false, 1000 * i);
          expect(outcome).toBe(i === path.length - 1 ? 'solved' : 'moved');
        }
        expect(game.score(0)).toEqual({ solved: true, moves: shortest, shortest, optimality: 100, seconds: shortest - 1 });
        expect(game.moveToward('up', false, 0)).toBe('solved');
        expect(game.undo()).toBe('solved');
        if (shortest < 2) return;
        // Out to the second cell and back, then the shortest way: two moves more.
        const detour = new GridPlayGame(g.maze, g.entry, g.exit, shortest);
        detour.moveToward(directionTo(g.maze, path[0], path[1])!, false, 0);
        detour.moveToward(directionTo(g.maze, path[1], path[0])!, false, 0);
        for (let i = 1; i < path.length; i++) detour.moveToward(directionTo(g.maze, path[i - 1], path[i])!, false, 0);
        const score = detour.score(0);
        expect(score.solved).toBe(true);
        expect(score.moves).toBe(shortest + 2);
        expect(score.optimality).toBe(Math.round((100 * shortest) / (shortest + 2)));
        expect(playSummary(score)).toBe(`solved: ${shortest + 2} moves, shortest ${shortest}, optimality ${score.optimality}%, time 0.0 s`);
      }),
      { numRuns: 60 },
    );
  });

  it('a run on a hand-made hex corridor stops at the junction, and undo takes it back one cell at a time', () => {
    // Column 0 of a 3x4 hex grid carved top to bottom, with a branch NE from row 2.
    const maze = new GridMaze(new HexTopology(3, 4));
    for (let row = 0; row < 3; row++) maze.carve(row * 3, 3);
    maze.carve(2 * 3, 1); // (0,2) NE -> (1,1)
    const game = new GridPlayGame(maze, 0, 9, 3);
    expect(game.moveToward('right', false, 0)).toBe('wall');
    expect(game.moveToward('down', true, 0)).toBe('moved');
    expect(game.here).toBe(6); // (0,2): a junction (N, S, NE)
    expect(game.moveToward('down', true, 0)).toBe('solved');
    const back = new GridPlayGame(maze, 0, 11, 3);
    back.moveToward('down', true, 0);
    back.moveToward('right', true, 0);
    expect(back.here).toBe(4); // (1,1), a dead end
    expect(back.trail).toEqual([0, 3, 6, 4]);
    expect(back.undo()).toBe('undone');
    expect(back.undo()).toBe('undone');
    expect(back.undo()).toBe('at-start');
    expect(back.undo()).toBe('at-start');
    expect(back.here).toBe(0);
  });
});
