import { quietOnClosedPipe } from './closed-pipe.js';
import { EXIT_OK } from './errors.js';
import { codeCacheFile } from './locations.js';
import { plainRun, type PlainRun } from './plain-run.js';
import { loadCachedScript } from './script-cache.js';
import { builtin } from './builtin.js';

/** Runs a command line; the exit code. Known errors are one line on stderr (failure.ts). */
export async function run(argv: string[]): Promise<number> {
  // The main job, `a-maze-ing CONFIG` with plain switches, skips Commander and the command
  // tree (about a third of its start-up); any other command line goes through them.
  const plain = plainRun(argv);
  if (plain) return runPlainJob(plain);
  quietOnClosedPipe(process.stdout);
  try {
    const { runProgram } = await import('./program/build.js');
    return await runProgram(argv);
  } catch (error) {
    const { reportFailure } = await import('./failure.js');
    return reportFailure(error);
  }
}

type PlainJob = typeof import('./plain-main.js');

/**
 * The main job from bundle/plain.cjs with its code cache (script-cache.ts), or from the
 * modules themselves where there is no such script (dist/, the sources under test).
 */
async function runPlainJob(plain: PlainRun): Promise<number> {
  let script;
  try {
    const scriptPath = builtin('node:url').fileURLToPath(new URL('./plain.cjs', import.meta.url));
    script = loadCachedScript<PlainJob>(scriptPath, codeCacheFile('plain', scriptPath));
  } catch (error) {
    const { reportFailure } = await import('./failure.js');
    return reportFailure(error);
  }
  const job = script?.exports ?? (await import('./plain-main.js'));
  const code = await job.runPlain(plain);
  if (code === EXIT_OK) script?.save(runKinds(plain));
  return code;
}

/** Bits for the kinds of run a code cache has seen: each compiles functions the others do not. */
function runKinds({ flags }: PlainRun): number {
  return (flags.display ? 1 : 2) | (flags.json ? 4 : 0) | (flags.stats ? 8 : 0) | (flags.stream ? 16 : 0);
}
