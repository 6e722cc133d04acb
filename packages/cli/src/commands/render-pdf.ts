/**
 * `render INPUT --format pdf [--paper a4|letter] [--per-page N]`: puzzle sheets (pdf.ts)
 * from a maze file or a config, of any grid; from a config, N mazes come from its seed.
 */
import { once } from 'node:events';
import { generateMaze, shortestPath, type GridMaze } from 'mazegen';
import { toMazeOptions, type PlainSquareConfig } from 'mazegen/config';
import { mazeFileFooter, narrowestFeature, sheetCommand, sheetTitle } from 'mazegen/render';
import { describeGrid } from 'mazegen/internal';
import { UsageError } from '../errors.js';
import type { GridInput } from '../graph-file.js';
import { makeGridMaze } from '../grid-run.js';
import { AtomicFile } from '../io.js';
import { MAX_PER_PAGE, PAPERS, PEN_PASSAGE, puzzleSheetPdf, sheetLayout, type Paper, type SheetMaze } from '../pdf.js';
import type { LoadedMaze } from './render.js';

export interface PdfFlags {
  output?: string;
  paper?: string;
  perPage?: string;
  /** -q: no note on stderr. */
  quiet?: boolean;
}

export function pdfOptions(flags: PdfFlags): { paper: Paper; perPage: number } {
  const paper = (flags.paper ?? 'a4').trim().toLowerCase();
  if (!Object.hasOwn(PAPERS, paper)) throw new UsageError(`--paper must be a4 or letter, got '${flags.paper}'`);
  const text = flags.perPage ?? '1';
  const perPage = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!(perPage >= 1 && perPage <= MAX_PER_PAGE))
    throw new UsageError(`--per-page must be a whole number from 1 to ${MAX_PER_PAGE}, got '${text}'`);
  return { paper: paper as Paper, perPage };
}

/** The seed of the k-th maze of a sheet made from `seed` (the first is the config's own). */
export function sheetSeed(seed: string, k: number): string {
  return k === 0 ? seed : `${seed}#${k}`;
}

/** What a sheet is made of, whatever the grid: its first maze, how to make more, and how to name them. */
interface SheetSource {
  first: SheetMaze;
  /** The maze's size in words: "20x15" for a plain square maze, "8x6 hex grid" for another. */
  size: string;
  /** What the footer of a maze file's sheet names (mazeFileFooter). */
  name: { width: number; height: number } | GridMaze;
  /** The width of the narrowest passage in drawing units (1 on the square grid). */
  narrowest: number;
  title: string;
  generator?: string;
  seed?: string;
  /** The k-th maze of a sheet made from a config's seed (undefined for a maze file, which holds one). */
  more?: (seed: string) => SheetMaze;
}

/** Writes the sheet of a plain square maze to -o (atomically) or stdout. */
export function writePdf(
  input: string,
  loaded: LoadedMaze & { config?: PlainSquareConfig },
  flags: PdfFlags,
  stdout: NodeJS.WritableStream,
): Promise<void> {
  const { config } = loaded;
  const source: SheetSource = {
    first: { maze: loaded.maze, entry: loaded.entry, exit: loaded.exit, path: loaded.path },
    size: `${loaded.maze.width}x${loaded.maze.height}`,
    name: loaded.maze,
    narrowest: 1,
    title: sheetTitle(loaded.maze),
    generator: loaded.generator,
    seed: loaded.seed,
    more: config
      ? (seed) => {
          const g = generateMaze(toMazeOptions(config, seed));
          const best = shortestPath(g.maze, g.entry, g.exit);
          return { maze: g.maze, entry: g.entry, exit: g.exit, path: best.cells };
        }
      : undefined,
  };
  return writeSheet(input, source, flags, stdout);
}

/** Writes the sheet of a maze of any other grid (a graph file, a maze JSON or a grid config) to -o (atomically) or stdout. */
export function writeGridPdf(input: string, loaded: GridInput, flags: PdfFlags, stdout: NodeJS.WritableStream): Promise<void> {
  const { maze, info, config } = loaded;
  const t = maze.topology;
  // A square grid without wrap (masked cells grey) is drawn by the square sheet's own plug-in: merged wall runs, openings at the border.
  const item = (grid: GridMaze, entry: number, exit: number, path: ArrayLike<number>): SheetMaze => {
    if (grid.topology.kind !== 'square' || grid.topology.wrap !== 'none') return { grid, entry, exit, path };
    const w = grid.topology.width;
    const point = (cell: number) => ({ x: cell % w, y: Math.floor(cell / w) });
    return { maze: grid.toMaze(), entry: point(entry), exit: point(exit), path };
  };
  const source: SheetSource = {
    first: item(maze, info.entry, info.exit, info.solution ?? shortestPath(maze, info.entry, info.exit).cells),
    size: describeGrid(t),
    name: maze,
    narrowest: narrowestFeature(t),
    title: sheetTitle(maze),
    generator: info.generator,
    seed: info.seed,
    more: config
      ? (seed) => {
          const run = makeGridMaze(config, input, seed);
          const g = run.generated;
          return item(g.maze, g.entry, g.exit, run.shortest.cells);
        }
      : undefined,
  };
  return writeSheet(input, source, flags, stdout);
}

/** Writes the sheet to -o (atomically) or stdout; one line on stderr when the passages are too narrow for a pen. */
async function writeSheet(input: string, source: SheetSource, flags: PdfFlags, stdout: NodeJS.WritableStream): Promise<void> {
  const { paper, perPage } = pdfOptions(flags);
  const mazes: SheetMaze[] = [source.first];
  const by = source.generator ? ` by ${source.generator}` : '';
  let footer: string;
  const command = sheetCommand(input, paper, perPage);
  if (perPage > 1) {
    if (!source.more || source.seed === undefined) {
      throw new UsageError(
        `--per-page ${perPage} makes its mazes from a config's seed; ${input} is a maze file, which holds one maze (give the config, or --per-page 1)`,
      );
    }
    for (let k = 1; k < perPage; k++) mazes.push(source.more(sheetSeed(source.seed, k)));
    mazes.forEach((m, k) => (m.label = `${k + 1}: seed ${sheetSeed(source.seed!, k)}`));
    footer = `${perPage} mazes ${source.size}${by} from seed ${source.seed}; make them again: SEED=${source.seed} in ${input}, then ${command}`;
  } else if (source.seed !== undefined) {
    footer = `${source.size} maze${by}, seed ${source.seed}; make it again: SEED=${source.seed} in the config, then a-maze-ing render CONFIG --format pdf --paper ${paper}`;
  } else {
    footer = mazeFileFooter(source.name, input, paper);
  }
  const passage = sheetLayout(mazes, { paper, perPage })[0].cell * source.narrowest;
  if (passage < PEN_PASSAGE && !flags.quiet) {
    process.stderr.write(
      `a-maze-ing: note: the passages are ${(passage / (72 / 25.4)).toFixed(1)} mm wide, narrow for a pen (3 mm traces well); use a smaller maze or fewer per page\n`,
    );
  }
  const bytes = puzzleSheetPdf(mazes, { paper, perPage, footer, title: source.title });
  if (flags.output) {
    const file = new AtomicFile(flags.output, 'output file');
    try {
      file.write(bytes);
    } catch (error) {
      file.abort();
      throw error;
    }
    file.commit();
    return;
  }
  if (!stdout.write(bytes)) await once(stdout, 'drain');
}
