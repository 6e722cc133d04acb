import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BufferFormatError, SizeError } from './errors.js';
import { HexTopology } from './grid/hex.js';
import { SquareTopology } from './grid/square.js';
import {
  GridMaze,
  ALL_WALLS,
  BLOCKED,
  DIRECTIONS,
  DIRECTION_LETTER,
  directionSteps,
  EAST,
  MAX_CELLS,
  MAZE_FORMAT_VERSION,
  Maze,
  NORTH,
  OPPOSITE,
  SOUTH,
  stepCell,
  WEST,
} from './maze.js';

describe('Maze', () => {
  it('starts with every wall closed, one byte per cell after a 12-byte header', () => {
    const maze = new Maze(4, 3);
    expect(maze.size).toBe(12);
    expect(maze.data.byteLength).toBe(24);
    expect(Array.from(maze.cells)).toEqual(new Array(12).fill(ALL_WALLS));
    const header = new DataView(maze.data);
    expect([header.getUint8(0), header.getUint8(1), header.getUint32(4, true), header.getUint32(8, true)]).toEqual([
      0x4d,
      MAZE_FORMAT_VERSION,
      4,
      3,
    ]);
  });

  it("uses the subject's bits: N=1, E=2, S=4, W=8, and BLOCKED=16 outside the nibble", () => {
    expect([NORTH, EAST, SOUTH, WEST, ALL_WALLS, BLOCKED]).toEqual([1, 2, 4, 8, 15, 16]);
    expect(DIRECTIONS).toEqual([1, 2, 4, 8]);
    expect(DIRECTIONS.map((d) => OPPOSITE[d])).toEqual([SOUTH, WEST, NORTH, EAST]);
    expect(DIRECTIONS.map((d) => DIRECTION_LETTER[d]).join('')).toBe('NESW');
  });

  it('rejects sizes that are not whole numbers >= 1 or hold too many cells', () => {
    for (const [w, h] of [
      [0, 1],
      [1, 0],
      [1.5, 2],
      [NaN, 2],
      [-3, 3],
    ])
      expect(() => new Maze(w, h)).toThrow(SizeError);
    expect(() => new Maze(MAX_CELLS, 2)).toThrow(/at most 2147483647 cells/);
  });

  it('finds neighbours and stops at the border', () => {
    const maze = new Maze(3, 2);
    expect([NORTH, EAST, SOUTH, WEST].map((d) => maze.neighbor(0, d))).toEqual([-1, 1, 3, -1]);
    expect([NORTH, EAST, SOUTH, WEST].map((d) => maze.neighbor(5, d))).toEqual([2, -1, -1, 4]);
    expect(maze.neighbor(0, 3)).toBe(-1);
    expect(maze.point(5)).toEqual({ x: 2, y: 1 });
    expect(maze.index(2, 1)).toBe(5);
    expect([maze.contains(2, 1), maze.contains(3, 0), maze.contains(0, -1), maze.contains(0.5, 0)]).toEqual([true, false, false, false]);
  });

  it('opens and closes a wall on both sides', () => {
    const maze = new Maze(3, 2);
    maze.carvePassage(1, SOUTH);
    expect(!maze.hasWall(1, SOUTH) && !maze.hasWall(4, NORTH)).toBe(true);
    expect(maze.walls(1)).toBe(ALL_WALLS & ~SOUTH);
    expect(maze.countPassages()).toBe(1);
    maze.buildWall(4, NORTH);
    expect(maze.hasWall(1, SOUTH) && maze.hasWall(4, NORTH)).toBe(true);
    expect(maze.countPassages()).toBe(0);
    maze.buildWall(0, NORTH); // the border side has no neighbour
    expect(maze.walls(0)).toBe(ALL_WALLS);
  });

  it('counts cells outside the pattern and keeps flags apart from walls', () => {
    const maze = new Maze(2, 2);
    maze.cells[3] |= BLOCKED;
    expect(maze.countOpenCells()).toBe(3);
    expect(maze.isBlocked(3)).toBe(true);
    expect(maze.walls(3)).toBe(ALL_WALLS);
  });

  it('round-trips through its buffer, as after a transfer to a worker', () => {
    const maze = new Maze(5, 4);
    maze.carvePassage(6, EAST);
    const copy = Maze.from(maze.data.slice(0));
    expect(copy.equals(maze)).toBe(true);
    expect(maze.clone().equals(maze)).toBe(true);
    expect(maze.clone().data).not.toBe(maze.data);
    copy.carvePassage(0, EAST);
    expect(copy.equals(maze)).toBe(false);
    expect(new Maze(4, 5).equals(new Maze(5, 4))).toBe(false);
  });

  it('explains a buffer it cannot read', () => {
    const good = new Maze(2, 2).data;
    const withByte = (offset: number, value: number): ArrayBuffer => {
      const copy = good.slice(0);
      new DataView(copy).setUint8(offset, value);
      return copy;
    };
    expect(() => Maze.from(new ArrayBuffer(4))).toThrow(/at least 12 bytes/);
    expect(() => Maze.from(withByte(0, 0))).toThrow(/wrong magic byte/);
    expect(() => Maze.from(withByte(1, 9))).toThrow(/got maze buffer v9 when expected v2 \(or v1\)/);
    expect(() => Maze.from(withByte(2, 1))).toThrow(/holds a hex maze; GridMaze.from reads it/);
    expect(() => Maze.from(withByte(3, 3))).toThrow(/holds a square maze wrapped xy; GridMaze.from reads it/);
    expect(() => Maze.from(withByte(2, 7))).toThrow(/names grid kind 7; expected 0-3 \(square, hex, triangle, polar\)/);
    expect(Maze.from(withByte(1, 1)).equals(new Maze(2, 2)), 'a version 1 buffer is a plain square maze').toBe(true);
    expect(() => Maze.from(good.slice(0, 15))).toThrow(/should be 16 bytes, got 15/);
    expect(() => Maze.from(new Uint8Array(16) as unknown as ArrayBuffer)).toThrow(BufferFormatError);
  });

  it('builds from wall nibbles, dropping any flag bits', () => {
    const maze = Maze.fromWalls(2, 1, [0x1d, 0x07]);
    expect(Array.from(maze.cells)).toEqual([0x0d, 0x07]);
  });
});

describe('one model: a Maze is a GridMaze over the square topology', () => {
  it('answers the slot API and the direction API alike, on the same bytes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        (w, h, picks) => {
          const maze = new Maze(w, h);
          const grid: GridMaze = maze;
          expect(grid.topology).toBeInstanceOf(SquareTopology);
          for (const pick of picks) {
            const cell = pick % maze.size;
            const slot = (pick >> 8) % 4;
            if (maze.topology.neighbour(cell, slot) >= 0) grid.carve(cell, slot);
          }
          for (let cell = 0; cell < maze.size; cell++) {
            DIRECTIONS.forEach((dir, slot) => {
              expect(grid.isOpen(cell, slot)).toBe(!maze.hasWall(cell, dir));
              expect(maze.topology.neighbour(cell, slot)).toBe(maze.neighbor(cell, dir));
            });
          }
          // The square count and the topology's count of the base class agree.
          expect(maze.countPassages()).toBe(GridMaze.prototype.countPassages.call(maze));
          const copy = maze.clone();
          expect(copy).toBeInstanceOf(Maze);
          expect(copy.equals(maze)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('comes back from its buffer through either class, as a Maze when the grid is plain square', () => {
    const maze = new Maze(5, 4);
    maze.carvePassage(0, EAST);
    const back = GridMaze.from(maze.data.slice(0));
    expect(back).toBeInstanceOf(Maze);
    expect(back.equals(maze)).toBe(true);
    const hex = new GridMaze(new HexTopology(5, 4));
    expect(GridMaze.from(hex.data)).not.toBeInstanceOf(Maze);
    expect(() => Maze.from(hex.data)).toThrow(/hex maze; GridMaze.from reads it/);
    expect(maze.asMaze()).toBe(maze);
    expect(new GridMaze(new SquareTopology(5, 4), maze.cells).asMaze().data).toBe(maze.data);
  });

  it('refuses a buffer that does not hold its size', () => {
    const maze = new Maze(5, 4);
    expect(() => new Maze(4, 5, maze.data)).toThrow(BufferFormatError);
    expect(() => new Maze(5, 4, new ArrayBuffer(32))).toThrow(/does not hold a 5x4 square maze/);
  });
});

describe('directionSteps', () => {
  it("is stepCell's move for every direction bit, at any width", () => {
    for (const width of [1, 2, 7, 1000]) {
      const step = directionSteps(width);
      for (const dir of DIRECTIONS) expect(5 * width + 3 + step[dir]).toBe(stepCell(5 * width + 3, dir, width));
    }
  });
});
