import {
  Maze,
  Step,
  createTopology,
  generateGridMaze,
  generateMaze,
  resolveSolver,
  solveGridMaze,
  solveMaze,
  type GeneratedMaze,
  type StepReporter,
  type Wrap,
} from 'mazegen';
import { coordinatePair, findDeadEnds, findGridDeadEnds } from 'mazegen/internal';
import { pngPixels, svgText } from './export.js';
import { gridFromWords, gridPngPixels, gridSvgText, gridWords } from './grid-export.js';
import { GridPicture, gridScreenLayout } from './grid-picture.js';
import { MazePicture, screenLayout } from './picture.js';
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
  slots = false,
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

/** What a run's 'done' message says on every grid, beside its cells and ends. */
function runFields(
  generated: Pick<GeneratedMaze, 'seed' | 'generator' | 'level' | 'endpoints'>,
  solverName: string,
  notes: string[],
  solved: { path: Int32Array; visited: number; ms: number },
  figures: { deadEnds: number; generateMs: number; generateSteps: number; solveSteps: number; showFirst: boolean },
) {
  const solver = resolveSolver(solverName);
  const { level } = generated;
  return {
    seed: generated.seed,
    generator: generated.generator.name,
    solver: solver.name,
    solverShortest: solver.shortest,
    notes,
    level: level && {
      level: level.level,
      score: level.score,
      candidate: level.candidate,
      candidates: level.candidates,
      inBand: level.inBand,
    },
    endpoints: generated.endpoints,
    path: solved.path,
    visited: solved.visited,
    deadEnds: figures.deadEnds,
    generateMs: figures.generateMs,
    solveMs: solved.ms,
    generateSteps: figures.generateSteps,
    solveSteps: figures.solveSteps,
    ...(figures.showFirst ? { traceNext: true } : {}),
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
    estimate = createTopology({
      grid: options.grid,
      width: options.width ?? 1,
      height: options.height ?? 1,
      wrap: options.wrap as Wrap | undefined,
    }).size;
  } catch {
    // generateGridMaze gives the library's message.
  }
  const { record, showFirst } = recordingOf(request, estimate);
  const genReporter = reporter(id, 'generate', estimate, record, true);
  const generated = record
    ? generateGridMaze(options, genReporter.report)
    : generateGridMaze({ ...options, onProgress: coarseProgress(id) });
  const generateMs = performance.now() - t0;
  genReporter.flush();
  const { maze, entry, exit } = generated;
  const solveReporter = reporter(id, 'solve', maze.size, record, true);
  const notes = [...generated.notes];
  const solverName = resolveSolver(request.solver).name;
  const solved = solveOrNote(() => solveGridMaze(maze, entry, exit, solverName, record ? solveReporter.report : undefined), notes);
  solveReporter.flush();
  const deadEnds = findGridDeadEnds(maze).length;
  const point = (cell: number): { x: number; y: number } => {
    const [x, y] = coordinatePair(maze.topology, cell);
    return { x, y };
  };
  const words = gridWords(maze);
  const figures = { deadEnds, generateMs, generateSteps: genReporter.count(), solveSteps: solveReporter.count(), showFirst };
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
      patternPlaced: false,
      ...runFields(generated, request.solver, notes, solved, figures),
    },
    [words.data, solved.path.buffer],
  );
}

function generate(request: GenerateRequest): void {
  if (request.grid) return generateGrid(request);
  const { id, options } = request;
  const cells = options.width * options.height;
  const { record, showFirst } = recordingOf(request, cells);
  const genReporter = reporter(id, 'generate', cells, record);
  const t0 = performance.now();
  const generated = record ? generateMaze(options, genReporter.report) : generateMaze({ ...options, onProgress: coarseProgress(id) });
  const generateMs = performance.now() - t0;
  genReporter.flush();
  const solveReporter = reporter(id, 'solve', cells, record);
  const notes = [...generated.notes];
  const solverName = resolveSolver(request.solver).name;
  const solved = solveOrNote(
    () => solveMaze(generated.maze, generated.entry, generated.exit, solverName, record ? solveReporter.report : undefined),
    notes,
  );
  solveReporter.flush();
  const figures = {
    deadEnds: findDeadEnds(generated.maze).length,
    generateMs,
    generateSteps: genReporter.count(),
    solveSteps: solveReporter.count(),
    showFirst,
  };
  scope.postMessage(
    {
      type: 'done',
      id,
      data: generated.maze.data,
      entry: generated.entry,
      exit: generated.exit,
      patternPlaced: generated.patternPlaced,
      ...runFields(generated, request.solver, notes, solved, figures),
    },
    [generated.maze.data, solved.path.buffer],
  );
}

function picture(request: PictureRequest): void {
  if (request.grid) {
    const grid = gridFromWords(request.grid, request.data);
    const layout = gridScreenLayout(grid, request.theme, request.pitch);
    const pixels = new Uint32Array(layout.width * layout.height);
    new GridPicture(
      {
        grid,
        theme: request.theme,
        entry: request.entryCell,
        exit: request.exitCell,
        path: request.path,
        shade: request.shade,
        shadeColors: request.shadeColors,
      },
      request.pitch,
      pixels,
    ).drawAll();
    scope.postMessage({ type: 'picture', id: request.id, pixels: pixels.buffer }, [pixels.buffer]);
    return;
  }
  const maze = Maze.from(request.data);
  const layout = screenLayout(maze.width, maze.height, request.theme, request.pitch);
  const pixels = new Uint32Array(layout.width * layout.height);
  new MazePicture(
    {
      maze,
      theme: request.theme,
      entry: request.entry,
      exit: request.exit,
      path: request.path,
      shade: request.shade,
      shadeColors: request.shadeColors,
    },
    request.pitch,
    pixels,
  ).drawAll();
  scope.postMessage({ type: 'picture', id: request.id, pixels: pixels.buffer }, [pixels.buffer]);
}

/** The picture export's SVG text or PNG pixels, square or grid. */
function exportPicture(request: ExportRequest): { svg: string } | { width: number; height: number; pixels: Uint32Array<ArrayBuffer> } {
  const { path, theme, cellSize } = request;
  if (request.grid) {
    const grid = gridFromWords(request.grid, request.data);
    const [entry, exit] = [request.entryCell!, request.exitCell!];
    return request.kind === 'svg'
      ? { svg: gridSvgText(grid, entry, exit, theme, path, request.title) }
      : gridPngPixels(grid, entry, exit, theme, cellSize, path);
  }
  const maze = Maze.from(request.data);
  const { entry, exit } = request;
  if (!entry || !exit) throw new Error('an export needs the entry and exit');
  return request.kind === 'svg'
    ? { svg: svgText(maze, entry, exit, theme, cellSize, path) }
    : pngPixels(maze, entry, exit, theme, cellSize, path);
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
