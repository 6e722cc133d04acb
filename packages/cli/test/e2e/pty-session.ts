/**
 * The CLI on a real pseudo-terminal: util-linux `script` runs it on a pty whose input is
 * our pipe, so the CLI sees stdin and stdout as TTYs. Tests wait for output, never sleep.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { BIN } from './run-cli.js';

/** Sessions still running when a test fails are ended by `endSessions` (only ones started here). */
const running = new Set<ChildProcess>();

export interface PtySession {
  readonly output: string;
  /** The length of the output so far, to wait for what comes after it. */
  mark(): number;
  /** Resolves with the first match of `pattern` in the output after `from`; rejects after 30 s. */
  until(pattern: RegExp, from?: number): Promise<string>;
  /** Types keys on the terminal (a '\x03' is Ctrl-C: the pty turns it into SIGINT). */
  send(keys: string): void;
  exited: Promise<number | null>;
}

/**
 * `a-maze-ing ARGS` in `cwd` on a 160x60 pty. The shell that `script` starts execs node, so
 * the pty's SIGINT reaches the CLI alone (dash, the /bin/sh of a bare CI machine, would die of it).
 */
export function ptySession(cwd: string, args: string, env: Record<string, string> = {}): PtySession {
  if (!existsSync('/usr/bin/script')) throw new Error('script(1) from util-linux is needed for the terminal tests');
  const command = `stty cols 160 rows 60; exec ${process.execPath} ${BIN} ${args}`;
  // Node reads a CI variable as "no colours" (unless it names a known CI service), and CI runs
  // this suite with CI=true: the terminal a test stands for is a user's, so CI is left out.
  const { CI: _ci, ...outside } = process.env;
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd,
    env: { ...outside, ...env, NO_COLOR: env.NO_COLOR ?? '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('close', () => running.delete(child));
  let output = '';
  const waiters: (() => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const w of [...waiters]) w();
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    get output() {
      return output;
    },
    mark: () => output.length,
    until(pattern: RegExp, from = 0): Promise<string> {
      return new Promise((resolve, reject) => {
        const stop = () => {
          const at = waiters.indexOf(check);
          if (at >= 0) waiters.splice(at, 1);
        };
        const check = () => {
          const found = pattern.exec(output.slice(from));
          if (found) {
            stop();
            clearTimeout(timer);
            resolve(found[0]);
          }
        };
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`no ${pattern} in the output:\n${output.slice(from).slice(-2000)}`));
        }, 30_000);
        waiters.push(check);
        check();
      });
    },
    send: (keys: string) => {
      child.stdin.write(keys);
    },
    exited,
  };
}

/** Kills the sessions a failed test left running. */
export function endSessions(): void {
  for (const child of running) child.kill('SIGKILL');
}
