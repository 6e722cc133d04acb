/**
 * `render INPUT --format pdf [--paper a4|letter] [--per-page N]`: puzzle sheets (pdf.ts)
 * from a maze file or a config; from a config, N mazes come from its seed.
 */
import { once } from 'node:events';
import { generateMaze } from 'mazegen';
import { toMazeOptions, type ConfigOptions } from 'mazegen/config';
import { mazeFileFooter, sheetCommand, sheetTitle } from 'mazegen/render';
import { shortestPath } from 'mazegen';
import { UsageError } from '../errors.js';
import { AtomicFile } from '../io.js';
import { MAX_PER_PAGE, PAPERS, PEN_PASSAGE, puzzleSheetPdf, sheetLayout, type Paper, type SheetMaze } from '../pdf.js';
import type { LoadedMaze } from './render.js';

export interface PdfFlags {
  output?: string;
  paper?: string;
  perPage?: string;
}

export function pdfOptions(flags: PdfFlags): { paper: Paper; perPage: number } {
  const paper = (flags.paper ?? 'a4').trim().toLowerCase();
  if (!(paper in PAPERS)) throw new UsageError(`--paper must be a4 or letter, got '${flags.paper}'`);
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

/** Writes the sheet to -o (atomically) or stdout; one line on stderr when the passages are too narrow for a pen. */
export async function writePdf(
  input: string,
  loaded: LoadedMaze & { config?: ConfigOptions },
  flags: PdfFlags,
  stdout: NodeJS.WritableStream,
): Promise<void> {
  const { paper, perPage } = pdfOptions(flags);
  const first: SheetMaze = { maze: loaded.maze, entry: loaded.entry, exit: loaded.exit, path: loaded.path };
  const mazes: SheetMaze[] = [first];
  const { width, height } = loaded.maze;
  let footer: string;
  const command = sheetCommand(input, paper, perPage);
  if (perPage > 1) {
    if (!loaded.config || loaded.seed === undefined) {
      throw new UsageError(
        `--per-page ${perPage} makes its mazes from a config's seed; ${input} is a maze file, which holds one maze (give the config, or --per-page 1)`,
      );
    }
    for (let k = 1; k < perPage; k++) {
      const g = generateMaze(toMazeOptions(loaded.config, sheetSeed(loaded.seed, k)));
      const best = shortestPath(g.maze, g.entry, g.exit);
      mazes.push({ maze: g.maze, entry: g.entry, exit: g.exit, path: best.cells });
    }
    mazes.forEach((m, k) => (m.label = `${k + 1}: seed ${sheetSeed(loaded.seed!, k)}`));
    footer = `${perPage} mazes ${width}x${height}${loaded.generator ? ` by ${loaded.generator}` : ''} from seed ${loaded.seed}; make them again: SEED=${loaded.seed} in ${input}, then ${command}`;
  } else if (loaded.seed !== undefined) {
    footer = `${width}x${height} maze${loaded.generator ? ` by ${loaded.generator}` : ''}, seed ${loaded.seed}; make it again: SEED=${loaded.seed} in the config, then a-maze-ing render CONFIG --format pdf --paper ${paper}`;
  } else {
    footer = mazeFileFooter(loaded.maze, input, paper);
  }
  const cell = sheetLayout(mazes, { paper, perPage })[0].cell;
  if (cell < PEN_PASSAGE) {
    process.stderr.write(
      `a-maze-ing: note: the passages are ${(cell / (72 / 25.4)).toFixed(1)} mm wide, narrow for a pen (3 mm traces well); use a smaller maze or fewer per page\n`,
    );
  }
  const bytes = await puzzleSheetPdf(mazes, { paper, perPage, footer, title: sheetTitle(loaded.maze) });
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
