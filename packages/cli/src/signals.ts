/**
 * Clean-up on SIGINT, SIGTERM and SIGHUP: while a temp file or scratch folder exists,
 * its removal is registered here; a signal then removes everything registered and
 * raises the signal again with its default action, so the process ends by that signal
 * and a shell reports 128 + its number (a loop in a script stops on Ctrl-C, as it
 * should). While nothing is registered the signals keep their default action (the
 * process ends at once, and there is nothing to clean up). The handler runs only when the event loop turns, so
 * work done while something is registered runs in chunks that yield, or in a worker.
 */

const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
type CaughtSignal = keyof typeof SIGNAL_NUMBERS;

const cleanups = new Set<() => void>();

function onSignal(signal: CaughtSignal): void {
  for (const cleanup of [...cleanups]) {
    try {
      cleanup();
    } catch {
      // Best effort: the other clean-ups still run.
    }
  }
  cleanups.clear();
  for (const [caught, listener] of listeners) process.off(caught, listener);
  process.kill(process.pid, signal);
  // Where the signal is ignored (nohup, a shell's background job), end with its status anyway.
  setTimeout(() => process.exit(128 + SIGNAL_NUMBERS[signal]), 200).unref();
}

const listeners = new Map<CaughtSignal, () => void>((Object.keys(SIGNAL_NUMBERS) as CaughtSignal[]).map((s) => [s, () => onSignal(s)]));

/** Registers `cleanup` to run on a caught signal; the returned function unregisters it. */
export function onInterrupt(cleanup: () => void): () => void {
  if (cleanups.size === 0) for (const [signal, listener] of listeners) process.on(signal, listener);
  cleanups.add(cleanup);
  return () => {
    if (!cleanups.delete(cleanup) || cleanups.size > 0) return;
    for (const [signal, listener] of listeners) process.off(signal, listener);
  };
}

/** Lets the event loop turn, so a pending signal's handler can run between chunks of work. */
export function yieldToSignals(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
