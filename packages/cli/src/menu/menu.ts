/**
 * The console menu of the C seed: 0 reset, 1 generate, 2 solution of the last maze,
 * 3 complexity, 4 background, 5 foreground, 6 dimensions, 7 Maze of the Day, 8 its
 * solution, Q quit. Lines in, text out; every choice that changes a setting saves it.
 */
import {
  COLOR_NAMES,
  COMPLEXITY_LEVELS,
  DIMENSIONS,
  generateMaze,
  gridForWindow,
  mazeOfTheDayOptions,
  parseColorName,
  randomSeed,
  shortestPath,
  utcDateKey,
  type ColorName,
  type GeneratedMaze,
  type MazeOptions,
} from 'mazegen';
import { drawForMenu, type ColorMode } from './draw.js';
import { defaultSettings, loadSettings, saveSettings, type LastMaze, type Settings } from './settings.js';

export interface MenuIo {
  /** Next input line (without its newline), or undefined at end of input. */
  readLine(): Promise<string | undefined>;
  write(text: string): void;
}

export interface MenuOptions {
  settingsPath: string;
  colorMode: ColorMode;
  /** Today, for the Maze of the Day. */
  today: Date;
  /** Seeds for new mazes (random by default). */
  newSeed?: () => string;
}

/** Normalises a name for matching: case, spaces, '-' and '_' ignored. */
const squash = (text: string): string => text.trim().toLowerCase().replace(/[\s_-]+/g, '');

/** A numbered list choice: a number 1..n, or a name. */
function pick<T extends { name: string }>(text: string, items: readonly T[]): T | undefined {
  const key = squash(text);
  if (/^\d+$/.test(key)) return items[Number(key) - 1];
  return items.find((item) => squash(item.name) === key);
}

function cellSizeOf(settings: Settings): number {
  return COMPLEXITY_LEVELS.find((l) => l.name === settings.complexity)!.cellSize;
}

function pixelsOf(settings: Settings): number {
  return DIMENSIONS.find((d) => d.name === settings.dimensions)!.pixels;
}

/** The grid the settings give: window pixels / cell size (Medium at Medium = 24x24). */
function gridOf(settings: Settings): { width: number; height: number } {
  return gridForWindow(pixelsOf(settings), cellSizeOf(settings));
}

/** A menu maze: start on the bottom row, end on the top row (the MATLAB seed), DFS. */
function menuMazeOptions(width: number, height: number, seed: string): MazeOptions {
  return { width, height, seed, entry: 'bottom', exit: 'top', perfect: true };
}

function menuText(settings: Settings, today: Date): string {
  const { width, height } = gridOf(settings);
  const px = pixelsOf(settings);
  return [
    '',
    'A-Maze-ing menu',
    '  0  reset to the default settings',
    '  1  generate a new maze',
    '  2  show the solution of the last maze',
    `  3  complexity          ${settings.complexity} (${cellSizeOf(settings)} px cells)`,
    `  4  background colour   ${settings.background}`,
    `  5  foreground colour   ${settings.foreground}`,
    `  6  dimensions          ${settings.dimensions} (${px}x${px} px): ${width}x${height} cells`,
    `  7  Maze of the Day     ${utcDateKey(today)}`,
    '  8  solution of the Maze of the Day',
    '  Q  quit',
    '',
  ].join('\n');
}

/** Runs the menu until Q or the end of input. */
export async function runMenu(io: MenuIo, options: MenuOptions): Promise<void> {
  const loaded = loadSettings(options.settingsPath);
  if (loaded.warning) io.write(`warning: ${loaded.warning}\n`);
  let settings = loaded.settings;
  let saveFailed = false;
  const save = (): void => {
    const warning = saveSettings(options.settingsPath, settings);
    if (warning && !saveFailed) io.write(`warning: ${warning}\n`);
    saveFailed = warning !== undefined;
  };
  if (loaded.warning) save();
  const newSeed = options.newSeed ?? randomSeed;

  const ask = async (prompt: string): Promise<string | undefined> => {
    io.write(prompt);
    const line = await io.readLine();
    return line;
  };

  const show = (last: LastMaze, solved: boolean): void => {
    const mazeOptions = last.kind === 'motd' ? mazeOfTheDayOptions(new Date(`${last.date}T00:00:00Z`)) : menuMazeOptions(last.width, last.height, last.seed);
    const generated: GeneratedMaze = generateMaze(mazeOptions);
    const { maze, entry, exit } = generated;
    const best = solved ? shortestPath(maze, entry, exit) : undefined;
    io.write('\n');
    io.write(drawForMenu({ maze, entry, exit, path: best?.cells, background: settings.background, foreground: settings.foreground }, options.colorMode));
    const title = last.kind === 'motd' ? `Maze of the Day ${last.date}` : 'maze';
    const solution = best ? `; solution: ${best.directions.length} moves` : '';
    io.write(`${title} ${maze.width}x${maze.height}, seed ${generated.seed}, start (${entry.x},${entry.y}) on the bottom row, end (${exit.x},${exit.y}) on the top row${solution}\n`);
  };

  const motd = (): LastMaze => {
    const o = mazeOfTheDayOptions(options.today);
    return { kind: 'motd', seed: String(o.seed), width: o.width, height: o.height, date: utcDateKey(options.today) };
  };

  const chooseColor = async (which: 'background' | 'foreground'): Promise<boolean> => {
    const other = which === 'background' ? 'foreground' : 'background';
    io.write(`colours: ${COLOR_NAMES.join(', ')}\n`);
    const answer = await ask(`${which} colour [name, Enter keeps ${settings[which]}]: `);
    if (answer === undefined) return false;
    if (answer.trim() === '') return true;
    const color: ColorName | undefined = parseColorName(answer.replace(/[-_]/g, ''));
    if (!color) io.write(`unknown colour '${answer.trim()}'; keeping ${settings[which]}\n`);
    else if (color === settings[other]) io.write(`the ${other} is already ${color}, so the maze would vanish; keeping ${settings[which]}\n`);
    else {
      settings = { ...settings, [which]: color };
      save();
      io.write(`${which} colour: ${color}\n`);
    }
    return true;
  };

  /** Options 3 and 6: a level or window by number or name; Enter keeps the current one. False at the end of input. */
  const choosePreset = async <T extends { name: string }>(
    key: 'complexity' | 'dimensions',
    items: readonly T[],
    label: (item: T) => string,
    apply: (item: T) => Partial<Settings>,
  ): Promise<boolean> => {
    io.write(`${key}: ${items.map((item, i) => `${i + 1} ${label(item)}`).join(', ')}\n`);
    const answer = await ask(`${key} [1-${items.length} or name, Enter keeps ${settings[key]}]: `);
    if (answer === undefined) return false;
    if (answer.trim() === '') return true;
    const item = pick(answer, items);
    if (!item) io.write(`unknown ${key} '${answer.trim()}'; keeping ${settings[key]}\n`);
    else {
      settings = { ...settings, ...apply(item) };
      save();
      const { width, height } = gridOf(settings);
      io.write(`${key}: ${item.name}, ${width}x${height} cells\n`);
    }
    return true;
  };

  while (true) {
    io.write(menuText(settings, options.today));
    const line = await ask('choice [0-8, Q]: ');
    if (line === undefined) break;
    // only case and outer spaces are forgiven: '-1' or '1-' is not choice 1
    const choice = line.trim().toLowerCase();
    if (choice === 'q' || choice === 'quit' || choice === 'exit') break;
    switch (choice) {
      case '0': {
        settings = { ...defaultSettings(), last: settings.last };
        save();
        io.write('settings reset to the defaults\n');
        break;
      }
      case '1': {
        const { width, height } = gridOf(settings);
        const last: LastMaze = { kind: 'random', seed: newSeed(), width, height };
        settings = { ...settings, last };
        save();
        show(last, false);
        break;
      }
      case '2': {
        if (!settings.last) io.write('no maze yet: choose 1 (new maze) or 7 (Maze of the Day) first\n');
        else show(settings.last, true);
        break;
      }
      case '3': {
        if (!(await choosePreset('complexity', COMPLEXITY_LEVELS, (l) => l.name, (l) => ({ complexity: l.name })))) return finish(io);
        break;
      }
      case '4':
      case '5': {
        if (!(await chooseColor(choice === '4' ? 'background' : 'foreground'))) return finish(io);
        break;
      }
      case '6': {
        if (!(await choosePreset('dimensions', DIMENSIONS, (d) => `${d.name} (${d.pixels}x${d.pixels})`, (d) => ({ dimensions: d.name })))) return finish(io);
        break;
      }
      case '7':
      case '8': {
        const last = motd();
        if (choice === '7') {
          settings = { ...settings, last };
          save();
        }
        show(last, choice === '8');
        break;
      }
      case '':
        break;
      default:
        io.write(`unknown choice '${line.trim()}': enter a number from 0 to 8, or Q to quit\n`);
    }
  }
  finish(io);
}

function finish(io: MenuIo): void {
  io.write('\nbye\n');
}
