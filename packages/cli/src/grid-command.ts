/**
 * The default command for a maze that is not a plain square one: write its graph JSON
 * (grid-run.ts), say so, and draw it as every maze is drawn (term/fit.ts), interactively
 * on a terminal, once into a pipe.
 */
import { randomSeed } from 'mazegen';
import { type ConfigOptions } from 'mazegen/config';
import { UsageError } from './errors.js';
import { describeGridRun, writeGridMaze, type GridRun } from './grid-run.js';
import { displayMaze, lookFor } from './term/display.js';
import type { GridShown } from './term/interactive.js';
import { PLAY_KEY } from './term/play.js';

export interface GridCommandFlags {
  display: boolean;
  path: boolean;
  color: boolean;
  theme?: string;
  quiet?: boolean;
  stream?: boolean;
}

function shownOf(run: GridRun): GridShown {
  const g = run.generated;
  return { grid: g.maze, entry: g.entry, exit: g.exit, path: run.shortest.cells, seed: g.seed };
}

/** Makes, writes and shows the config's grid maze; `printNotes` says the config's notes on stderr. */
export async function gridCommand(
  config: ConfigOptions,
  configPath: string,
  flags: GridCommandFlags,
  seed: string | undefined,
  output: string,
  printNotes: (notes: readonly string[]) => void,
): Promise<number> {
  if (flags.stream) throw new UsageError('--stream writes plain square Eller mazes; this config makes another grid or shape');
  // The drawing's colours are settled first: a colour that hides the maze fails before any file is written.
  const look = flags.display ? lookFor(config, flags) : undefined;
  const run = writeGridMaze(config, configPath, seed, output);
  if (!flags.quiet) {
    printNotes(run.notes);
    const out = process.stdout;
    out.write(`${describeGridRun(run, output)}\n`);
    if (seed === undefined)
      out.write(`the seed was random: SEED=${run.generated.seed} in the config (or --seed ${run.generated.seed}) makes this maze again\n`);
  }
  if (!look) return 0;
  await displayMaze({
    shown: shownOf(run),
    look,
    showPath: flags.path,
    animate: false,
    hint: `the maze is in ${output}; see it with 'a-maze-ing render ${output} -f svg -o maze.svg' or in a larger terminal`,
    regenerate: () => {
      const again = writeGridMaze(config, configPath, randomSeed(), output);
      return { shown: shownOf(again), message: `rewrote ${output} with a new maze, seed ${again.generated.seed}` };
    },
    extraKeys: [PLAY_KEY],
  });
  return 0;
}
