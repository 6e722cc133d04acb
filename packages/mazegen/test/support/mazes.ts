import { EAST, Maze, SOUTH } from '../../src/maze.js';

/** 3x2 with a U-shaped corridor: (0,0) E (1,0) E (2,0) S (2,1) W (1,1) W (0,1); hex rows D53 / D56. */
export function uMaze(): Maze {
  const maze = new Maze(3, 2);
  maze.carvePassage(0, EAST);
  maze.carvePassage(1, EAST);
  maze.carvePassage(2, SOUTH);
  maze.carvePassage(3, EAST);
  maze.carvePassage(4, EAST);
  return maze;
}
