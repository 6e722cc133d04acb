import { GENERATORS, Maze, generateMaze, type GeneratedMaze } from 'mazegen';
import { isPatternCell } from 'mazegen/internal';

/** Why `path` is not a simple legal walk from `start` to `goal` in `maze`, or undefined when it is. */
export function pathProblem(maze: Maze, path: ArrayLike<number>, start: number, goal: number): string | undefined {
  if (path.length === 0) return 'the path is empty';
  if (path[0] !== start) return `the path starts at cell ${path[0]}, not at the entry ${start}`;
  if (path[path.length - 1] !== goal) return `the path ends at cell ${path[path.length - 1]}, not at the exit ${goal}`;
  const seen = new Set<number>([path[0]]);
  for (let i = 1; i < path.length; i++) {
    const from = path[i - 1];
    const to = path[i];
    const dir = [1, 2, 4, 8].find((d) => maze.neighbor(from, d) === to);
    if (dir === undefined) return `move ${i} jumps from cell ${from} to cell ${to}, which are not neighbours`;
    if (maze.hasWall(from, dir)) return `move ${i} from cell ${from} goes through a wall`;
    if (seen.has(to)) return `the path comes back to cell ${to} at move ${i}`;
    seen.add(to);
  }
  return undefined;
}

export interface Case {
  label: string;
  generated: GeneratedMaze<Maze>;
  /** The maze's entry cell. */
  start: number;
  /** The maze's exit cell. */
  goal: number;
  /** Start and goal pairs to solve: entry to exit, back, and between two inner cells (away from the border wall) both ways. */
  pairs: [number, number][];
}

/** Sizes that cover the degenerate shapes, the smallest maze holding the 42, and a few bigger ones. */
export const SIZES: readonly (readonly [number, number])[] = [
  [1, 12],
  [12, 1],
  [2, 2],
  [3, 3],
  [5, 4],
  [9, 7],
  [15, 11],
  [40, 30],
];
export const SEEDS: readonly string[] = ['42', 'seven', '2024'];

/** Perfect, fully braided and half braided mazes from every registered generator. */
export function* mazeCases(
  modes: readonly ('perfect' | 'braid100' | 'braid50')[] = ['perfect', 'braid100', 'braid50'],
  sizes: readonly (readonly [number, number])[] = SIZES,
): Generator<Case> {
  for (const generator of GENERATORS) {
    for (const [width, height] of sizes) {
      for (const seed of SEEDS) {
        for (const mode of modes) {
          const generated = generateMaze({
            width,
            height,
            seed,
            generator: generator.name,
            perfect: mode === 'perfect',
            braid: mode === 'braid50' ? 50 : 100,
          });
          const { entry, exit } = generated;
          const start = entry.y * width + entry.x;
          const goal = exit.y * width + exit.x;
          const pairs: [number, number][] = [
            [start, goal],
            [goal, start],
          ];
          const ax = Math.floor(width / 4);
          const ay = Math.floor(height / 4);
          const bx = width - 1 - ax;
          const by = height - 1 - ay;
          const a = ay * width + ax;
          const b = by * width + bx;
          if (a !== b && !isPatternCell(width, height, ax, ay) && !isPatternCell(width, height, bx, by)) pairs.push([a, b], [b, a]);
          yield { label: `${generator.name} ${width}x${height} seed ${seed} ${mode}`, generated, start, goal, pairs };
        }
      }
    }
  }
}
