/** Grid mazes with walls scrambled, and the components a reader finds in a maze and in its block picture. */
import { GridMaze, createRng, generateMaze, type GridKind, type Wrap } from 'mazegen';
import { RASTER_CODE } from 'mazegen/render';

/** Labels of the 4-connected components of the path blocks (path, start, end, solution), stepping across wrapped edges; -1 elsewhere. */
export function blockComponents(codes: Uint8Array, rows: number, cols: number, wrapX: boolean, wrapY: boolean): Int32Array {
  const label = new Int32Array(codes.length).fill(-1);
  const walkable = (i: number) => codes[i] !== RASTER_CODE.WALL && codes[i] !== RASTER_CODE.BORDER;
  let next = 0;
  const stack: number[] = [];
  for (let seed = 0; seed < codes.length; seed++) {
    if (label[seed] >= 0 || !walkable(seed)) continue;
    label[seed] = next;
    stack.push(seed);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const c = i % cols;
      const r = (i - c) / cols;
      const steps = [
        c > 0 ? i - 1 : wrapX ? i + cols - 1 : -1,
        c + 1 < cols ? i + 1 : wrapX ? i - cols + 1 : -1,
        r > 0 ? i - cols : wrapY ? i + (rows - 1) * cols : -1,
        r + 1 < rows ? i + cols : wrapY ? i - (rows - 1) * cols : -1,
      ];
      for (const j of steps) {
        if (j < 0 || label[j] >= 0 || !walkable(j)) continue;
        label[j] = next;
        stack.push(j);
      }
    }
    next++;
  }
  return label;
}

/** The maze's own components over its free cells (-1 for a masked cell). */
export function mazeComponents(maze: GridMaze): Int32Array {
  const t = maze.topology;
  const label = new Int32Array(t.size).fill(-1);
  const around = new Int32Array(t.maxDegree);
  let next = 0;
  for (let seed = 0; seed < t.size; seed++) {
    if (label[seed] >= 0 || maze.isBlocked(seed)) continue;
    label[seed] = next;
    const stack = [seed];
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const degree = t.neighbours(cell, around);
      for (let s = 0; s < degree; s++) {
        const other = around[s];
        if (other < 0 || !maze.isOpen(cell, s) || label[other] >= 0 || maze.isBlocked(other)) continue;
        label[other] = next;
        stack.push(other);
      }
    }
    next++;
  }
  return label;
}

/** A maze of the grid with walls opened and closed at random (many separate regions, loops and dead ends), some cells cut off by an outline. */
export function scrambled(grid: GridKind, width: number, height: number, wrap: Wrap, seed: number, outline = false): GridMaze {
  const maze = generateMaze({ grid, width, height, wrap, seed: String(seed), shape: outline ? 'circle' : undefined }).maze;
  const rng = createRng(String(seed));
  const t = maze.topology;
  const around = new Int32Array(t.maxDegree);
  for (let cell = 0; cell < t.size; cell++) {
    if (maze.isBlocked(cell)) continue;
    const degree = t.neighbours(cell, around);
    for (let s = 0; s < degree; s++) {
      const other = around[s];
      if (other < 0 || maze.isBlocked(other)) continue;
      const roll = rng.float();
      if (roll < 0.25) maze.build(cell, s);
      else if (roll < 0.4) maze.carve(cell, s);
    }
  }
  return maze;
}
