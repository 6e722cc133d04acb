/**
 * `a-maze-ing validate FILE [--config CFG]`: checks a hex maze file against every rule
 * (SPEC 4 and 5), one line per broken rule, exit 1 if any.
 */
import { createProgress } from '../progress.js';
import { FormatError, hardestPair, parseHex, validate, type Maze, type Point } from 'mazegen';
import { type ConfigOptions } from 'mazegen/config';
import { bfsPass, type ValidateOptions } from 'mazegen/internal';
import { readTextFile } from '../read-input.js';
import { loadConfig } from './generate.js';
import { isGraphFile, validateGraphFile } from '../graph-file.js';
import { printUnreadable, printVerdict, type Problem } from '../validate-report.js';

/** Hex files up to this size are read (a V8 string holds a little under 512 MiB). */
const MAX_MAZE_FILE_BYTES = 500 * 1024 * 1024;

export interface ValidateFlags {
  config?: string;
  /** One JSON object on stdout instead of the lines. */
  json?: boolean;
}

/** Rewrites the footer's entry and exit from 1-based to 0-based, leaving anything malformed for parseHex to report. */
function footerToZeroBased(text: string): string {
  const lines = text.split('\n');
  const blank = lines.findIndex((l) => l.trim() === '');
  if (blank < 0) return text;
  for (const i of [blank + 1, blank + 2]) {
    const m = i < lines.length ? /^(\s*)(-?\d+),(-?\d+)(\s*)$/.exec(lines[i]) : null;
    if (m) lines[i] = `${m[1]}${Number(m[2]) - 1},${Number(m[3]) - 1}${m[4]}`;
  }
  return lines.join('\n');
}

/** A footer written with INDEX_BASE=1 fails to parse as 0-based; say how to read it. */
function oneBasedHint(text: string): string {
  try {
    parseHex(footerToZeroBased(text));
    return '; counting from 1 the entry and exit fit: pass --config with the INDEX_BASE=1 config the file was made from';
  } catch {
    return '';
  }
}

function onSide(p: Point, side: string, width: number, height: number): boolean {
  return side === 'top' ? p.y === 0 : side === 'bottom' ? p.y === height - 1 : side === 'left' ? p.x === 0 : p.x === width - 1;
}

/** EXIT=farthest or ENTRY=EXIT=hardest: the ends' distance against the best possible, or a problem. */
function endpointProblem(
  maze: Maze,
  rule: 'farthest' | 'hardest',
  entry: Point,
  exit: Point,
  show: (p: Point) => string,
): Problem | undefined {
  const fromEntry = bfsPass(maze, entry.y * maze.width + entry.x);
  const distance = fromEntry.dist[exit.y * maze.width + exit.x];
  const best = rule === 'farthest' ? fromEntry.eccentricity : hardestPair(maze, entry.y * maze.width + entry.x).distance;
  if (distance === best) return undefined;
  const what = rule === 'farthest' ? `a cell ${best} moves from the entry exists` : `two cells ${best} moves apart exist`;
  return {
    rule: 'config',
    message: `the config asks for ${rule === 'farthest' ? 'EXIT=farthest' : 'ENTRY=EXIT=hardest'}, but ${show(entry)} and ${show(exit)} are ${distance} moves apart and ${what}`,
  };
}

/** Where the file disagrees with the config it should have been made from. */
function configProblems(config: ConfigOptions, maze: Maze, entry: Point, exit: Point): Problem[] {
  const { width, height } = maze;
  const problems: Problem[] = [];
  const base = config.indexBase;
  const show = (p: Point) => `(${p.x + base},${p.y + base})`;
  if (width !== config.width || height !== config.height) {
    problems.push({ rule: 'config', message: `the maze is ${width}x${height}, the config asks for ${config.width}x${config.height}` });
    return problems;
  }
  if (config.exit === 'farthest' || config.exit === 'hardest') {
    const problem = endpointProblem(maze, config.exit, entry, exit, show);
    if (problem) problems.push(problem);
  }
  for (const [name, found, wanted] of [
    ['entry', entry, config.entry],
    ['exit', exit, config.exit],
  ] as const) {
    if (wanted === 'farthest' || wanted === 'hardest') continue;
    if (typeof wanted === 'string') {
      if (!onSide(found, wanted, width, height))
        problems.push({ rule: 'config', message: `the ${name} ${show(found)} is not on the ${wanted} side the config asks for` });
    } else if (found.x !== wanted.x || found.y !== wanted.y) {
      problems.push({ rule: 'config', message: `the ${name} is ${show(found)}, the config asks for ${show(wanted)}` });
    }
  }
  return problems;
}

export function validateCommand(file: string, flags: ValidateFlags): number {
  const config = flags.config !== undefined ? loadConfig(flags.config) : undefined;
  const json = flags.json === true;
  if (isGraphFile(file)) return validateGraphFile(file, config, flags.config, json);
  let text = readTextFile(file, {
    what: 'maze file',
    maxBytes: MAX_MAZE_FILE_BYTES,
    expected: 'rows of hex digits, a blank line, entry, exit and path',
    // A first line that is not hex digits fails the parse on line 1: no need to read on.
    refuseEarly: (head) => !/^(\ufeff)?[0-9A-Fa-f]+\r?$/.test(head),
  });
  if (config?.indexBase === 1) text = footerToZeroBased(text);
  let parsed;
  try {
    parsed = parseHex(text);
  } catch (error) {
    if (error instanceof FormatError) return printUnreadable(file, `${error.message}${config ? '' : oneBasedHint(text)}`, json);
    throw error;
  }
  const { maze, entry, exit, path } = parsed;
  const options: ValidateOptions = { entry, exit, path };
  if (config) {
    options.perfect = config.perfect;
    options.braid = config.braid;
    options.pattern = config.pattern === '42';
  }
  const progress = createProgress();
  progress.start('check', 1);
  let problems: Problem[];
  try {
    problems = [
      ...(config ? configProblems(config, maze, entry, exit) : []),
      ...validate(maze, { ...options, onProgress: progress.enabled ? (done, total) => progress.update(done, total) : undefined }),
    ];
  } finally {
    progress.stop();
  }
  const base = config?.indexBase ?? 0;
  const as = config
    ? ` as ${flags.config} asks (PERFECT=${config.perfect ? 'True' : 'False'}, PATTERN=${config.pattern})`
    : ' (no config: perfect or not, the 42 pattern checked where present)';
  const ok =
    `${maze.width}x${maze.height} maze, entry ${entry.x + base},${entry.y + base}, exit ${exit.x + base},${exit.y + base}, ` +
    `a shortest path of ${path.length} move${path.length === 1 ? '' : 's'}; every rule holds${as}`;
  return printVerdict(file, problems, ok, json, 'square');
}
