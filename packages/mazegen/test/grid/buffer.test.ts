import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BufferFormatError, GRID_KINDS, GridMaze, Maze, MAZE_FORMAT_VERSION, createTopology, generateMaze } from 'mazegen';
import { GRID_WRAPS } from 'mazegen/internal';

/** One model: every maze, on every grid and wrap, is one buffer whose header names its grid. */
describe('the maze buffer on every grid', () => {
  it('round-trips through GridMaze.from on every grid and wrap, the header naming kind, wrap and size', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GRID_KINDS.flatMap((grid) => GRID_WRAPS[grid].map((wrap) => [grid, wrap] as const))),
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 1000 }),
        ([grid, wrap], w, h, seed) => {
          // Wraps need room to join edges (hex: an even width of at least 4); polar needs a first ring of 3.
          const width = grid === 'polar' ? Math.max(w, 3) : wrap === 'none' ? w + 1 : 2 * w + 2;
          const height = wrap === 'none' ? h : h + 3;
          const made = generateMaze({ grid, wrap, width, height, seed, generator: 'Kruskal' });
          const maze = made.maze;
          const header = new DataView(maze.data);
          expect([header.getUint8(0), header.getUint8(1), header.getUint8(2)]).toEqual([
            0x4d,
            MAZE_FORMAT_VERSION,
            GRID_KINDS.indexOf(grid),
          ]);
          expect([header.getUint32(4, true), header.getUint32(8, true)]).toEqual([width, height]);
          expect(maze.cells.buffer).toBe(maze.data);
          const copy = GridMaze.from(maze.data.slice(0));
          expect(copy.equals(maze)).toBe(true);
          expect([copy.topology.kind, copy.topology.wrap, copy.topology.width, copy.topology.height]).toEqual([grid, wrap, width, height]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is the same buffer seen as a Maze and as a GridMaze on the plain square grid (shared, never copied)', () => {
    const { maze } = generateMaze({ width: 9, height: 7, seed: 5 });
    const grid = GridMaze.fromMaze(maze);
    expect(grid.data).toBe(maze.data);
    expect(GridMaze.from(maze.data).equals(grid)).toBe(true);
    const back = grid.asMaze();
    back.carvePassage(0, 2);
    expect(maze.cells[0] & 2).toBe(0);
    expect(Maze.from(grid.data).equals(maze)).toBe(true);
    expect(() => new GridMaze(createTopology({ grid: 'hex', width: 3, height: 3 })).asMaze()).toThrow(/only a square maze without wrap/);
  });

  it('copies words that do not sit in a maze buffer of their grid, and shares those that do', () => {
    const t = createTopology({ grid: 'hex', width: 4, height: 3 });
    const words = new Uint8Array(t.size).fill(63);
    const copied = new GridMaze(t, words);
    words[0] = 0;
    expect(copied.cells[0]).toBe(63);
    const shared = new GridMaze(t, copied.cells);
    expect(shared.data).toBe(copied.data);
    const square = createTopology({ grid: 'square', width: 4, height: 3, wrap: 'x' });
    expect(new GridMaze(square, copied.cells).data, 'a buffer of another grid is copied').not.toBe(copied.data);
  });

  it('explains a buffer it cannot read', () => {
    const good = new GridMaze(createTopology({ grid: 'polar', width: 6, height: 3 })).data;
    const withByte = (offset: number, value: number): ArrayBuffer => {
      const copy = good.slice(0);
      new DataView(copy).setUint8(offset, value);
      return copy;
    };
    expect(() => GridMaze.from(new ArrayBuffer(3))).toThrow(/at least 12 bytes/);
    expect(() => GridMaze.from(withByte(0, 1))).toThrow(/wrong magic byte/);
    expect(() => GridMaze.from(withByte(1, 3))).toThrow(/v3 when expected v2/);
    expect(() => GridMaze.from(withByte(3, 9))).toThrow(/names wrap 9; expected 0-3 \(none, x, y, xy\)/);
    expect(() => GridMaze.from(withByte(1, 1))).toThrow(/grid kind 3/);
    expect(() => GridMaze.from(good.slice(0, good.byteLength - 1))).toThrow(/a 6x3 polar grid should be \d+ bytes, got \d+/);
    expect(() => GridMaze.from(withByte(4, 0))).toThrow(BufferFormatError);
  });
});
