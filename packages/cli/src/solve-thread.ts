/** The main side of solve-worker.ts: solves a shared maze in a worker thread and rebuilds the Solutions. */
import { builtin } from './builtin.js';
import { MazeError, resolveSolver, type Maze, type Point, type Solution } from 'mazegen';
import type { SolutionData, SolveJob, SolveMessage } from './solve-worker.js';
import { workerModule } from './locations.js';

export interface ThreadSolved {
  solution: Solution;
  shortest: Solution;
  note: string | undefined;
}

const solutionOf = (d: SolutionData): Solution => ({
  solver: resolveSolver(d.solver),
  cells: d.cells,
  directions: d.directions,
  visited: d.visited,
});

/** Solves `maze` (on a SharedArrayBuffer) off the main thread (`perfect`: see SolveJob); `onVisited` hears the cells visited so far. */
export function solveInThread(
  maze: Maze,
  entry: Point,
  exit: Point,
  solver: string,
  perfect: boolean,
  progressEvery: number,
  onVisited: (done: number) => void,
): { result: Promise<ThreadSolved>; stop: () => Promise<void> } {
  const job: SolveJob = {
    data: maze.data as unknown as SharedArrayBuffer,
    width: maze.width,
    height: maze.height,
    entry,
    exit,
    solver,
    perfect,
    progressEvery,
  };
  // node:worker_threads loads here, not with the main job's script (bundle/plain.cjs).
  const worker = new (builtin('node:worker_threads').Worker)(workerModule('solve-worker'), { workerData: job });
  let settled = false;
  const result = new Promise<ThreadSolved>((resolve, reject) => {
    worker.on('message', (message: SolveMessage) => {
      if (message.kind === 'visited') onVisited(message.done);
      else if (message.kind === 'done') {
        settled = true;
        const solution = solutionOf(message.solution);
        resolve({ solution, shortest: message.shortest ? solutionOf(message.shortest) : solution, note: message.note });
      } else {
        settled = true;
        // A library refusal stays a one-line MazeError; anything else is reported as the bug it is.
        reject(message.mazeError ? new MazeError(message.message) : new Error(message.message));
      }
    });
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`the solver thread stopped early (exit code ${code})`));
    });
  });
  result.catch(() => {});
  return { result, stop: async () => void (await worker.terminate()) };
}
