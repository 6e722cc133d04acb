/**
 * The main job (`a-maze-ing CONFIG`, see plain-run.ts) on its own: the entry of
 * bundle/plain.cjs, one CommonJS script with the library inside, which main.ts runs with a
 * code cache taken after the run (script-cache.ts).
 */
import { quietOnClosedPipe } from './closed-pipe.js';
import { generateCommand } from './commands/generate.js';
import { reportFailure } from './failure.js';
import type { PlainRun } from './plain-run.js';

/** Runs the main job; the exit code, errors reported as every command reports them. */
export async function runPlain(plain: PlainRun): Promise<number> {
  quietOnClosedPipe(process.stdout);
  try {
    return await generateCommand(plain.configPath, plain.flags, true);
  } catch (error) {
    return reportFailure(error);
  }
}
