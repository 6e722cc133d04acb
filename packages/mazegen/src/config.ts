// One file, though long: the config format's key table and its value parsers are one grammar;
// the keys' table drives both the parser and the help text.
/**
 * The KEY=VALUE config file (SPEC 2 and 3): a pure parser from text to typed options.
 * Every problem is a ConfigError naming the file, the line, the key and what is expected.
 */
import { ConfigError, OptionError, UnknownAlgorithmError } from './errors.js';
import {
  SIDES,
  type EndSpec,
  type EndpointRule,
  type GridMazeRequest,
  type GridSide,
  type SquareMazeOptions,
  type Side,
  ENDPOINT_RULES,
} from './generate-options.js';
import { MAX_CELLS, Maze, type Point } from './maze.js';
import { LEVEL_CANDIDATES, LEVELS, type Level } from './levels.js';
import { createRng } from './rng.js';
import { isPatternCell, patternFits, patternOrigin, PATTERN_HEIGHT, PATTERN_WIDTH } from './pattern.js';
import { COLOR_NAMES } from './presets.js';
import {
  describeClash,
  parseThemeName,
  resolveColor,
  resolveTheme,
  themeClashes,
  THEME_NAMES,
  type Theme,
  type ThemeName,
  type ThemeRole,
} from './render/theme.js';
import { resolveGenerator, resolveSolver } from './registry.js';
import { didYouMean, editDistance } from './suggest.js';
import { resolveGridKind, resolveWrap } from './grid/create.js';
import { resolveOutline, type MaskData, type OutlineName } from './grid/mask.js';
import { DEFAULT_FIRST_RING } from './grid/polar.js';
import type { GridKind, Wrap } from './grid/topology.js';
import { ownEntry } from './own-entry.js';

/** A config file larger than this is refused before it is parsed (1 MiB). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** The options a config file holds, checked and typed. Coordinates are 0-based here. */
export interface ConfigOptions {
  /** The file name the text came from, for messages. */
  file?: string;
  width: number;
  height: number;
  /** 0-based point, a side whose cell is picked from the seed, or a rule ('hardest'; 'farthest' for the exit only). */
  /** On the polar grid also 'centre' or 'outer' (only there). */
  entry: EndSpec;
  exit: EndSpec;
  outputFile: string;
  /** GRID: square (default), hex, triangle, polar. */
  grid: GridKind;
  /** WRAP: none (default), x, y, xy. */
  wrap: Wrap;
  /** MASK: the mask file's path as written (the CLI reads it); WIDTH and HEIGHT may then be 0, taken from the mask. */
  mask?: string;
  /** SHAPE: a built-in outline. */
  shape?: OutlineName;
  perfect: boolean;
  /** Seed text; undefined = a random seed. Integers are normalised (`007` = `7`). */
  seed?: string;
  /** Canonical generator name. */
  generator: string;
  /** Canonical solver name. */
  solver: string;
  /** The base ENTRY/EXIT were written in; the output footer uses it too. */
  indexBase: 0 | 1;
  /** % of dead ends removed when perfect is false. */
  braid: number;
  /** DFS direction bias 1..10 (5 = even). */
  difficulty: number;
  /** Generator variant (Growing Tree's method, Binary Tree's corner); undefined = its default. */
  variant?: string;
  pattern: '42' | 'none';
  /** LEVEL: keep a maze of this difficulty band among candidates made from the seed; undefined = the seed's own maze. */
  level?: Level;
  /** The theme the terminal draws with; undefined = auto (light or dark from the terminal). */
  theme?: ThemeName;
  /** Colour overrides as '#rrggbb'; undefined = the theme's. */
  wallColor?: string;
  patternColor?: string;
  pathColor?: string;
  /** The line each key was set on, by canonical key name. */
  lines: Readonly<Record<string, number>>;
}

/** One config key, for parsing, `--help` and the docs. */
export interface ConfigKeyInfo {
  key: string;
  aliases: readonly string[];
  mandatory: boolean;
  /** The value's shape, for help text. */
  value: string;
  /** Default where optional. */
  default?: string;
  description: string;
}

/** What the colour keys default to: the theme's own colour for that role. */
export const DEFAULT_WALL_COLOR = "the theme's";
export const DEFAULT_PATTERN_COLOR = "the theme's";
export const DEFAULT_PATH_COLOR = "the theme's";

/** Every key the parser knows, in the order help text lists them. */
export const CONFIG_KEYS: readonly ConfigKeyInfo[] = [
  { key: 'WIDTH', aliases: [], mandatory: true, value: 'integer >= 1', description: 'maze width in cells' },
  { key: 'HEIGHT', aliases: [], mandatory: true, value: 'integer >= 1', description: 'maze height in cells' },
  {
    key: 'ENTRY',
    aliases: ['START'],
    mandatory: true,
    value: 'x,y | top | bottom | left | right | hardest',
    description:
      'entry cell (x = column, y = row), or a side: a cell on it picked from the seed; hardest (with EXIT=hardest): the two cells farthest apart',
  },
  {
    key: 'EXIT',
    aliases: ['END'],
    mandatory: true,
    value: 'x,y | top | bottom | left | right | farthest | hardest',
    description: 'exit cell, like ENTRY; must differ from it; farthest: the cell farthest from the entry',
  },
  {
    key: 'OUTPUT_FILE',
    aliases: ['OUTPUT'],
    mandatory: true,
    value: 'path',
    description: 'where the hex maze file is written (relative to the current directory)',
  },
  {
    key: 'PERFECT',
    aliases: [],
    mandatory: true,
    value: 'True | False (also 1/0, yes/no)',
    description: 'True: one path between any two cells; False: a Pac-Man board with loops',
  },
  {
    key: 'SEED',
    aliases: [],
    mandatory: false,
    value: 'integer or any text',
    default: 'random (printed)',
    description: 'the same seed and config give the same maze, byte for byte',
  },
  {
    key: 'GENERATOR',
    aliases: ['ALGORITHM'],
    mandatory: false,
    value: 'name',
    default: 'DFS',
    description: 'generation algorithm (case, spaces, - and _ ignored)',
  },
  {
    key: 'SOLVER',
    aliases: [],
    mandatory: false,
    value: 'name',
    default: 'AStar',
    description: 'solving algorithm; the output file always holds a shortest path',
  },
  {
    key: 'INDEX_BASE',
    aliases: [],
    mandatory: false,
    value: '0 | 1',
    default: '0',
    description: 'whether ENTRY/EXIT (and the output footer) count from 0 or from 1',
  },
  {
    key: 'BRAID',
    aliases: [],
    mandatory: false,
    value: '0..100',
    default: '100',
    description: '% of dead ends removed when PERFECT=False',
  },
  {
    key: 'DIFFICULTY',
    aliases: [],
    mandatory: false,
    value: '1..10',
    default: '5',
    description: 'DFS direction bias: below 5 favours north, above 5 the other three',
  },
  {
    key: 'VARIANT',
    aliases: ['MODE'],
    mandatory: false,
    value: 'name',
    default: "the generator's own",
    description: 'generator variant: GrowingTree newest | random | oldest | mix | newest:P | oldest:P, BinaryTree NE | NW | SE | SW',
  },
  {
    key: 'PATTERN',
    aliases: [],
    mandatory: false,
    value: '42 | none',
    default: '42',
    description: "draw the '42' in closed cells where the maze is at least 9x7",
  },
  {
    key: 'GRID',
    aliases: ['TOPOLOGY'],
    mandatory: false,
    value: 'square | hex | triangle | polar (also sigma, hexagonal, delta, triangular, theta, circular)',
    default: 'square',
    description: "the grid; on polar WIDTH is the first ring's cell count (default 6) and HEIGHT the rings around the centre",
  },
  {
    key: 'WRAP',
    aliases: [],
    mandatory: false,
    value: 'none | x | y | xy',
    default: 'none',
    description: 'join opposite edges (square and hex grids): x a cylinder, xy a torus; the maze is then written as graph JSON',
  },
  {
    key: 'MASK',
    aliases: [],
    mandatory: false,
    value: 'path of a text mask or a .png',
    description:
      'text: one character a cell, X or # = no cell; PNG: dark or transparent pixels = no cell; WIDTH and HEIGHT may be left out',
  },
  {
    key: 'SHAPE',
    aliases: ['OUTLINE'],
    mandatory: false,
    value: 'circle | hexagon | triangle | diamond | heart',
    description: 'a built-in outline: cells outside it are not part of the maze',
  },
  {
    key: 'LEVEL',
    aliases: [],
    mandatory: false,
    value: 'easy | medium | hard | expert',
    default: "the seed's own maze",
    description: `of up to ${LEVEL_CANDIDATES} candidates made from the seed, keep the first whose difficulty score is in the level's quarter of its generator's measured scores (docs/analysis.md)`,
  },
  {
    key: 'THEME',
    aliases: [],
    mandatory: false,
    value: `auto | ${THEME_NAMES.join(' | ')}`,
    default: 'auto',
    description: 'colours of the terminal drawing; auto: light or dark from COLORFGBG, dark where it is unset',
  },
  {
    key: 'WALL_COLOR',
    aliases: ['WALL_COLOUR'],
    mandatory: false,
    value: 'colour name or #rrggbb',
    default: DEFAULT_WALL_COLOR,
    description: 'terminal wall colour (3:1 against the background, unlike the other roles)',
  },
  {
    key: 'PATTERN_COLOR',
    aliases: ['PATTERN_COLOUR'],
    mandatory: false,
    value: 'colour name or #rrggbb',
    default: DEFAULT_PATTERN_COLOR,
    description: "terminal colour of the '42' cells",
  },
  {
    key: 'PATH_COLOR',
    aliases: ['PATH_COLOUR'],
    mandatory: false,
    value: 'colour name or #rrggbb',
    default: DEFAULT_PATH_COLOR,
    description: 'terminal colour of the path',
  },
];

const MANDATORY_KEYS = CONFIG_KEYS.filter((k) => k.mandatory).map((k) => k.key);

/** Canonical key for every spelling (upper case, '-' and spaces read as '_'). */
const KEY_LOOKUP = new Map<string, string>();
for (const info of CONFIG_KEYS) {
  KEY_LOOKUP.set(info.key, info.key);
  for (const alias of info.aliases) KEY_LOOKUP.set(alias, info.key);
}

function normalizeKey(key: string): string {
  return key
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
}

const TRUE_WORDS = ['true', '1', 'yes'];
const FALSE_WORDS = ['false', '0', 'no'];
const SIDE_ALIASES: Readonly<Record<string, Side>> = {
  top: 'top',
  bottom: 'bottom',
  left: 'left',
  right: 'right',
  north: 'top',
  south: 'bottom',
  west: 'left',
  east: 'right',
};

/** Where a problem is: the file, and the line and key when known. */
interface Where {
  file?: string;
  line?: number;
  key?: string;
}

/** A short, printable rendering of user text for messages. */
/** Words longer than this get no did-you-mean (the distance costs their length per candidate). */
const MAX_TYPO_LENGTH = 64;

function quote(text: string): string {
  // A long value is cut, with its length, so a message stays one short line.
  const shown = text.length > 40 ? `${text.slice(0, 37)}... (${text.length} characters)` : text;
  return `'${shown}'`;
}

/** The first byte that makes the text binary: NUL, other control bytes, DEL, or U+FFFD from undecodable bytes. */
function findBinary(text: string): { index: number; code: number } | undefined {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127 || code === 0xfffd) return { index: i, code };
  }
  return undefined;
}

function lineAndColumn(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < index; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: index - lineStart + 1 };
}

/** Removes one pair of matching surrounding quotes, so OUTPUT_FILE="my maze.txt" works. */
function unquote(value: string): string {
  if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value[value.length - 1] === value[0]) return value.slice(1, -1);
  return value;
}

function commentHint(value: string): string {
  return value.includes('#') ? " (a '#' starts a comment only at the start of a line or after a space or tab; write VALUE  # comment)" : '';
}

/**
 * A line's value without its comment: a '#' after a space or tab starts one (a '#' right
 * after '=' or inside a word does not: PATH_COLOR=#ff0000, SEED=a#1). A value that must hold
 * ' #' is quoted: OUTPUT_FILE="maze #1.txt" keeps what is between the quotes.
 */
export function stripComment(value: string): string {
  const text = value.trim();
  const q = text[0];
  if (q === '"' || q === "'") {
    const close = text.indexOf(q, 1);
    if (close > 0) {
      const rest = text.slice(close + 1);
      if (rest.trim() === '' || /^\s+#/.test(rest)) return text.slice(0, close + 1);
    }
  }
  const at = text.search(/[ \t]#/);
  return (at < 0 ? text : text.slice(0, at)).trim();
}

function parseWholeNumber(value: string): number | undefined {
  if (!/^\+?\d+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : Infinity;
}

function parseSize(key: string, value: string, where: Where): number {
  const n = parseWholeNumber(value);
  if (n === undefined) {
    const hint = /^-\d+$/.test(value) ? '; sizes count cells, so they are positive' : commentHint(value);
    throw new ConfigError(`${key} must be a whole number of cells >= 1, got ${quote(value)}${hint}`, where);
  }
  if (n < 1) throw new ConfigError(`${key} must be at least 1 cell, got ${value}`, where);
  if (n > MAX_CELLS)
    throw new ConfigError(`${key} is ${Number.isFinite(n) ? n : value}; a maze holds at most ${MAX_CELLS} cells in all`, where);
  return n;
}

function parseRange(key: string, value: string, min: number, max: number, where: Where): number {
  const n = parseWholeNumber(value);
  if (n === undefined || n < min || n > max) {
    const expected = max === min + 1 ? `${min} or ${max}` : `a whole number from ${min} to ${max}`;
    throw new ConfigError(`${key} must be ${expected}, got ${quote(value)}${commentHint(value)}`, where);
  }
  return n;
}

function parseBoolean(key: string, value: string, where: Where): boolean {
  const word = value.toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  throw new ConfigError(`${key} must be True or False (also 1/0, yes/no; any case), got ${quote(value)}${commentHint(value)}`, where);
}

function parseColor(key: string, value: string, where: Where): string {
  try {
    return resolveColor(value, key);
  } catch {
    throw new ConfigError(
      `${key} must be a colour name (${COLOR_NAMES.join(', ')}) or #rrggbb, got ${quote(value)}${commentHint(value)}`,
      where,
    );
  }
}

/** `x,y` (spaces and surrounding parentheses allowed) as numbers in the config's base, or a side. */
function parsePointSyntax(key: string, value: string, where: Where): EndSpec {
  const side = ownEntry(SIDE_ALIASES, value.toLowerCase());
  if (side) return side;
  // The polar grid's names; pass 3 refuses them on other grids.
  if (['centre', 'center', 'outer'].includes(value.toLowerCase()))
    return (value.toLowerCase() === 'center' ? 'centre' : value.toLowerCase()) as EndSpec;
  const rule = value.toLowerCase();
  if ((ENDPOINT_RULES as readonly string[]).includes(rule)) return rule as EndpointRule;
  const m = /^\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?$/.exec(value);
  if (!m) {
    throw new ConfigError(
      `${key} must be x,y (two whole numbers, for example 0,0), a side (${SIDES.join(', ')}) or a rule (${ENDPOINT_RULES.join(', ')}), got ${quote(value)}${commentHint(value)}`,
      where,
    );
  }
  return { x: Number(m[1]), y: Number(m[2]) };
}

function describePoint(p: Point): string {
  return `(${p.x},${p.y})`;
}

/** Checks a point written in `base` against the maze; returns it 0-based. */
function checkPoint(key: string, p: Point, width: number, height: number, base: 0 | 1, where: Where): Point {
  const fits = (q: Point, b: number) => q.x >= b && q.y >= b && q.x < width + b && q.y < height + b;
  if (!fits(p, base)) {
    const other = base === 0 ? 1 : 0;
    const hint = fits(p, other) ? `; counting from ${other} it fits: set INDEX_BASE=${other} if your coordinates start at ${other}` : '';
    throw new ConfigError(
      `${key} ${describePoint(p)} is outside the ${width}x${height} maze: x must be ${base}..${width - 1 + base} and y ${base}..${height - 1 + base} (INDEX_BASE=${base})${hint}`,
      where,
    );
  }
  return { x: p.x - base, y: p.y - base };
}

/** Seed text as it is hashed: an integer is the number however written (007, +7 and 7 agree); other text is kept. */
export function normalizeSeed(seed: string): string {
  return /^[+-]?\d+$/.test(seed) ? BigInt(seed).toString() : seed;
}

/** Adds the config's base back, for messages and the output footer. */
export function toConfigBase(p: Point, indexBase: 0 | 1): Point {
  return { x: p.x + indexBase, y: p.y + indexBase };
}

/**
 * Parses a config file's text. `file` names it in messages. Throws ConfigError for
 * every problem; the returned options are complete (defaults filled in) and 0-based.
 */
export function parseConfig(text: string, file?: string): ConfigOptions {
  const at = (line?: number, key?: string): Where => ({ file, line, key });
  if (text.length > MAX_CONFIG_BYTES) {
    throw new ConfigError(`the config is ${text.length} characters; a config file holds at most ${MAX_CONFIG_BYTES} bytes (1 MiB)`, at());
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const junk = findBinary(text);
  if (junk) {
    const { line, column } = lineAndColumn(text, junk.index);
    const what = junk.code === 0xfffd ? 'bytes that are not UTF-8 text' : `binary byte 0x${junk.code.toString(16).padStart(2, '0')}`;
    throw new ConfigError(`${what} at column ${column}: a config file is plain text, one KEY=VALUE per line`, at(line));
  }

  // Pass 1: the lines, their keys and values.
  const raw = new Map<string, { value: string; line: number; spelled: string }>();
  const lines = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i].trim();
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq < 0) throw new ConfigError(`expected KEY=VALUE, got ${quote(line)} (no '=')`, at(lineNo));
    const spelled = line.slice(0, eq).trim();
    const value = stripComment(line.slice(eq + 1));
    if (spelled === '') throw new ConfigError(`expected KEY=VALUE, got ${quote(line)} (no key before '=')`, at(lineNo));
    const key = KEY_LOOKUP.get(normalizeKey(spelled));
    if (!key) throw new ConfigError(unknownKeyMessage(spelled), at(lineNo, spelled));
    const before = raw.get(key);
    if (before) {
      const same = before.spelled.toUpperCase() === spelled.toUpperCase() ? key : `${key} (as ${before.spelled} and ${spelled})`;
      throw new ConfigError(`${same} is set twice, on line ${before.line} and line ${lineNo}; keep one`, at(lineNo, key));
    }
    if (value === '') {
      const info = CONFIG_KEYS.find((k) => k.key === key)!;
      const drop = info.mandatory ? '' : ' (or remove the line for the default)';
      throw new ConfigError(`${key} has no value; expected ${info.value}${drop}`, at(lineNo, key));
    }
    raw.set(key, { value, line: lineNo, spelled });
  }

  if (raw.size === 0) {
    throw new ConfigError(`the config has no settings; expected KEY=VALUE lines for ${MANDATORY_KEYS.join(', ')}`, at());
  }
  // A mask gives WIDTH and HEIGHT; the polar grid has a default first ring.
  const polar = raw.has('GRID') && gridKindOrUndefined(raw.get('GRID')!.value) === 'polar';
  const optionalSize = (key: string) => (raw.has('MASK') && !polar && (key === 'WIDTH' || key === 'HEIGHT')) || (polar && key === 'WIDTH');
  const missing = MANDATORY_KEYS.filter((k) => !raw.has(k) && !optionalSize(k));
  if (missing.length > 0) {
    const list = missing.length === 1 ? `key ${missing[0]}` : `keys ${missing.join(', ')}`;
    throw new ConfigError(`missing mandatory ${list}; a config needs ${MANDATORY_KEYS.join(', ')}`, at(undefined, missing[0]));
  }

  // Pass 2: each value, in line order so the first bad line is the one reported.
  const lineOf: Record<string, number> = {};
  for (const [key, { line }] of raw) lineOf[key] = line;
  const config: ConfigOptions = {
    file,
    width: 0,
    height: 0,
    entry: { x: 0, y: 0 },
    exit: { x: 0, y: 0 },
    outputFile: '',
    perfect: true,
    generator: resolveGenerator('DFS').name,
    solver: resolveSolver('AStar').name,
    indexBase: 0,
    braid: 100,
    difficulty: 5,
    pattern: '42',
    grid: 'square',
    wrap: 'none',
    lines: lineOf,
  };
  if (polar && !raw.has('WIDTH')) config.width = DEFAULT_FIRST_RING;
  const entries = [...raw].sort((a, b) => a[1].line - b[1].line);
  for (const [key, { value, line }] of entries) {
    const where = at(line, key);
    switch (key) {
      case 'WIDTH':
        config.width = parseSize(key, value, where);
        break;
      case 'HEIGHT':
        config.height = parseSize(key, value, where);
        break;
      case 'ENTRY':
        config.entry = parsePointSyntax(key, value, where);
        break;
      case 'EXIT':
        config.exit = parsePointSyntax(key, value, where);
        break;
      case 'OUTPUT_FILE':
        config.outputFile = unquote(value);
        if (config.outputFile.trim() === '') throw new ConfigError('OUTPUT_FILE is empty; expected a file path', where);
        break;
      case 'PERFECT':
        config.perfect = parseBoolean(key, value, where);
        break;
      case 'SEED': {
        const seed = unquote(value);
        if (seed === '') throw new ConfigError('SEED is empty; give an integer or some text, or remove the line for a random seed', where);
        config.seed = normalizeSeed(seed);
        break;
      }
      case 'GENERATOR':
        config.generator = resolveAlgorithm(key, value, where, resolveGenerator);
        break;
      case 'SOLVER':
        config.solver = resolveAlgorithm(key, value, where, resolveSolver);
        break;
      case 'INDEX_BASE':
        config.indexBase = parseRange(key, value, 0, 1, where) as 0 | 1;
        break;
      case 'BRAID':
        config.braid = parseRange(key, value, 0, 100, where);
        break;
      case 'DIFFICULTY':
        config.difficulty = parseRange(key, value, 1, 10, where);
        break;
      case 'VARIANT':
        if (value === '') throw new ConfigError('VARIANT is empty; give a variant name or remove the line', where);
        config.variant = value;
        break;
      case 'PATTERN': {
        const word = value.toLowerCase();
        if (word !== '42' && word !== 'none') throw new ConfigError(`PATTERN must be 42 or none, got ${quote(value)}`, where);
        config.pattern = word;
        break;
      }
      case 'LEVEL': {
        const word = value.toLowerCase();
        if (!(LEVELS as readonly string[]).includes(word))
          throw new ConfigError(`LEVEL must be one of ${LEVELS.join(', ')}, got ${quote(value)}${didYouMean(value, LEVELS)}`, where);
        config.level = word as Level;
        break;
      }
      case 'GRID':
        config.grid = fromOption(() => resolveGridKind(value), where);
        break;
      case 'WRAP':
        config.wrap = fromOption(() => resolveWrap(value), where);
        break;
      case 'MASK':
        config.mask = unquote(value);
        break;
      case 'SHAPE':
        config.shape = fromOption(() => resolveOutline(value), where);
        break;
      case 'THEME': {
        if (value.toLowerCase() === 'auto') break;
        const theme = parseThemeName(value);
        if (!theme)
          throw new ConfigError(
            `THEME must be auto or one of ${THEME_NAMES.join(', ')}, got ${quote(value)}${didYouMean(value, THEME_NAMES) || commentHint(value)}`,
            where,
          );
        config.theme = theme;
        break;
      }
      case 'WALL_COLOR':
        config.wallColor = parseColor(key, value, where);
        break;
      case 'PATTERN_COLOR':
        config.patternColor = parseColor(key, value, where);
        break;
      case 'PATH_COLOR':
        config.pathColor = parseColor(key, value, where);
        break;
    }
  }

  // Pass 3: what needs several keys together.
  if (config.variant !== undefined) checkVariant(config.generator, config.variant, at(lineOf.VARIANT, 'VARIANT'));
  if (!isPlainSquareConfig(config)) return checkGridConfig(config, at);
  const { width, height, indexBase } = config;
  if (width * height > MAX_CELLS) {
    throw new ConfigError(
      `WIDTH x HEIGHT = ${width}x${height} is ${width * height} cells; a maze holds at most ${MAX_CELLS} (for example ${Math.floor(Math.sqrt(MAX_CELLS))}x${Math.floor(Math.sqrt(MAX_CELLS))})`,
      at(lineOf.HEIGHT, 'HEIGHT'),
    );
  }
  for (const key of ['ENTRY', 'EXIT'] as const) {
    const spec = key === 'ENTRY' ? config.entry : config.exit;
    if (typeof spec === 'string') continue;
    const point = checkPoint(key, spec, width, height, indexBase, at(lineOf[key], key));
    if (config.pattern === '42' && patternFits(width, height) && isPatternCell(width, height, point.x, point.y)) {
      const o = toConfigBase(patternOrigin(width, height), indexBase);
      throw new ConfigError(
        `${key} ${describePoint(spec)} is on the 42 pattern (its closed cells lie in x ${o.x}..${o.x + PATTERN_WIDTH - 1}, y ${o.y}..${o.y + PATTERN_HEIGHT - 1}); choose another cell or set PATTERN=none`,
        at(lineOf[key], key),
      );
    }
    if (key === 'ENTRY') config.entry = point;
    else config.exit = point;
  }
  const { entry, exit } = config;
  if (entry === 'farthest') {
    throw new ConfigError(
      "ENTRY cannot be 'farthest' (it is measured from the entry); use EXIT=farthest, or ENTRY=hardest with EXIT=hardest",
      at(lineOf.ENTRY, 'ENTRY'),
    );
  }
  if ((entry === 'hardest') !== (exit === 'hardest')) {
    const [key, other] = entry === 'hardest' ? ['EXIT', 'ENTRY'] : ['ENTRY', 'EXIT'];
    throw new ConfigError(
      `${other}=hardest needs ${key}=hardest too (the two cells farthest apart are chosen together)${other === 'EXIT' ? '; for the cell farthest from the entry use EXIT=farthest' : ''}`,
      at(lineOf[key], key),
    );
  }
  if (typeof entry !== 'string' && typeof exit !== 'string' && entry.x === exit.x && entry.y === exit.y) {
    const shown = describePoint(toConfigBase(entry, indexBase));
    throw new ConfigError(`EXIT ${shown} is the same cell as ENTRY (line ${lineOf.ENTRY}); they must differ`, at(lineOf.EXIT, 'EXIT'));
  }
  if (typeof entry === 'string' && entry !== 'hardest' && entry === exit && (entry === 'top' || entry === 'bottom' ? width : height) < 2) {
    throw new ConfigError(`ENTRY and EXIT are both '${entry}', a side of one cell; they must differ`, at(lineOf.EXIT, 'EXIT'));
  }
  // A named theme is known now, so colours that hide the maze are refused with the file; THEME=auto is checked where it is resolved.
  if (config.theme) configTheme(config, config.theme);
  return config;
}

/** The config key that sets each overridable role. */
const COLOR_KEYS: Partial<Record<ThemeRole, 'WALL_COLOR' | 'PATTERN_COLOR' | 'PATH_COLOR'>> = {
  wall: 'WALL_COLOR',
  border: 'WALL_COLOR',
  pattern: 'PATTERN_COLOR',
  path: 'PATH_COLOR',
};

/**
 * The theme the config's drawing uses: THEME (or `auto`, the name the terminal chose) with
 * WALL_COLOR, PATTERN_COLOR and PATH_COLOR applied. A colour that hides part of the maze
 * (below 3:1 on the background, or another role's colour) is a ConfigError on its line,
 * naming both roles.
 */
export function configTheme(
  config: Pick<ConfigOptions, 'file' | 'theme' | 'wallColor' | 'patternColor' | 'pathColor' | 'lines'>,
  auto: ThemeName,
): Theme {
  const theme = resolveTheme(
    config.theme ?? auto,
    { wall: config.wallColor, pattern: config.patternColor, path: config.pathColor },
    { check: false },
  );
  const clash = themeClashes(theme).find((c) => c.roles.some((role) => COLOR_KEYS[role] && config.lines[COLOR_KEYS[role]!] !== undefined));
  if (clash) {
    const key = clash.roles.map((role) => COLOR_KEYS[role]).find((k) => k !== undefined && config.lines[k] !== undefined)!;
    const themeNote = config.theme ? '' : ` (THEME=auto chose ${auto})`;
    throw new ConfigError(`${key}: ${describeClash(theme, clash)}${themeNote}`, { file: config.file, line: config.lines[key], key });
  }
  return theme;
}

function resolveAlgorithm(key: string, value: string, where: Where, resolve: (name: string) => { name: string }): string {
  try {
    return resolve(value).name;
  } catch (error) {
    if (error instanceof UnknownAlgorithmError) throw new ConfigError(`${key}: ${error.message}`, where);
    throw error;
  }
}

function unknownKeyMessage(spelled: string): string {
  const wanted = normalizeKey(spelled);
  let best: string | undefined;
  let bestDistance = Infinity;
  // No key is near a very long word; comparing costs its length times each key's.
  for (const [spelling, key] of wanted.length > MAX_TYPO_LENGTH ? [] : KEY_LOOKUP) {
    const d = editDistance(wanted, spelling);
    if (d < bestDistance) {
      bestDistance = d;
      best = key;
    }
  }
  const hint = best !== undefined && bestDistance <= Math.max(2, Math.floor(wanted.length / 3)) ? ` Did you mean ${best}?` : '';
  return `unknown key ${quote(spelled)}.${hint} Valid keys: ${CONFIG_KEYS.map((k) => k.key).join(', ')}`;
}

/** Lets the generator itself judge the variant, on a 2x2 maze, so the check never drifts from it. */
function checkVariant(generatorName: string, variant: string, where: { file?: string; line?: number; key?: string }): void {
  const generator = resolveGenerator(generatorName);
  if (!generator.variants)
    throw new ConfigError(`${generator.name} has no variants; remove VARIANT or choose GrowingTree or BinaryTree`, where);
  try {
    generator.generate(new Maze(2, 2), createRng('variant-check'), { start: 0, difficulty: 5, variant }, undefined);
  } catch (error) {
    if (error instanceof OptionError) throw new ConfigError(error.message, where);
    throw error;
  }
}

/** The rule the config's ENTRY/EXIT set (EXIT=farthest, ENTRY=EXIT=hardest), if any: the ends are then found on the carved maze. */
export function configEndpointRule(config: Pick<ConfigOptions, 'exit'>): EndpointRule | undefined {
  return config.exit === 'farthest' || config.exit === 'hardest' ? config.exit : undefined;
}

function gridKindOrUndefined(value: string): GridKind | undefined {
  try {
    return resolveGridKind(value);
  } catch {
    return undefined;
  }
}

/** A library OptionError as the config's one-line error at `where`. */
function fromOption<T>(run: () => T, where: Where): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof OptionError) throw new ConfigError(error.message, where);
    throw error;
  }
}

/** What a config of the 42 subject's maze holds: the square grid without wrap, mask or outline. */
export interface PlainSquareKeys {
  grid: 'square';
  wrap: 'none';
  mask?: undefined;
  shape?: undefined;
}

/** A config of the plain square grid, as `isPlainSquareConfig` tells it: `toMazeOptions` gives it `SquareMazeOptions`. */
export type PlainSquareConfig = ConfigOptions & PlainSquareKeys;

/** True for the 42 subject's maze: the square grid without wrap, mask or outline (written as a hex file). */
export function isPlainSquareConfig<C extends Pick<ConfigOptions, 'grid' | 'wrap' | 'mask' | 'shape'>>(
  config: C,
): config is C & PlainSquareKeys {
  return config.grid === 'square' && config.wrap === 'none' && config.mask === undefined && config.shape === undefined;
}

/** Pass 3 for any other grid: the keys that apply only to the plain square grid, the polar end names; ranges are the library's. */
function checkGridConfig(config: ConfigOptions, at: (line?: number, key?: string) => Where): ConfigOptions {
  const { lines } = config;
  for (const key of ['ENTRY', 'EXIT'] as const) {
    const spec = key === 'ENTRY' ? config.entry : config.exit;
    if ((spec === ('centre' as EndSpec) || spec === ('outer' as EndSpec)) && config.grid !== 'polar') {
      throw new ConfigError(
        `${key}=${spec} names a cell of the polar grid; on the ${config.grid} grid give x,y or ${SIDES.join(', ')}`,
        at(lines[key], key),
      );
    }
    if (typeof spec !== 'string') {
      const p = { x: spec.x - config.indexBase, y: spec.y - config.indexBase };
      if (key === 'ENTRY') config.entry = p;
      else config.exit = p;
    }
  }
  return config;
}

/**
 * The options `generateMaze` takes for this config (`seed` overrides the config's; `mask` is
 * the parsed MASK file). The plain square config (`isPlainSquareConfig`, no mask) gets the
 * square options, whose maze is a `Maze` with Point ends; every other config a request that
 * names its grid, whose ends are cells. Both make the same bytes for the same square grid.
 */
export function toMazeOptions(config: PlainSquareConfig, seed?: string, mask?: undefined): SquareMazeOptions;
export function toMazeOptions(config: ConfigOptions, seed?: string, mask?: MaskData): SquareMazeOptions | GridMazeRequest;
export function toMazeOptions(
  config: ConfigOptions,
  seed: string | undefined = config.seed,
  mask?: MaskData,
): SquareMazeOptions | GridMazeRequest {
  const common = {
    perfect: config.perfect,
    seed,
    generator: config.generator,
    braid: config.braid,
    difficulty: config.difficulty,
    variant: config.variant,
    pattern: config.pattern,
    ...(config.level !== undefined && { level: config.level }),
  };
  if (isPlainSquareConfig(config) && mask === undefined)
    return { width: config.width, height: config.height, entry: config.entry, exit: config.exit, ...common };
  return {
    grid: config.grid,
    wrap: config.wrap,
    width: config.width > 0 ? config.width : undefined,
    height: config.height > 0 ? config.height : undefined,
    mask,
    shape: config.shape,
    entry: config.entry as Point | GridSide | EndpointRule,
    exit: config.exit as Point | GridSide | EndpointRule,
    ...common,
  };
}
