import { describe, expect, it } from 'vitest';
import { generateMaze } from '../generate.js';
import { solveMaze } from '../solve.js';
import { GridMaze } from '../maze.js';
import { SquareTopology } from '../grid/square.js';
import {
  ROLE_BORDER,
  ROLE_ENTRY,
  ROLE_EXIT,
  ROLE_OPEN,
  ROLE_PATH,
  ROLE_PLAYER,
  ROLE_WALL,
  roleRaster,
  roleRasterSize,
  type RoleRaster,
} from './role-raster.js';

const at = (r: RoleRaster, x: number, y: number) => r.roles[y * r.width + x];

describe('the lattice raster (square grid)', () => {
  it('leaves the cells outside an outline blank and closes the shape with border pixels', () => {
    const g = generateMaze({ grid: 'square', width: 14, height: 12, shape: 'heart', entry: 'top', exit: 'bottom', seed: 3 });
    const raster = roleRaster({ maze: g.maze, entry: g.entry, exit: g.exit, blocked: 'outside' }, { lattice: true });
    expect(roleRasterSize(g.maze, { lattice: true })).toEqual({ width: 29, height: 25 });
    const t = g.maze.topology;
    const steps = [
      [0, -1],
      [1, 0],
      [0, 1],
      [-1, 0],
    ];
    let outside = 0;
    for (let cell = 0; cell < t.size; cell++) {
      const [x, y] = [2 * (cell % 14) + 1, 2 * Math.floor(cell / 14) + 1];
      for (let s = 0; s < 4; s++) {
        const next = t.neighbour(cell, s);
        const wall = at(raster, x + steps[s][0], y + steps[s][1]);
        const noCell = (c: number) => c < 0 || g.maze.isBlocked(c);
        if (g.maze.isBlocked(cell)) {
          // Between two cells outside (or outside and the frame): blank.
          if (noCell(next)) expect(wall).toBe(ROLE_OPEN);
        } else if (noCell(next) && cell !== g.entry && cell !== g.exit) expect(wall).toBe(ROLE_BORDER);
        else if (!noCell(next)) expect(wall).toBe(g.maze.isOpen(cell, s) ? ROLE_OPEN : ROLE_WALL);
      }
      if (g.maze.isBlocked(cell)) {
        expect(at(raster, x, y)).toBe(ROLE_OPEN);
        outside++;
      }
    }
    expect(outside).toBeGreaterThan(20);
    // The marks on the outline, each with an opening beside it.
    expect(raster.roles[raster.entryPixel]).toBe(ROLE_ENTRY);
    expect(raster.roles[raster.exitPixel]).toBe(ROLE_EXIT);
    expect(at(raster, raster.entryPixel % 29, Math.floor(raster.entryPixel / 29) - 1)).toBe(ROLE_OPEN);
  });

  it('draws a wrapped edge as the walls it joins, open where a passage crosses it, and a path across it on both sides', () => {
    const g = generateMaze({ grid: 'square', width: 10, height: 6, wrap: 'x', entry: { x: 0, y: 0 }, exit: { x: 9, y: 5 }, seed: 8 });
    const cols = 21;
    const crossing: number[] = [];
    for (let y = 0; y < 6; y++) if (g.maze.isOpen(y * 10, 3)) crossing.push(y);
    expect(crossing.length).toBeGreaterThan(0);
    const path = Int32Array.of(crossing[0] * 10, crossing[0] * 10 + 9);
    const raster = roleRaster({ maze: g.maze, entry: g.entry, exit: g.exit, path }, { lattice: true });
    for (let y = 0; y < 6; y++) {
      const row = 2 * y + 1;
      const expected = g.maze.isOpen(y * 10, 3) ? ROLE_OPEN : ROLE_WALL;
      if (y === crossing[0]) continue;
      // (The entry and exit open north and south, where the grid is not joined.)
      expect(raster.roles[row * cols], `west edge, row ${y}`).toBe(expected);
      expect(raster.roles[row * cols + cols - 1], `east edge, row ${y}`).toBe(expected);
    }
    const row = 2 * crossing[0] + 1;
    expect([raster.roles[row * cols], raster.roles[row * cols + cols - 1]]).toEqual([ROLE_PATH, ROLE_PATH]);
    // The north and south edges are not joined: border, but for the openings beside the marks.
    expect(raster.roles[3]).toBe(ROLE_BORDER);
    expect([raster.roles[1], raster.roles[12 * cols + 19]]).toEqual([ROLE_OPEN, ROLE_OPEN]);
  });

  it('fills the player cell, over the path and the entry', () => {
    const maze = GridMaze.fromMaze(generateMaze({ grid: 'square', width: 5, height: 4, seed: 1, pattern: 'none' }).maze.toMaze());
    const raster = roleRaster({ maze, entry: 0, exit: 19, path: [0, 1], player: 0 }, { lattice: true });
    expect(raster.roles[raster.playerPixel]).toBe(ROLE_PLAYER);
    expect(raster.playerPixel).toBe(raster.entryPixel);
  });
});

describe('the shapes raster (every grid)', () => {
  for (const options of [
    { grid: 'hex', width: 8, height: 6, seed: 4 },
    { grid: 'triangle', width: 10, height: 5, seed: 4 },
    { grid: 'polar', width: 6, height: 5, seed: 4, entry: 'centre', exit: 'outer' },
    { grid: 'square', width: 6, height: 5, seed: 4, wrap: 'y' },
  ] as const) {
    it(`${options.grid}: walls one pixel wide on the cells' edges, the marks at their centres, the player's cell filled under its walls`, () => {
      const g = generateMaze(options);
      const scale = { x: 8, y: 6 };
      const path = solveMaze(g.maze, g.entry, g.exit, 'BFS').cells;
      const player = path[Math.floor(path.length / 2)];
      const raster = roleRaster({ maze: g.maze, entry: g.entry, exit: g.exit, path, player }, { scale });
      expect({ width: raster.width, height: raster.height }).toEqual(roleRasterSize(g.maze, { scale }));
      const t = g.maze.topology;
      const pixelOf = (cell: number) => {
        const c = t.centre(cell);
        return Math.floor(1 + c.y * scale.y) * raster.width + Math.floor(1 + c.x * scale.x);
      };
      expect(raster.entryPixel).toBe(pixelOf(g.entry));
      expect(raster.roles[raster.entryPixel]).toBe(ROLE_ENTRY);
      expect(raster.roles[raster.exitPixel]).toBe(ROLE_EXIT);
      expect(raster.roles[raster.playerPixel]).toBe(ROLE_PLAYER);
      // The path runs through the cells between, and walls still stand around the player.
      expect(raster.roles[pixelOf(path[1])]).toBe(player === path[1] ? ROLE_PLAYER : ROLE_PATH);
      const count = (role: number) => raster.roles.filter((r) => r === role).length;
      expect(count(ROLE_PLAYER)).toBeGreaterThan(4);
      expect(count(ROLE_WALL)).toBeGreaterThan(t.size * 4);
      // The middle of each closed wall of the player's cell is a wall pixel.
      const corners = t.corners(player);
      for (let s = 0; s < t.degree(player); s++) {
        if (g.maze.isOpen(player, s) || t.kind === 'polar') continue;
        const [a, b] = [corners[s], corners[(s + 1) % corners.length]];
        const [x, y] = [Math.floor(1 + ((a.x + b.x) / 2) * scale.x), Math.floor(1 + ((a.y + b.y) / 2) * scale.y)];
        const near = [0, -1, 1].some((dy) => [0, -1, 1].some((dx) => raster.roles[(y + dy) * raster.width + x + dx] === ROLE_WALL));
        expect(near, `slot ${s}`).toBe(true);
      }
    });
  }

  it('tints passage pixels in their cell band and nothing else', () => {
    const g = generateMaze({ grid: 'hex', width: 6, height: 5, seed: 2 });
    const shade = new Uint8Array(g.maze.size).map((_, cell) => 1 + (cell % 3));
    const raster = roleRaster({ maze: g.maze, entry: g.entry, exit: g.exit, shade }, { scale: { x: 10, y: 10 } });
    const bands = raster.bands!;
    let tinted = 0;
    for (let i = 0; i < bands.length; i++) {
      if (bands[i] > 0) {
        expect(raster.roles[i]).toBe(ROLE_OPEN);
        tinted++;
      }
    }
    expect(tinted).toBeGreaterThan(raster.width * raster.height * 0.3);
    const c = g.maze.topology.centre(7);
    expect(bands[Math.floor(1 + c.y * 10) * raster.width + Math.floor(1 + c.x * 10)]).toBe(shade[7]);
  });

  it('refuses the lattice for a grid that is not square', () => {
    const hex = generateMaze({ grid: 'hex', width: 3, height: 3, seed: 1 }).maze;
    expect(() => roleRasterSize(hex, { lattice: true })).toThrow(/the lattice raster is the square grid's; this grid is hex/);
    expect(roleRasterSize(new GridMaze(new SquareTopology(3, 2)), { lattice: true })).toEqual({ width: 7, height: 5 });
  });
});
