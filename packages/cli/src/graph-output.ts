/**
 * The graph JSON: the default command's plug-in for a maze that is not a plain square one
 * (another grid, a wrap, a mask or an outline). grid-run.ts makes, solves and writes it;
 * the default command's flow says so and draws it as every maze is drawn (term/fit.ts).
 */
import { randomSeed } from 'mazegen';
import { type ConfigOptions } from 'mazegen/config';
import type { DefaultJob, MadeRun, MazeFile } from './commands/generate.js';
import { UsageError } from './errors.js';
import { STDIO_NAME } from './io.js';
import { describeGridRun, writeGridMaze, type GridRun } from './grid-run.js';
import type { GridShown } from './term/interactive.js';

function shownOf(run: GridRun): GridShown {
  const g = run.generated;
  return { grid: g.maze, entry: g.entry, exit: g.exit, path: run.shortest.cells, seed: g.seed };
}

/** The graph JSON as the default command's plug-in for the config's maze. */
export function graphFile(config: ConfigOptions, configPath: string): MazeFile {
  return {
    viewable: false,
    refuse(flags) {
      if (flags.stream) throw new UsageError('--stream writes plain square Eller mazes; this config makes another grid or shape');
    },
    run({ seed, output }: DefaultJob): Promise<MadeRun> {
      const run = writeGridMaze(config, configPath, seed, output);
      return Promise.resolve({
        seed: run.generated.seed,
        notes: run.notes,
        describe: (to) => describeGridRun(run, to === STDIO_NAME ? 'standard output' : to),
        shown: shownOf(run),
      });
    },
    regenerate(output) {
      const again = writeGridMaze(config, configPath, randomSeed(), output);
      return { shown: shownOf(again), message: `rewrote ${output} with a new maze` };
    },
  };
}
