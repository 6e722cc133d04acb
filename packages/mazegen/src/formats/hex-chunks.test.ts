import { describe, expect, it } from 'vitest';
import { generateMaze } from 'mazegen';
import { shortestPath } from 'mazegen';
import { encodeHex, encodeHexChunks, pathToDirections } from 'mazegen/internal';

describe('encodeHexChunks', () => {
  it('gives the same bytes as encodeHex, in whole rows, however small the chunks, and can be read twice', () => {
    const { maze, entry, exit } = generateMaze({ width: 37, height: 29, seed: 'chunks' });
    const footer = { entry, exit, path: shortestPath(maze, entry, exit).directions };
    const whole = encodeHex(maze, footer);
    for (const chunkBytes of [1, 38, 100, 1 << 22]) {
      const chunks = encodeHexChunks(maze, footer, chunkBytes);
      for (let pass = 0; pass < 2; pass++) {
        const parts = [...chunks];
        for (const part of parts.slice(0, -1)) expect(part.length % 38).toBe(0);
        expect(Buffer.concat(parts).equals(Buffer.from(whole))).toBe(true);
      }
    }
  });

  it('pathToDirections spells long paths (more than one text slice) letter for letter', () => {
    const { maze, entry, exit } = generateMaze({ width: 500, height: 500, seed: 'long path' });
    const path = shortestPath(maze, entry, exit).cells;
    const letters = pathToDirections(maze, path);
    expect(path.length).toBeGreaterThan(8193);
    expect(letters.length).toBe(path.length - 1);
    const w = maze.width;
    for (let i = 1; i < path.length; i++) {
      const d = path[i] - path[i - 1];
      expect(letters[i - 1]).toBe(d === -w ? 'N' : d === w ? 'S' : d === 1 ? 'E' : 'W');
    }
  });
});
