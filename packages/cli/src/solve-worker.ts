/**
 * Worker thread: solves a maze held in a SharedArrayBuffer (the configured solver, BFS
 * where it finds nothing, then a shortest path), so the main thread stays free to
 * answer a signal while a big maze's rows are written and solved. A perfect maze's
 * path is the only one, the one each of these solvers returns, so it is found by
 * `treePath`, which gets there faster. See solve-thread.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Maze, MazeError, resolveSolver, solveMaze, Step, UnsolvableError, type Point, type Solution, type StepReporter } from 'mazegen';
import { shortestPath } from 'mazegen';
import { pathToDirections, treePath } from 'mazegen/internal';

export interface SolveJob {
  data: SharedArrayBuffer;
  width: number;
  height: number;
  entry: Point;
  exit: Point;
  solver: string;
  /** The maze is perfect (its passages a tree), and the solver one that returns a path with no cell twice. */
  perfect: boolean;
  /** Visited cells between two progress messages; 0 for none. */
  progressEvery: number;
}

/** A solution as it crosses threads: the solver by name. */
export interface SolutionData {
  solver: string;
  cells: Int32Array;
  directions: string;
  visited: number;
}

export type SolveMessage =
  | { kind: 'visited'; done: number }
  | { kind: 'done'; solution: SolutionData; shortest: SolutionData | undefined; note: string | undefined }
  | { kind: 'error'; mazeError: boolean; message: string };

const data = (s: Solution): SolutionData => ({ solver: s.solver.name, cells: s.cells, directions: s.directions, visited: s.visited });

function run(job: SolveJob): void {
  const maze = new Maze(job.width, job.height, job.data as unknown as ArrayBuffer);
  let reporter: StepReporter | undefined;
  if (job.progressEvery > 0) {
    let countdown = job.progressEvery;
    let visited = 0;
    reporter = (kind) => {
      if (kind === Step.Visit && --countdown === 0) {
        countdown = job.progressEvery;
        visited += job.progressEvery;
        parentPort!.postMessage({ kind: 'visited', done: visited } satisfies SolveMessage);
      }
    };
  }
  if (job.perfect) {
    const found = treePath(maze, job.entry.y * job.width + job.entry.x, job.exit.y * job.width + job.exit.x, reporter);
    if (found.path) {
      // The configured solver's path exactly; `visited` is treePath's count (probe included), which no output of this run prints (--stats runs the solver itself).
      const solution: Solution = {
        solver: resolveSolver(job.solver),
        cells: found.path,
        directions: pathToDirections(maze, found.path),
        visited: found.visited,
      };
      parentPort!.postMessage({ kind: 'done', solution: data(solution), shortest: undefined, note: undefined } satisfies SolveMessage, [
        found.path.buffer as ArrayBuffer,
      ]);
      return;
    }
  }
  let solution: Solution;
  let note: string | undefined;
  try {
    solution = solveMaze(maze, job.entry, job.exit, job.solver, reporter);
  } catch (error) {
    if (!(error instanceof UnsolvableError)) throw error;
    note = `${error.message}; the output file holds a shortest path found by BFS`;
    solution = shortestPath(maze, job.entry, job.exit);
  }
  const shortest = shortestPath(maze, job.entry, job.exit, solution);
  const message: SolveMessage = {
    kind: 'done',
    solution: data(solution),
    shortest: shortest === solution ? undefined : data(shortest),
    note,
  };
  const transfer = [solution.cells.buffer as ArrayBuffer];
  if (shortest !== solution) transfer.push(shortest.cells.buffer as ArrayBuffer);
  parentPort!.postMessage(message, transfer);
}

try {
  run(workerData as SolveJob);
} catch (error) {
  parentPort!.postMessage({
    kind: 'error',
    mazeError: error instanceof MazeError,
    message: error instanceof Error ? error.message : String(error),
  } satisfies SolveMessage);
}
