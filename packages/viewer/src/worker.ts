import { GridMaze, Step, createTopology, generateMaze, resolveSolver, solveMaze, type StepReporter, type Wrap } from 'mazegen';
import { coordinatePair, findDeadEnds } from 'mazegen/internal';
import { pngPixels, svgText, type ExportMaze } from './export.js';
import { MazePicture, pictureLayout, type Scene } from './picture.js';
import {
  MAX_RECORDED_CELLS,
  SHOW_FIRST_CELLS,
  packStep,
  slotOfBit,
  type ExportRequest,
  type GenerateRequest,
  type PictureRequest,
  type WorkerMessage,
  type WorkerRequest,
} from './protocol.js';

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
function reporter(
  id: number,
  phase: 'generate' | 'solve',
  cells: number,
  record: boolean,
): { report: StepReporter; flush(): void; count(): number } {
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
      // A wall step names the slot's bit, which may pass the word's four bits on the polar grid: the slot is packed instead.
      batch[used++] = packStep(kind, cell, dir !== 0 && (kind === Step.Carve || kind === Step.Wall) ? slotOfBit(dir) : dir);
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

/**
 * An instant run's progress: the library's coarse onProgress (every 2^20 units of work),
 * posted every PROGRESS_MS. A step reporter would make the library take its reported loop,
 * which costs far more than the maze (Wilson at 2000x2000 reports about 93 million steps).
 */
function coarseProgress(id: number): (done: number, total: number) => void {
  let last = performance.now();
  return (done, total) => {
    const now = performance.now();
    if (now - last < PROGRESS_MS) return;
    last = now;
    scope.postMessage({ type: 'progress', id, phase: 'generate', fraction: Math.min(0.99, done / Math.max(1, total)), steps: 0 }, []);
  };
}

/**
 * Whether a run records its trace: a big one (over SHOW_FIRST_CELLS) shows the instant
 * maze first and records when the page asks (`traceNow`); past MAX_RECORDED_CELLS, never.
 */
function recordingOf(request: GenerateRequest, cells: number): { record: boolean; showFirst: boolean } {
  const showFirst = request.record && !request.traceNow && cells > SHOW_FIRST_CELLS && cells <= MAX_RECORDED_CELLS;
  return { showFirst, record: request.record && !showFirst && cells <= MAX_RECORDED_CELLS };
}

/** The solver's path and count; a solver that gives up leaves the maze worth showing (say, a wall follower on a loop), its reason a note. */
function solveOrNote(
  solve: () => { cells: Int32Array; visited: number },
  notes: string[],
): { path: Int32Array; visited: number; ms: number } {
  const start = performance.now();
  try {
    const solution = solve();
    return { path: solution.cells, visited: solution.visited, ms: performance.now() - start };
  } catch (error) {
    notes.push(error instanceof Error ? error.message : String(error));
    return { path: new Int32Array(0), visited: 0, ms: performance.now() - start };
  }
}

/** What the generators made, on any grid: the maze, its ends as cells, and what the figures say of it. */
interface Made {
  maze: GridMaze;
  entry: number;
  exit: number;
  seed: string;
  generator: string;
  level?: { level: string; score: number; candidate: number; candidates: number; inBand: boolean };
  endpoints?: { rule: string; distance: number };
  notes: string[];
  patternPlaced: boolean;
  shape?: string;
  perfect?: boolean;
  deadEnds: () => number;
}

/** The plain square grid: generateMaze (the 42, the square kernels), seen as a GridMaze on the same bytes. */
function makeSquare(request: GenerateRequest, onStep: StepReporter | undefined, onProgress: (done: number, total: number) => void): Made {
  const options = request.options;
  const generated = onStep ? generateMaze(options, onStep) : generateMaze({ ...options, onProgress });
  const w = generated.maze.width;
  return {
    maze: GridMaze.fromMaze(generated.maze),
    entry: generated.entry.y * w + generated.entry.x,
    exit: generated.exit.y * w + generated.exit.x,
    seed: generated.seed,
    generator: generated.generator.name,
    level: generated.level,
    endpoints: generated.endpoints,
    notes: [...generated.notes],
    patternPlaced: generated.patternPlaced,
    deadEnds: () => findDeadEnds(generated.maze).length,
  };
}

/** Any other grid: generateMaze. */
function makeGrid(request: GenerateRequest, onStep: StepReporter | undefined, onProgress: (done: number, total: number) => void): Made {
  const options = request.grid!;
  const generated = onStep ? generateMaze(options, onStep) : generateMaze({ ...options, onProgress });
  return {
    maze: generated.maze,
    entry: generated.entry,
    exit: generated.exit,
    seed: generated.seed,
    generator: generated.generator.name,
    level: generated.level,
    endpoints: generated.endpoints,
    notes: [...generated.notes],
    patternPlaced: false,
    shape: generated.shape,
    perfect: generated.perfect,
    deadEnds: () => findDeadEnds(generated.maze).length,
  };
}

/** The cells a request's grid has (for the progress estimate and the trace's limit; a grid the library refuses fails when it is made). */
function cellsOf(request: GenerateRequest): number {
  const options = request.grid;
  if (!options) return request.options.width * request.options.height;
  try {
    return createTopology({
      grid: options.grid,
      width: options.width ?? 1,
      height: options.height ?? 1,
      wrap: options.wrap as Wrap | undefined,
    }).size;
  } catch {
    return Math.max(1, (options.width ?? 1) * (options.height ?? 1));
  }
}

/** Makes and solves the maze, steps recorded by slot on every grid, and posts it (its bytes transferred). */
function generate(request: GenerateRequest): void {
  const { id } = request;
  const cells = cellsOf(request);
  const { record, showFirst } = recordingOf(request, cells);
  const genReporter = reporter(id, 'generate', cells, record);
  const t0 = performance.now();
  const made = (request.grid ? makeGrid : makeSquare)(request, record ? genReporter.report : undefined, coarseProgress(id));
  const generateMs = performance.now() - t0;
  genReporter.flush();
  const { maze, entry, exit, notes } = made;
  const solveReporter = reporter(id, 'solve', maze.size, record);
  const solver = resolveSolver(request.solver);
  // One solver entry on every grid: a square maze is solved by its square kernel on its own bytes.
  const solved = solveOrNote(() => solveMaze(maze, entry, exit, solver.name, record ? solveReporter.report : undefined), notes);
  solveReporter.flush();
  const point = (cell: number): { x: number; y: number } => {
    const [x, y] = coordinatePair(maze.topology, cell);
    return { x, y };
  };
  scope.postMessage(
    {
      type: 'done',
      id,
      data: maze.data,
      entryCell: entry,
      exitCell: exit,
      entry: point(entry),
      exit: point(exit),
      seed: made.seed,
      generator: made.generator,
      solver: solver.name,
      solverShortest: solver.shortest,
      patternPlaced: made.patternPlaced,
      notes,
      level: made.level && {
        level: made.level.level,
        score: made.level.score,
        candidate: made.level.candidate,
        candidates: made.level.candidates,
        inBand: made.level.inBand,
      },
      endpoints: made.endpoints,
      path: solved.path,
      visited: solved.visited,
      deadEnds: made.deadEnds(),
      generateMs,
      solveMs: solved.ms,
      generateSteps: genReporter.count(),
      solveSteps: solveReporter.count(),
      ...(showFirst ? { traceNext: true } : {}),
      shape: made.shape,
      perfect: made.perfect,
    },
    [maze.data, solved.path.buffer],
  );
}

/** The scene a request draws: the maze rebuilt from its bytes (any grid). */
function sceneOf(request: PictureRequest | ExportRequest): Scene {
  return {
    maze: GridMaze.from(request.data),
    square: request.square,
    theme: request.theme,
    entry: request.entry,
    exit: request.exit,
    path: request.path,
    shade: request.shade,
    shadeColors: request.shadeColors,
  };
}

function picture(request: PictureRequest): void {
  const scene = sceneOf(request);
  const layout = pictureLayout(scene, request.pitch);
  const pixels = new Uint32Array(layout.width * layout.height);
  new MazePicture(scene, request.pitch, pixels).drawAll();
  scope.postMessage({ type: 'picture', id: request.id, pixels: pixels.buffer }, [pixels.buffer]);
}

async function exportFile(request: ExportRequest): Promise<void> {
  const scene = sceneOf(request);
  if (scene.entry === undefined || scene.exit === undefined) throw new Error('an export needs the entry and exit');
  const maze: ExportMaze = { maze: scene.maze, square: scene.square, entry: scene.entry, exit: scene.exit, seed: '' };
  const options = { theme: request.theme, cellSize: request.cellSize, path: request.path, title: request.title };
  if (request.kind === 'svg') {
    const blob = new Blob([svgText(maze, options)], { type: 'image/svg+xml' });
    scope.postMessage({ type: 'export', id: request.id, blob, width: 0, height: 0 }, []);
    return;
  }
  const image = pngPixels(maze, options);
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
  scope.postMessage({ type: 'export', id: request.id, pixels: image.pixels.buffer, width: image.width, height: image.height }, [
    image.pixels.buffer,
  ]);
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
