/**
 * `a-maze-ing CONFIG` (also `a-maze-ing generate CONFIG`): read the config, generate,
 * solve, write OUTPUT_FILE atomically, print the seed, show the maze. One flow for every
 * grid; what differs is the file written, a plug-in of the flow (`MazeFile`): the hex file
 * of the plain square grid (hex-output.ts: its in-memory, threaded and streamed writers)
 * or the graph JSON of any other grid (graph-output.ts).
 */
import type { Command } from 'commander';
import { isPlainSquareConfig } from 'mazegen/config';
import { editDistance } from 'mazegen/internal';
import { builtin } from '../builtin.js';
import { loadConfig, printConfigNotes, seedFlag } from '../config-run.js';
import { CliError, UsageError } from '../errors.js';
import { hexFile } from '../hex-output.js';
import { checkWritable, sameFile, type OutputTarget } from '../io.js';
import { displayMaze, lookFor } from '../term/display.js';
import type { Shown } from '../term/interactive.js';
import { PLAY_KEY } from '../term/play.js';

// The config helpers every command that makes a config's maze shares (play, stats, render, view, validate).
export { checkConfigFits, generateFromConfig, loadConfig, printConfigNotes, seedFlag } from '../config-run.js';

export interface GenerateFlags {
  seed?: string;
  output?: string;
  display: boolean;
  path: boolean;
  color: boolean;
  theme?: string;
  animation: boolean;
  quiet?: boolean;
  stats?: boolean;
  json?: boolean;
  /** --stream: write a plain square Eller maze row by row (hex-output.ts). */
  stream?: boolean;
}

/** What a run of the default command made and wrote, as the flow reports and shows it. */
export interface MadeRun {
  /** The seed the maze was made with (the random one where none was given). */
  seed: string;
  /** The generator's and solver's notes, for stderr. */
  notes: string[];
  /** One sentence on what was written to `output`. */
  describe(output: string): string;
  shown: Shown;
  /** The summary as one object (--json), where the file's format has one. */
  summary?(output: string, seedWasRandom: boolean, withStats: boolean | undefined): Record<string, unknown>;
  /** The --stats table, where the file's format has one. */
  stats?(): string;
}

/** What a plug-in is handed to run the config's maze. */
export interface DefaultJob {
  flags: GenerateFlags;
  seed: string | undefined;
  target: OutputTarget;
  output: string;
  /** Where messages go: stderr when the maze itself goes to standard output. */
  info: NodeJS.WriteStream;
  printNotes(notes: readonly string[]): void;
}

/** The file the default command writes for a config: the flow's one plug-in point. */
export interface MazeFile {
  /** Refuses, before any work, a flag this file cannot honour. */
  refuse(flags: GenerateFlags): void;
  /**
   * Weighs the run against free memory, makes and solves the maze and writes it
   * atomically; a run that reported and showed everything itself (the streamed hex file)
   * gives its exit code instead.
   */
  run(job: DefaultJob): Promise<MadeRun | number>;
  /** Makes a maze from a new random seed and writes it over `output` (the display's regenerate key). */
  regenerate(output: string): { shown: Shown; message: string };
  /** `a-maze-ing view` shows this config, and its making can be animated. */
  viewable: boolean;
}

/** The default command: `hasView` when the program has `view` to point at. */
export async function generateCommand(configPath: string, flags: GenerateFlags, hasView: boolean): Promise<number> {
  const seedGiven = seedFlag(flags.seed);
  // A bad --theme is refused as when drawing, even when nothing is drawn (exit 2).
  if (!flags.display && flags.theme !== undefined) (await import('../term/theme.js')).themeFlag(flags.theme);
  const config = loadConfig(configPath);
  const seed = seedGiven ?? config.seed;
  const output = flags.output ?? config.outputFile;
  const label = flags.output !== undefined ? '--output' : `${configPath}, line ${config.lines.OUTPUT_FILE}: OUTPUT_FILE`;
  if (sameFile(output, configPath)) throw new CliError(`${label} '${output}' is the config file itself; choose another output path`);
  const target = checkWritable(output, label);
  // Any other grid's file loads its own code (and PNG's zlib for a mask) only when a config asks for it.
  const file: MazeFile = isPlainSquareConfig(config)
    ? hexFile(config, configPath)
    : (await import('../graph-output.js')).graphFile(config, configPath);
  file.refuse(flags);
  // The drawing's colours are settled first: a colour that hides the maze fails before any file is written.
  const look = flags.display ? lookFor(config, flags) : undefined;
  // Standard output carries the maze: every message goes to stderr and nothing is drawn.
  const toStdout = target.kind === 'stdout';
  const info = toStdout ? process.stderr : process.stdout;
  const printNotes = (notes: readonly string[]) => printConfigNotes(config, configPath, notes);
  const made = await file.run({ flags, seed, target, output, info, printNotes });
  if (typeof made === 'number') return made;

  if (flags.json && made.summary) {
    info.write(`${JSON.stringify(made.summary(output, seed === undefined, flags.stats), null, 2)}\n`);
    return 0;
  }
  if (!flags.quiet) {
    printNotes(made.notes);
    info.write(`${made.describe(output)}\n`);
    if (seed === undefined)
      info.write(`the seed was random: SEED=${made.seed} in the config (or --seed ${made.seed}) makes this maze again\n`);
  }
  if (flags.stats && made.stats) info.write(made.stats());
  if (!look || toStdout) return 0;

  const rerun = `a-maze-ing render ${output} -f svg -o maze.svg`;
  const withView = hasView && file.viewable;
  await displayMaze({
    shown: made.shown,
    look,
    showPath: flags.path,
    animate: file.viewable && flags.animation,
    hint: withView
      ? `the maze is in ${output}; see it with 'a-maze-ing view ${configPath}', '${rerun}' or in a larger terminal`
      : `the maze is in ${output}; see it with '${rerun}' or in a larger terminal`,
    footer: withView && !flags.quiet ? `watch it generate and solve in the browser: a-maze-ing view ${configPath}` : undefined,
    regenerate: () => file.regenerate(output),
    extraKeys: [PLAY_KEY],
  });
  return 0;
}

/** The default command's action: a mistyped command name is a usage error, else the config's run. */
export async function generateAction(program: Command, configPath: string, flags: GenerateFlags): Promise<void> {
  const command = mistypedCommand(program, configPath);
  if (command) throw new UsageError(`'${configPath}' is neither a file nor a command. Did you mean '${command}'?`);
  const hasView = program.commands.some((c) => c.name() === 'view');
  process.exitCode = await generateCommand(configPath, flags, hasView);
}

/** The command a missing "config file" name was probably meant to be ('valdate' -> 'validate'). */
function mistypedCommand(program: Command, name: string): string | undefined {
  if (builtin('node:fs').existsSync(name) || /[./\\]/.test(name)) return undefined;
  for (const command of program.commands) {
    if (editDistance(name.toLowerCase(), command.name()) <= 2) return command.name();
  }
  return undefined;
}
