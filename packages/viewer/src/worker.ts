import { Maze, Step, findDeadEnds, generateMaze, resolveSolver, solveMaze, type StepReporter } from 'mazegen';
import { pngPixels, svgText } from './export.js';
import { MazePicture, screenLayout } from './picture.js';
import { MAX_RECORDED_CELLS, packStep, type ExportRequest, type GenerateRequest, type PictureRequest, type WorkerMessage, type WorkerRequest } from './protocol.js';

/** Steps per posted batch: large enough that messaging costs little, small enough to start playing early. */
const BATCH = 1 << 16;
/** Least time between two progress messages. */
const PROGRESS_MS = 100;

interface WorkerScope {
  postMessage(message: WorkerMessage, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

/**
 * A reporter that counts the steps for a progress figure (posted every PROGRESS_MS) and,
 * when recording, packs them into batches and posts each full batch as a transferable.
 * The page stops a generation by terminating this worker, so nothing here polls for it.
 */
function reporter(id: number, phase: 'generate' | 'solve', cells: number, record: boolean): { report: StepReporter; flush(): void; count(): number } {
  let batch = new Uint32Array(record ? BATCH : 0);
  let used = 0;
  let total = 0;
  let visits = 0;
  let carves = 0;
  let last = performance.now();
  const flush = (): void => {
    if (used === 0) return;
    const steps = used === BATCH ? batch : batch.slice(0, used);
    scope.postMessage({ type: 'steps', id, phase, steps }, [steps.buffer]);
    batch = new Uint32Array(BATCH);
    used = 0;
  };
  const report: StepReporter = (kind, cell, dir) => {
    if (record) {
      batch[used++] = packStep(kind, cell, dir);
      if (used === BATCH) flush();
    }
    if (kind === Step.Visit) visits++;
    else if (kind === Step.Carve || kind === Step.Wall) carves++;
    if ((++total & 4095) === 0) {
      const now = performance.now();
      if (now - last >= PROGRESS_MS) {
        last = now;
        // Visits or carved walls, whichever the algorithm reports more of, against the cells.
        const fraction = Math.min(0.99, Math.max(visits, carves) / cells);
        scope.postMessage({ type: 'progress', id, phase, fraction, steps: total }, []);
      }
    }
  };
  return { report, flush, count: () => (record ? total : 0) };
}

function generate(request: GenerateRequest): void {
  const { id, options } = request;
  const cells = options.width * options.height;
  const record = request.record && cells <= MAX_RECORDED_CELLS;
  const genReporter = reporter(id, 'generate', cells, record);
  const t0 = performance.now();
  const generated = generateMaze(options, genReporter.report);
  const t1 = performance.now();
  genReporter.flush();
  const solver = resolveSolver(request.solver);
  const solveReporter = reporter(id, 'solve', cells, record);
  const t2 = performance.now();
  let path: Int32Array = new Int32Array(0);
  let visited = 0;
  const notes = [...generated.notes];
  try {
    const solution = solveMaze(generated.maze, generated.entry, generated.exit, solver.name, solveReporter.report);
    path = solution.cells;
    visited = solution.visited;
  } catch (error) {
    // The maze is still worth showing when a solver gives up (say, a wall follower on a loop).
    notes.push(error instanceof Error ? error.message : String(error));
  }
  const t3 = performance.now();
  solveReporter.flush();
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
      level: generated.level && { level: generated.level.level, score: generated.level.score, candidate: generated.level.candidate, candidates: generated.level.candidates, inBand: generated.level.inBand },
      endpoints: generated.endpoints,
      path,
      visited,
      deadEnds,
      generateMs: t1 - t0,
      solveMs: t3 - t2,
      generateSteps: genReporter.count(),
      solveSteps: solveReporter.count(),
    },
    [generated.maze.data, path.buffer],
  );
}

function picture(request: PictureRequest): void {
  const maze = Maze.from(request.data);
  const layout = screenLayout(maze.width, maze.height, request.theme, request.pitch);
  const pixels = new Uint32Array(layout.width * layout.height);
  new MazePicture({ maze, theme: request.theme, entry: request.entry, exit: request.exit, path: request.path, shade: request.shade, shadeColors: request.shadeColors }, request.pitch, pixels).drawAll();
  scope.postMessage({ type: 'picture', id: request.id, pixels: pixels.buffer }, [pixels.buffer]);
}

async function exportFile(request: ExportRequest): Promise<void> {
  const maze = Maze.from(request.data);
  const { entry, exit, path, theme, cellSize } = request;
  if (!entry || !exit) throw new Error('an export needs the entry and exit');
  if (request.kind === 'svg') {
    const blob = new Blob([svgText(maze, entry, exit, theme, cellSize, path)], { type: 'image/svg+xml' });
    scope.postMessage({ type: 'export', id: request.id, blob, width: 0, height: 0 }, []);
    return;
  }
  const image = pngPixels(maze, entry, exit, theme, cellSize, path);
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.putImageData(new ImageData(new Uint8ClampedArray(image.pixels.buffer), image.width, image.height), 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      scope.postMessage({ type: 'export', id: request.id, blob, width: image.width, height: image.height }, []);
      return;
    }
  }
  scope.postMessage({ type: 'export', id: request.id, pixels: image.pixels.buffer, width: image.width, height: image.height }, [image.pixels.buffer]);
}

scope.onmessage = (event) => {
  const fail = (error: unknown): void => {
    const message = error instanceof Error ? error.message : String(error);
    scope.postMessage({ type: 'error', id: event.data.id, message }, []);
  };
  try {
    if (event.data.type === 'picture') picture(event.data);
    else if (event.data.type === 'export') exportFile(event.data).catch(fail);
    else generate(event.data);
  } catch (error) {
    fail(error);
  }
};
