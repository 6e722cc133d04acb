/**
 * The console menu of the C seed: 0 reset, 1 generate, 2 solution of the last maze,
 * 3 complexity, 4 background, 5 foreground, 6 dimensions, 7 Maze of the Day, 8 its
 * solution, then 9 difficulty level and 10 ends (issue 12), Q quit. Lines in, text out; every choice that changes a setting saves it.
 */
import { generateMaze, randomSeed, type GeneratedMaze, type Maze, type SquareMazeOptions } from 'mazegen';
import {
  COLOR_NAMES,
  COMPLEXITY_LEVELS,
  DIMENSIONS,
  gridForWindow,
  mazeOfTheDayOptions,
  parseColorName,
  utcDateKey,
  type ColorName,
} from 'mazegen/config';
import { shortestPath } from 'mazegen';
import { resolveTheme } from 'mazegen';
import { type ThemeName } from 'mazegen/render';
import { menuKey } from 'mazegen/internal';
import type { ColorDepth } from '../term/color.js';
import { CLEAR_SCREEN, fitLine, wrapText, type Surface } from '../term/screen.js';
import { drawForMenu, menuColorProblem, menuTheme } from './draw.js';
import {
  defaultSettings,
  ENDS_RULES,
  LEVEL_CHOICES,
  loadSettings,
  saveSettings,
  type EndsRule,
  type LastMaze,
  type Settings,
} from './settings.js';

export interface MenuIo {
  /** Next input line (without its newline), or undefined at end of input. */
  readLine(): Promise<string | undefined>;
  write(text: string): void;
  /** One line about the settings file that is not the menu's answer (the CLI puts it on stderr, prefixed). */
  warn(text: string): void;
}

export interface MenuOptions {
  settingsPath: string;
  depth: ColorDepth;
  /** --theme: the theme whose path, marks and 42 the menu uses (default: light or dark after the background). */
  theme?: ThemeName;
  /** The terminal's size, when the menu runs on one: each maze then clears the screen and fits it. */
  surface?: () => Surface;
  /** Today, for the Maze of the Day. */
  today: Date;
  /** Seeds for new mazes (random by default). */
  newSeed?: () => string;
}

/** Normalises a name for matching: case, spaces, '-' and '_' ignored. */
const squash = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

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

/** A menu maze: start on the bottom row, end on the top row (the MATLAB seed), DFS; or the ends' rule and a LEVEL. */
function menuMazeOptions(last: LastMaze): SquareMazeOptions {
  const ends: Pick<SquareMazeOptions, 'entry' | 'exit'> =
    last.ends === 'hardest'
      ? { entry: 'hardest', exit: 'hardest' }
      : { entry: 'bottom', exit: last.ends === 'farthest' ? 'farthest' : 'top' };
  return { width: last.width, height: last.height, seed: last.seed, ...ends, perfect: true, ...(last.level ? { level: last.level } : {}) };
}

/** What choice 10 offers, as the menu lists it. */
const ENDS_LABELS: Record<EndsRule, string> = {
  rows: 'rows (start on the bottom row, end on the top row)',
  farthest: 'farthest (end on the cell farthest from the start)',
  hardest: 'hardest (start and end on the two cells farthest apart)',
};

/** Where the maze's ends are, and what LEVEL kept, for the line under it. */
function endsAndLevel(generated: GeneratedMaze<Maze>): string {
  const { entry, exit, endpoints, level } = generated;
  const ends =
    endpoints?.rule === 'hardest'
      ? `start (${entry.x},${entry.y}) and end (${exit.x},${exit.y}) the two cells farthest apart, ${endpoints.distance} moves`
      : endpoints?.rule === 'farthest'
        ? `start (${entry.x},${entry.y}) on the bottom row, end (${exit.x},${exit.y}) the cell farthest from it, ${endpoints.distance} moves`
        : `start (${entry.x},${entry.y}) on the bottom row, end (${exit.x},${exit.y}) on the top row`;
  if (!level) return ends;
  const fit = level.inBand ? '' : `, the nearest of ${level.candidates} to its band`;
  return `${ends}, level ${level.level} (score ${level.score.toFixed(1)}${fit})`;
}

/** The choices in one paragraph, under a maze on a terminal (the full list would scroll it away). */
const SHORT_MENU =
  '0 reset  1 new  2 solution  3 complexity  4 background  5 foreground  S swap them  6 dimensions  7 Maze of the Day  8 its solution  9 level  10 ends  Q quit';
/** The same for a narrow terminal (Enter shows the full list). */
const TINY_MENU = '0-10, S, Q quit, Enter: the list';

/** The short menu's lines for a terminal `columns` wide. */
function shortMenu(columns: number | undefined): string[] {
  const lines = wrapText(SHORT_MENU, columns);
  return lines.length <= 2 ? lines : wrapText(TINY_MENU, columns);
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
    `  9  difficulty level    ${settings.level}`,
    ` 10  ends                ${ENDS_LABELS[settings.ends]}`,
    '  S  swap the background and foreground colours',
    '  Q  quit',
    '',
  ].join('\n');
}

/** Runs the menu until Q or the end of input. */
export async function runMenu(io: MenuIo, options: MenuOptions): Promise<void> {
  const loaded = loadSettings(options.settingsPath);
  if (loaded.warning) io.warn(loaded.warning);
  let settings = loaded.settings;
  let saveFailed = false;
  // Saved after each change, never on start: a run that only reads (or quits) leaves the file as it was.
  const save = (): void => {
    if (loaded.leaveAlone) return;
    const warning = saveSettings(options.settingsPath, settings);
    if (warning && !saveFailed) io.warn(warning);
    saveFailed = warning !== undefined;
  };
  const newSeed = options.newSeed ?? randomSeed;

  const ask = async (prompt: string): Promise<string | undefined> => {
    io.write(prompt);
    const line = await io.readLine();
    return line;
  };

  /** True right after a maze was drawn on a terminal: the short menu goes under it. */
  let mazeOnScreen = false;
  /** Enter asks for the full list of choices, whatever the terminal's size. */
  let fullList = false;
  const columns = () => options.surface?.().columns;
  /** The width lists wrap to: the terminal's, or 80 columns in a pipe. */
  const listColumns = () => columns() ?? 80;

  const show = (last: LastMaze, solved: boolean): void => {
    const mazeOptions = last.kind === 'motd' ? mazeOfTheDayOptions(new Date(`${last.date}T00:00:00Z`)) : menuMazeOptions(last);
    const generated: GeneratedMaze<Maze> = generateMaze(mazeOptions);
    const { maze, entry, exit } = generated;
    const best = solved ? shortestPath(maze, entry, exit) : undefined;
    const title = last.kind === 'motd' ? `Maze of the Day ${last.date}` : 'maze';
    const solution = best ? `; solution: ${best.directions.length} moves` : '';
    const info = `${title} ${maze.width}x${maze.height}, seed ${generated.seed}, ${endsAndLevel(generated)}${solution}`;
    let theme = menuTheme(settings.background, settings.foreground, options.theme);
    const problem = menuColorProblem(settings.background, settings.foreground, options.theme);
    const notes: string[] = [];
    if (problem) {
      // A settings file edited by hand may hold colours the menu would refuse: draw with the theme's own.
      theme = resolveTheme(options.theme ?? 'dark');
      notes.push(`note: ${problem}; drawn in the ${theme.name} theme's colours (choose 4 or 5 to change them)`);
    }
    const surface = options.surface?.();
    if (!surface) {
      io.write('\n');
      for (const note of notes) io.write(`${note}\n`);
      io.write(drawForMenu({ maze, entry, exit, path: best?.cells }, theme, options.depth).text!);
      io.write(`${info}\n`);
      return;
    }
    const below = [...notes, info].flatMap((line) => wrapText(line, surface.columns));
    // Kept free under the maze: its lines, the short menu, the prompt and the newline its answer echoes.
    const extraRows = below.length + shortMenu(surface.columns).length + 2;
    const drawing = drawForMenu({ maze, entry, exit, path: best?.cells }, theme, options.depth, surface, extraRows);
    io.write(CLEAR_SCREEN);
    if (drawing.text !== undefined) io.write(drawing.text);
    else below.unshift(...wrapText(`${drawing.problem}: choose 6 or 3 for a smaller maze`, surface.columns));
    io.write(below.map((line) => `${line}\n`).join(''));
    mazeOnScreen = true;
  };

  const motd = (): LastMaze => {
    const o = mazeOfTheDayOptions(options.today);
    return { kind: 'motd', seed: String(o.seed), width: o.width, height: o.height, date: utcDateKey(options.today) };
  };

  /** Why a new menu colour would hide part of the maze, naming the two roles. */
  const problem = (which: 'background' | 'foreground', color: ColorName): string | undefined => {
    const trial = { ...settings, [which]: color };
    return menuColorProblem(trial.background, trial.foreground, options.theme);
  };

  const chooseColor = async (which: 'background' | 'foreground'): Promise<boolean> => {
    const other = which === 'background' ? 'foreground' : 'background';
    io.write(
      wrapText(`colours: ${COLOR_NAMES.join(', ')}`, listColumns())
        .map((line) => `${line}\n`)
        .join(''),
    );
    const answer = await ask(`${which} colour [name, Enter keeps ${settings[which]}]: `);
    if (answer === undefined) return false;
    if (answer.trim() === '') return true;
    const color: ColorName | undefined = parseColorName(answer.replace(/[-_]/g, ''));
    if (!color) io.write(`unknown colour '${answer.trim()}'; keeping ${settings[which]}\n`);
    else if (color === settings[other])
      io.write(`the ${other} is already ${color}, so the maze would vanish; keeping ${settings[which]}\n`);
    else if (problem(which, color)) io.write(`${problem(which, color)}; keeping ${settings[which]}\n`);
    else {
      settings = { ...settings, [which]: color };
      save();
      io.write(`${which} colour: ${color}\n`);
    }
    return true;
  };

  /** Options 3, 6, 9 and 10: a preset by number or name; Enter keeps the current one. False at the end of input. */
  const choosePreset = async <T extends { name: string }>(
    key: 'complexity' | 'dimensions' | 'level' | 'ends',
    items: readonly T[],
    label: (item: T) => string,
    apply: (item: T) => Partial<Settings>,
  ): Promise<boolean> => {
    io.write(
      wrapText(`${key}: ${items.map((item, i) => `${i + 1} ${label(item)}`).join(', ')}`, listColumns())
        .map((line) => `${line}\n`)
        .join(''),
    );
    const answer = await ask(`${key} [1-${items.length} or name, Enter keeps ${settings[key]}]: `);
    if (answer === undefined) return false;
    if (answer.trim() === '') return true;
    const item = pick(answer, items);
    if (!item) io.write(`unknown ${key} '${answer.trim()}'; keeping ${settings[key]}\n`);
    else {
      settings = { ...settings, ...apply(item) };
      save();
      const { width, height } = gridOf(settings);
      io.write(
        key === 'complexity' || key === 'dimensions' ? `${key}: ${item.name}, ${width}x${height} cells\n` : `${key}: ${item.name}\n`,
      );
    }
    return true;
  };

  while (true) {
    const surface = options.surface?.();
    if (surface && !fullList && (mazeOnScreen || (surface.rows !== undefined && surface.rows < 16)))
      io.write(
        shortMenu(surface.columns)
          .map((line) => `${line}\n`)
          .join(''),
      );
    else
      io.write(
        menuText(settings, options.today)
          .split('\n')
          .map((line) => fitLine(line, surface?.columns))
          .join('\n'),
      );
    mazeOnScreen = false;
    fullList = false;
    const line = await ask('choice [0-10, S, Q]: ');
    if (line === undefined) break;
    // only case and outer spaces are forgiven: '-1' or '1-' is not choice 1
    // The AZERTY digit row's & é " ' ( are 1-5, as in the seed's window.
    const choice = menuKey(line.trim()).toLowerCase();
    if (choice === 'q' || choice === 'quit' || choice === 'exit') break;
    switch (choice) {
      case '0': {
        const sure = await ask('reset every setting to its default? [y/N]: ');
        if (sure === undefined) return finish(io);
        if (!/^\s*y(es)?\s*$/i.test(sure)) {
          io.write('settings kept\n');
          break;
        }
        settings = { ...defaultSettings(), last: settings.last };
        save();
        io.write('settings reset to the defaults\n');
        break;
      }
      case '1': {
        const { width, height } = gridOf(settings);
        const last: LastMaze = {
          kind: 'random',
          seed: newSeed(),
          width,
          height,
          ...(settings.level !== 'none' ? { level: settings.level } : {}),
          ...(settings.ends !== 'rows' ? { ends: settings.ends } : {}),
        };
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
        if (
          !(await choosePreset(
            'complexity',
            COMPLEXITY_LEVELS,
            (l) => l.name,
            (l) => ({ complexity: l.name }),
          ))
        )
          return finish(io);
        break;
      }
      case 's':
      case 'swap': {
        settings = { ...settings, background: settings.foreground, foreground: settings.background };
        save();
        io.write(`colours swapped: background ${settings.background}, foreground ${settings.foreground}\n`);
        break;
      }
      case '4':
      case '5': {
        if (!(await chooseColor(choice === '4' ? 'background' : 'foreground'))) return finish(io);
        break;
      }
      case '6': {
        if (
          !(await choosePreset(
            'dimensions',
            DIMENSIONS,
            (d) => `${d.name} (${d.pixels}x${d.pixels})`,
            (d) => ({ dimensions: d.name }),
          ))
        )
          return finish(io);
        break;
      }
      case '9': {
        const levels = LEVEL_CHOICES.map((name) => ({ name }));
        if (
          !(await choosePreset(
            'level',
            levels,
            (l) => l.name,
            (l) => ({ level: l.name }),
          ))
        )
          return finish(io);
        break;
      }
      case '10': {
        const rules = ENDS_RULES.map((name) => ({ name }));
        if (
          !(await choosePreset(
            'ends',
            rules,
            (r) => ENDS_LABELS[r.name],
            (r) => ({ ends: r.name }),
          ))
        )
          return finish(io);
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
        fullList = true;
        break;
      default:
        io.write(`unknown choice '${line.trim()}': enter a number 0-10, S to swap colours, or Q to quit\n`);
    }
  }
  finish(io);
}

function finish(io: MenuIo): void {
  io.write('\nbye\n');
}
