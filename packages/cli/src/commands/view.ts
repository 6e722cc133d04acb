/**
 * `a-maze-ing view [CONFIG]`: serves the prebuilt viewer on 127.0.0.1, prints the URL,
 * opens a browser where there is one, and stops on key 4, Ctrl-C or SIGTERM.
 */
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { randomSeed } from 'mazegen';
import { isPlainSquareConfig, toMazeOptions } from 'mazegen/config';
import { defaultGridSize, maskToText } from 'mazegen/internal';
import { CliError, UsageError } from '../errors.js';
import { viewerFolder } from '../locations.js';
import type { ViewerServer } from '../server/server.js';
import { readMask } from '../grid-run.js';
import { loadConfig } from './generate.js';
import { PREFERRED_PORT } from '../program/choices.js';

/** The built viewer inside this package, so it is found wherever the package is installed. */
const viewerDist = viewerFolder;

export interface ViewFlags {
  port?: string;
  open: boolean;
}

function parsePort(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, got '${text}'`);
  return Number(text);
}

function readConfig(path: string): { payload: unknown; seedNote?: string } {
  // The same reader as the default command's, so a bad file gets the same one-line message.
  const config = loadConfig(path);
  const seed = config.seed ?? randomSeed();
  const options = toMazeOptions(config, seed);
  let shown: unknown = options;
  if (!isPlainSquareConfig(config)) {
    // Another grid: the page makes it with generateMaze; a MASK file (text or PNG) is read here and handed over as text.
    const mask = readMask(config, path);
    const fallback = defaultGridSize(config.grid, mask);
    const width = config.width > 0 ? config.width : (fallback.width ?? 0);
    const height = config.height > 0 ? config.height : (fallback.height ?? 0);
    shown = { ...options, width, height, mask: undefined, maskText: mask ? maskToText(mask) : undefined };
  }
  return {
    payload: { file: path, options: shown, solver: config.solver },
    seedNote: config.seed === undefined ? `no SEED in the config: showing seed ${seed}` : undefined,
  };
}

/** Opens `url` in the desktop's browser; does nothing where there is none. */
function openBrowser(url: string): void {
  const platform = process.platform;
  const command = platform === 'darwin' ? 'open' : platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = platform === 'win32' ? ['/c', 'start', '""', url] : [url];
  if (platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return;
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined); // no opener installed: the printed URL is enough
    child.unref();
  } catch {
    // Same: never fail because no browser could be opened.
  }
}

async function listen(root: string, port: number | undefined, config: unknown, onQuit: () => void): Promise<ViewerServer> {
  // The server (node:http) loads only for this command: every other run starts without it.
  const { startViewerServer } = await import('../server/server.js');
  if (port !== undefined) {
    try {
      return await startViewerServer({ root, port, config, onQuit });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new CliError(
        code === 'EADDRINUSE'
          ? `port ${port} is in use; choose another with --port or use --port 0 for any free port`
          : `cannot listen on 127.0.0.1:${port} (${code ?? String(error)})`,
      );
    }
  }
  try {
    return await startViewerServer({ root, port: PREFERRED_PORT, config, onQuit });
  } catch {
    return startViewerServer({ root, port: 0, config, onQuit });
  }
}

export async function view(configPath: string | undefined, flags: ViewFlags): Promise<void> {
  const port = parsePort(flags.port);
  const dist = viewerDist();
  if (!existsSync(`${dist}index.html`)) {
    throw new CliError(`the viewer is not built (no ${dist}index.html): run 'npm run build' first`);
  }
  const root = realpathSync(dist);
  const { payload, seedNote } = configPath ? readConfig(configPath) : { payload: undefined, seedNote: undefined };
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const server = await listen(root, port, payload, () => stop());
  const onSignal = (): void => stop();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  if (seedNote) process.stdout.write(`${seedNote}\n`);
  process.stdout.write(`Viewer: ${server.url}\nPress 4 in the page, Ctrl-C or send SIGTERM to stop.\n`);
  if (flags.open && !process.env.CI) openBrowser(server.url);
  await stopped;
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  await server.close();
  process.stdout.write('Viewer stopped.\n');
}
