/** Runs the built binary (`npm run build` first) in a child process, as the user would. */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
export const BIN = join(REPO, 'packages/cli/bin/a-maze-ing.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** The working directory; the repository root when not given. */
  cwd?: string;
  env?: Record<string, string | undefined>;
  input?: string;
  /** When the tests run as root, drop the permission-bypassing capabilities, so file modes apply. */
  unprivileged?: boolean;
}

export function assertBuilt(): void {
  if (!existsSync(join(REPO, 'packages/cli/bundle/main.js'))) {
    throw new Error('packages/cli/bundle is missing: run `npm run build` (npm test does) before these tests');
  }
}

export const IS_ROOT = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs `a-maze-ing ARGS` with stdin `input` (empty by default); colour variables are cleared unless given. */
export function runCli(args: string[], options: RunOptions = {}): CliResult {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NO_COLOR: undefined,
    FORCE_COLOR: undefined,
    COLORTERM: undefined,
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const withoutOverride = options.unprivileged && IS_ROOT;
  const command = withoutOverride ? 'setpriv' : process.execPath;
  // Stay root but drop the capabilities that bypass file permissions: permission bits
  // then apply, while the checkout (perhaps under a private 0700 folder) stays reachable.
  const dropped = '-dac_override,-dac_read_search';
  const argv = withoutOverride ? [`--bounding-set=${dropped}`, `--inh-caps=${dropped}`, process.execPath, BIN, ...args] : [BIN, ...args];
  const result = spawnSync(command, argv, {
    cwd: options.cwd ?? REPO,
    env: env as NodeJS.ProcessEnv,
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A fresh temporary directory for one test file. */
export function makeTempDir(prefix = 'amazeing-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** The hex format of SPEC 5: rows of W uppercase hex digits, a blank line, entry, exit, path; every line ends in \n. */
export function hexFormat(width: number, height: number): RegExp {
  return new RegExp(`^(?:[0-9A-F]{${width}}\\n){${height}}\\n\\d+,\\d+\\n\\d+,\\d+\\n[NESW]*\\n$`);
}
