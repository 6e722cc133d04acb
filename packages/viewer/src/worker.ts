import { findDeadEnds, generateMaze, resolveSolver, solveMaze, type StepReporter } from 'mazegen';
import { MAX_RECORDED_CELLS, packStep, type GenerateRequest, type RasterRequest, type WorkerMessage, type WorkerRequest } from './protocol.js';
import { MazeRaster, geometryFor } from './raster.js';

/** Steps per posted batch: large enough that messaging costs little, small enough to start playing early. */
const BATCH = 1 << 16;

interface WorkerScope {
  postMessage(message: WorkerMessage, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

/** A reporter that packs steps into batches and posts each full batch as a transferable. */
function recorder(id: number, phase: 'generate' | 'solve'): { report: StepReporter; flush(): void; count(): number } {
  let batch = new Uint32Array(BATCH);
  let used = 0;
  let total = 0;
  const flush = (): void => {
    if (used === 0) return;
    const steps = used === BATCH ? batch : batch.slice(0, used);
    scope.postMessage({ type: 'steps', id, phase, steps }, [steps.buffer]);
    batch = new Uint32Array(BATCH);
    used = 0;
  };
  const report: StepReporter = (kind, cell, dir) => {
    batch[used++] = packStep(kind, cell, dir);
    total++;
    if (used === BATCH) flush();
  };
  return { report, flush, count: () => total };
}

function handle(request: GenerateRequest): void {
  const { id, options } = request;
  const record = request.record && options.width * options.height <= MAX_RECORDED_CELLS;
  const genRecorder = record ? recorder(id, 'generate') : undefined;
  const t0 = performance.now();
  const generated = generateMaze(options, genRecorder?.report);
  const t1 = performance.now();
  genRecorder?.flush();
  const solver = resolveSolver(request.solver);
  const solveRecorder = record ? recorder(id, 'solve') : undefined;
  const t2 = performance.now();
  let path: Int32Array = new Int32Array(0);
  let visited = 0;
  const notes = [...generated.notes];
  try {
    const solution = solveMaze(generated.maze, generated.entry, generated.exit, solver.name, solveRecorder?.report);
    path = solution.cells;
    visited = solution.visited;
  } catch (error) {
    // The maze is still worth showing when a solver gives up (say, a wall follower on a loop).
    notes.push(error instanceof Error ? error.message : String(error));
  }
  const t3 = performance.now();
  solveRecorder?.flush();
  const deadEnds = findDeadEnds(generated.maze).length;
  scope.postMessage(
    {
      type: 'done',
      id,
      data: generated.maze.data,
      entry: generated.entry,
      exit: generated.exit,
      seed: generated.seed,
      generator: generated.generator.name,
      solver: solver.name,
      solverShortest: solver.shortest,
      patternPlaced: generated.patternPlaced,
      notes,
      path,
      visited,
      deadEnds,
      generateMs: t1 - t0,
      solveMs: t3 - t2,
      generateSteps: genRecorder?.count() ?? 0,
      solveSteps: solveRecorder?.count() ?? 0,
    },
    [generated.maze.data, path.buffer],
  );
}

function raster(request: RasterRequest): void {
  const g = geometryFor(request.width, request.height, request.pitch);
  const pixels = new Uint32Array(g.imageWidth * g.imageHeight);
  new MazeRaster(request.width, request.height, request.pitch, pixels, request.cells, request.paint, request.palette).drawAll();
  scope.postMessage({ type: 'raster', id: request.id, pixels: pixels.buffer }, [pixels.buffer]);
}

scope.onmessage = (event) => {
  try {
    if (event.data.type === 'raster') raster(event.data);
    else handle(event.data);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    scope.postMessage({ type: 'error', id: event.data.id, message }, []);
  }
};
