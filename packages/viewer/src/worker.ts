import { Maze, Step, createTopology, findDeadEnds, findGridDeadEnds, generateGridMaze, generateMaze, resolveSolver, solveGridMaze, solveMaze, type StepReporter, type Wrap } from 'mazegen';
import { pngPixels, svgText } from './export.js';
import { gridFromWords, gridPngPixels, gridSvgText, gridWords } from './grid-export.js';
import { GridPicture, gridScreenLayout } from './grid-picture.js';
import { MazePicture, screenLayout } from './picture.js';
import { MAX_RECORDED_CELLS, SHOW_FIRST_CELLS, packStep, slotOfBit, type ExportRequest, type GenerateRequest, type PictureRequest, type WorkerMessage, type WorkerRequest } from './protocol.js';

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
function reporter(id: number, phase: 'generate' | 'solve', cells: number, record: boolean, slots = false): { report: StepReporter; flush(): void; count(): number } {
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
      // A grid's wall steps name the slot's bit, which may pass the word's four bits: the slot is packed instead.
      batch[used++] = packStep(kind, cell, slots && dir !== 0 && (kind === Step.Carve || kind === Step.Wall) ? slotOfBit(dir) : dir);
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

/** A maze on another grid: generateGridMaze and solveGridMaze, steps recorded by slot. */
function generateGrid(request: GenerateRequest): void {
  const { id } = request;
  const options = request.grid!;
  const t0 = performance.now();
  // The grid's cells, for the progress estimate and the trace's limit (a grid the library refuses fails in generateGridMaze).
  let estimate = Math.max(1, (options.width ?? 1) * (options.height ?? 1));
  try {
    estimate = createTopology({ grid: options.grid, width: options.width ?? 1, height: options.height ?? 1, wrap: options.wrap as Wrap | undefined }).size;
  } catch {
    // generateGridMaze gives the library's message.
  }
  const showFirst = request.record && !request.traceNow && estimate > SHOW_FIRST_CELLS && estimate <= MAX_RECORDED_CELLS;
  const record = request.record && !showFirst && estimate <= MAX_RECORDED_CELLS;
  const genReporter = reporter(id, 'generate', estimate, record, true);
  const generated = record ? generateGridMaze(options, genReporter.report) : generateGridMaze({ ...options, onProgress: coarseProgress(id) });
  const t1 = performance.now();
  genReporter.flush();
  const { maze, entry, exit } = generated;
  const solver = resolveSolver(request.solver);
  const solveReporter = reporter(id, 'solve', maze.size, record, true);
  const t2 = performance.now();
  let path: Int32Array = new Int32Array(0);
  let visited = 0;
  const notes = [...generated.notes];
  try {
    const solution = solveGridMaze(maze, entry, exit, solver.name, record ? solveReporter.report : undefined);
    path = solution.cells;
    visited = solution.visited;
  } catch (error) {
    notes.push(error instanceof Error ? error.message : String(error));
  }
  const t3 = performance.now();
  solveReporter.flush();
  const deadEnds = findGridDeadEnds(maze).length;
  const t = maze.topology;
  const point = (cell: number): { x: number; y: number } => {
    const c = t.coordinates(cell);
    return 'col' in c ? { x: c.col, y: c.row } : { x: c.index, y: c.ring };
  };
  const words = gridWords(maze);
  scope.postMessage(
    {
      type: 'done',
      id,
      data: words.data,
      grid: words.shape,
      entry: point(entry),
      exit: point(exit),
      entryCell: entry,
      exitCell: exit,
      shape: generated.shape,
      perfect: generated.perfect,
      seed: generated.seed,
      generator: generated.generator.name,
      solver: solver.name,
      solverShortest: solver.shortest,
      patternPlaced: false,
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
      ...(showFirst ? { traceNext: true } : {}),
    },
    [words.data, path.buffer],
  );
}

function generate(request: GenerateRequest): void {
  if (request.grid) return generateGrid(request);
  const { id, options } = request;
  const cells = options.width * options.height;
  const showFirst = request.record && !request.traceNow && cells > SHOW_FIRST_CELLS && cells <= MAX_RECORDED_CELLS;
  const record = request.record && !showFirst && cells <= MAX_RECORDED_CELLS;
  const genReporter = reporter(id, 'generate', cells, record);
  const t0 = performance.now();
  const generated = record ? generateMaze(options, genReporter.report) : generateMaze({ ...options, onProgress: coarseProgress(id) });
  const t1 = performance.now();
  genReporter.flush();
  const solver = resolveSolver(request.solver);
  const solveReporter = reporter(id, 'solve', cells, record);
  const t2 = performance.now();
  let path: Int32Array = new Int32Array(0);
  let visited = 0;
  const notes = [...generated.notes];
  try {
    const solution = solveMaze(generated.maze, generated.entry, generated.exit, solver.name, record ? solveReporter.report : undefined);
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
      ...(showFirst ? { traceNext: true } : {}),
    },
    [generated.maze.data, path.buffer],
  );
}

function picture(request: PictureRequest): void {
  if (request.grid) {
    const grid = gridFromWords(request.grid, request.data);
    const layout = gridScreenLayout(grid, request.theme, request.pitch);
    const pixels = new Uint32Array(layout.width * layout.height);
    new GridPicture({ grid, theme: request.theme, entry: request.entryCell, exit: request.exitCell, path: request.path, shade: request.shade, shadeColors: request.shadeColors }, request.pitch, pixels).drawAll();
    scope.postMessage({ type: 'picture', id: request.id, pixels: pixels.buffer }, [pixels.buffer]);
    return;
  }
  const maze = Maze.from(request.data);
  const layout = screenLayout(maze.width, maze.height, request.theme, request.pitch);
  const pixels = new Uint32Array(layout.width * layout.height);
  new MazePicture({ maze, theme: request.theme, entry: request.entry, exit: request.exit, path: request.path, shade: request.shade, shadeColors: request.shadeColors }, request.pitch, pixels).drawAll();
  scope.postMessage({ type: 'picture', id: request.id, pixels: pixels.buffer }, [pixels.buffer]);
}

/** The picture export's SVG text or PNG pixels, square or grid. */
function exportPicture(request: ExportRequest): { svg: string } | { width: number; height: number; pixels: Uint32Array<ArrayBuffer> } {
  const { path, theme, cellSize } = request;
  if (request.grid) {
    const grid = gridFromWords(request.grid, request.data);
    const [entry, exit] = [request.entryCell!, request.exitCell!];
    return request.kind === 'svg' ? { svg: gridSvgText(grid, entry, exit, theme, path, request.title) } : gridPngPixels(grid, entry, exit, theme, cellSize, path);
  }
  const maze = Maze.from(request.data);
  const { entry, exit } = request;
  if (!entry || !exit) throw new Error('an export needs the entry and exit');
  return request.kind === 'svg' ? { svg: svgText(maze, entry, exit, theme, cellSize, path) } : pngPixels(maze, entry, exit, theme, cellSize, path);
}

async function exportFile(request: ExportRequest): Promise<void> {
  const made = exportPicture(request);
  if ('svg' in made) {
    const blob = new Blob([made.svg], { type: 'image/svg+xml' });
    scope.postMessage({ type: 'export', id: request.id, blob, width: 0, height: 0 }, []);
    return;
  }
  const image = made;
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
