/**
 * A progress bar on stderr for long phases (generate, solve, write): phase, percentage,
 * rate and ETA, drawn by cli-progress. It appears only once a phase has run for a
 * second, only when stderr is a terminal, and never under CI or TERM=dumb; otherwise
 * every call is a cheap no-op.
 */
import { createRequire } from 'node:module';
import type cliProgressModule from 'cli-progress';
import { Step, UnsolvableError, type PhasedProgressReporter, type StepReporter } from 'mazegen';
import { type ProgressPhase } from 'mazegen/internal';

export interface Progress {
  /** Starts a phase of `total` units (cells, rows); the bar shows once it has run a while. */
  start(phase: string, total: number): void;
  /** `done` units of the current phase are finished (of `total`, when the phase's estimate changed). */
  update(done: number, total?: number): void;
  /** Ends the current phase and removes the bar. */
  stop(): void;
  /** True when this progress can draw at all (a terminal, not CI). */
  readonly enabled: boolean;
}

export interface ProgressOptions {
  stream?: NodeJS.WriteStream;
  env?: NodeJS.ProcessEnv;
  /** Milliseconds a phase runs before its bar appears (default 1000). */
  delayMs?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** cli-progress, loaded when a bar first shows (most runs never draw one, and it is start-up time). */
function loadCliProgress(): typeof cliProgressModule {
  return createRequire(import.meta.url)('cli-progress') as typeof cliProgressModule;
}

/** True when a bar may be drawn on `stream` under `env`. */
export function progressWanted(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== '0' && env.CI.toLowerCase() !== 'false';
  return stream.isTTY === true && !ci && env.TERM !== 'dumb';
}

/** A progress display for stderr (or `options.stream`); silent where it is not wanted. */
export function createProgress(options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const env = options.env ?? process.env;
  const delayMs = options.delayMs ?? 1000;
  const now = options.now ?? (() => performance.now());
  const enabled = progressWanted(stream, env);
  let bar: cliProgressModule.SingleBar | undefined;
  let phase = '';
  let total = 0;
  let startedAt = 0;

  const rate = (done: number): string => {
    const seconds = (now() - startedAt) / 1000;
    const perSecond = seconds > 0 ? done / seconds : 0;
    return perSecond >= 1e6
      ? `${(perSecond / 1e6).toFixed(1)}M/s`
      : perSecond >= 1e3
        ? `${(perSecond / 1e3).toFixed(1)}k/s`
        : `${Math.round(perSecond)}/s`;
  };

  const eta = (done: number): string => etaText(done, total, now() - startedAt);

  return {
    enabled,
    start(name, units) {
      this.stop();
      phase = name;
      total = Math.max(1, units);
      // A disabled bar never reads the clock: the global performance loads perf_hooks (1-2 ms of a small run).
      if (enabled) startedAt = now();
    },
    update(done, newTotal) {
      if (!enabled || total === 0) return;
      if (newTotal !== undefined && newTotal !== total && newTotal > 0) {
        total = newTotal;
        if (bar) bar.setTotal(total);
      }
      if (!bar) {
        if (now() - startedAt < delayMs) return;
        const cliProgress = loadCliProgress();
        bar = new cliProgress.SingleBar(
          {
            stream,
            format: '{phase} [{bar}] {percentage}% | {rate} | ETA {eta}',
            barsize: 30,
            hideCursor: true,
            clearOnComplete: true,
            etaBuffer: 20,
            fps: 10,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, 0, { phase, rate: rate(done), eta: eta(done) });
      }
      bar.update(Math.min(done, total), { phase, rate: rate(done), eta: eta(done) });
    },
    stop() {
      if (bar) {
        bar.stop();
        bar = undefined;
      }
      total = 0;
    },
  };
}

/**
 * The time left at the phase's average rate so far, as 45s, 3m07s or 2h05m; '--' before
 * anything is done. The whole phase's average, not the last few updates': a phase that
 * slows near its end (Aldous-Broder's last cells) then shows a time, never an infinite one.
 */
export function etaText(done: number, total: number, elapsedMs: number): string {
  if (done >= total) return '0s';
  if (!(done > 0) || !(elapsedMs > 0)) return '--';
  const seconds = Math.ceil(((total - done) * elapsedMs) / done / 1000);
  if (!Number.isFinite(seconds)) return '--';
  const two = (n: number) => String(n).padStart(2, '0');
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${two(seconds % 60)}s`;
  return `${Math.floor(seconds / 3600)}h${two(Math.floor(seconds / 60) % 60)}m`;
}

/** What the bar calls each phase of the library's making of a maze. */
const PHASE_LABELS: Readonly<Record<ProgressPhase, string>> = {
  generate: 'generate',
  braid: 'braid',
  endpoints: 'find ends',
  level: 'level',
};

/** The library's phased reports as one bar per phase (undefined where no bar can show, so the library skips the reports). */
export function phasedProgress(progress: Progress): PhasedProgressReporter | undefined {
  if (!progress.enabled) return undefined;
  let current: ProgressPhase | undefined;
  return (done, total, phase) => {
    if (phase !== current) {
      current = phase;
      progress.start(PHASE_LABELS[phase], total);
    }
    progress.update(done, total);
  };
}

/** Cells visited between two updates of the solve phase's bar. */
export const SOLVE_PROGRESS_EVERY = 1 << 20;
/** From this many cells the solve shows a bar (the slowest solver, Dijkstra on a braided board, does about 9 million a second). */
export const SOLVE_PROGRESS_CELLS = 1 << 23;

/** A step reporter that counts visited cells into the bar, where a bar shows and the maze is big enough to need one. */
export function solveReporter(progress: Progress, cells: number): StepReporter | undefined {
  // A call per step costs BFS about a fifth of its time, so only a maze whose solve may
  // run for over a second pays it, and only where the bar can show.
  if (!progress.enabled || cells < SOLVE_PROGRESS_CELLS) return undefined;
  let countdown = SOLVE_PROGRESS_EVERY;
  let visited = 0;
  return (kind) => {
    if (kind === Step.Visit && --countdown === 0) {
      countdown = SOLVE_PROGRESS_EVERY;
      visited += SOLVE_PROGRESS_EVERY;
      progress.update(visited);
    }
  };
}

/**
 * A solve with its bars: the configured solver, BFS where it finds no path (a note says
 * so), and one more BFS for the file's shortest path when the solver does not promise one.
 * `solve(solverName, reporter)` is the square or the grid engine's solve.
 */
export function solveWithBars<S extends { solver: { shortest: boolean } }>(
  progress: Progress,
  cells: number,
  solverName: string,
  solve: (solverName: string, onStep: StepReporter | undefined) => S,
  notes: string[],
): { solution: S; shortest: S } {
  progress.start('solve', cells);
  try {
    let solution: S;
    try {
      solution = solve(solverName, solveReporter(progress, cells));
    } catch (error) {
      if (!(error instanceof UnsolvableError)) throw error;
      notes.push(`${error.message}; the output file holds a shortest path found by BFS`);
      progress.start('shortest path', cells);
      solution = solve('BFS', solveReporter(progress, cells));
    }
    let shortest = solution;
    if (!solution.solver.shortest) {
      progress.start('shortest path', cells);
      shortest = solve('BFS', solveReporter(progress, cells));
    }
    return { solution, shortest };
  } finally {
    progress.stop();
  }
}
