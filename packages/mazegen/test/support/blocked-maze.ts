import { BLOCKED, Maze, createRng } from 'mazegen';
import { placePattern } from 'mazegen';

/** A square w x h maze with blocked cells: none, the 42 pattern, or each cell blocked with probability `density` (seeded). */
export function blockedMaze(width: number, height: number, blocked: 'none' | 'pattern' | number, seed: number): Maze {
  const maze = new Maze(width, height);
  if (blocked === 'pattern') placePattern(maze);
  else if (blocked !== 'none') {
    const rng = createRng(`blocked${seed}`);
    for (let cell = 0; cell < maze.size; cell++) if (rng.float() < blocked) maze.cells[cell] |= BLOCKED;
  }
  return maze;
}
