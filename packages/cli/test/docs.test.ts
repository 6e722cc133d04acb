import { readFileSync } from 'node:fs';
import * as root from 'mazegen';
import * as configEntry from 'mazegen/config';
import * as internalEntry from 'mazegen/internal';
import * as playEntry from 'mazegen/play';
import * as renderEntry from 'mazegen/render';
import { generateMaze } from 'mazegen';
import {
  COMPLEXITY_LEVELS,
  CONFIG_KEYS,
  DIMENSIONS,
  gridForWindow,
  isPlainSquareConfig,
  parseConfig,
  toMazeOptions,
  type ConfigOptions,
  type PlainSquareConfig,
} from 'mazegen/config';
import { toJsonObject } from 'mazegen/internal';
import { describe, expect, it } from 'vitest';

/** Every name the library's public entries export: the root and its documented subpaths. */
const mazegen = { ...root, ...configEntry, ...renderEntry, ...playEntry, ...internalEntry };
import { buildProgram } from '../src/program/build.js';
import { RENDER_FORMATS } from '../src/program/choices.js';
import { KEY_BINDINGS } from '../src/term/key-bindings.js';
import { EXIT_INTERNAL, EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../src/errors.js';
import { formatStats, statsReport } from '../src/stats-report.js';

/** The config as the plain square grid's (the square options, a `Maze` with Point ends); a test config of another grid is a mistake here. */
function plainSquare(config: ConfigOptions): PlainSquareConfig {
  if (!isPlainSquareConfig(config)) throw new Error(`the test's config is of the ${config.grid} grid, not the plain square one`);
  return config;
}

const docs = readFileSync(new URL('../../../docs/cli.md', import.meta.url), 'utf8');

describe('docs/cli.md', () => {
  it('documents every config key and its aliases', () => {
    for (const key of CONFIG_KEYS) {
      expect(docs).toContain(`| \`${key.key}\``);
      for (const alias of key.aliases) expect(docs).toContain(`\`${alias}\``);
    }
  });

  it('documents every command and every option of generate and validate', () => {
    const program = buildProgram();
    for (const command of program.commands) expect(docs).toContain(`a-maze-ing ${command.name()}`);
    for (const name of ['generate', 'validate']) {
      const command = program.commands.find((c) => c.name() === name)!;
      for (const option of command.options) expect(docs).toContain(option.long!);
    }
  });

  it('documents the exit codes', () => {
    for (const code of ['| 0 |', '| 1 |', '| 2 |', '| 70 |']) expect(docs).toContain(code);
  });
});

describe('docs/analysis.md', () => {
  it("shows what 'a-maze-ing stats config.txt' prints for the shipped config.txt", () => {
    const analysis = readFileSync(new URL('../../../docs/analysis.md', import.meta.url), 'utf8');
    const shown = /```\n\$ a-maze-ing stats config\.txt\n([\s\S]*?)```/.exec(analysis);
    expect(shown).not.toBeNull();
    const config = plainSquare(parseConfig(readFileSync(new URL('../../../config.txt', import.meta.url), 'utf8'), 'config.txt'));
    expect(shown![1]).toBe(formatStats(statsReport(generateMaze(toMazeOptions(config)), config.solver, config.indexBase)));
  });
});

describe('README.md (repository root)', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const program = buildProgram();

  it('its command table names every registered command, and only options those commands have', () => {
    const table = readme.slice(readme.indexOf('| Command |'));
    const usages = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `a-maze-ing ([^`]+)` \|/gm)].map((m) =>
      m[1].replace(/\\\|/g, '|'),
    );
    const named = usages.map((usage) => usage.split(' ')[0]);
    // `a-maze-ing CONFIG` is the default command, generate
    expect(named.map((n) => (n === 'CONFIG' ? 'generate' : n)).sort()).toEqual(program.commands.map((c) => c.name()).sort());
    for (const usage of usages) {
      const name = usage.split(' ')[0];
      const command = program.commands.find((c) => c.name() === (name === 'CONFIG' ? 'generate' : name))!;
      for (const flag of usage.match(/--[a-z-]+/g) ?? [])
        expect(
          command.options.map((o) => o.long),
          usage,
        ).toContain(flag);
    }
    const formats = usages
      .find((u) => u.startsWith('render'))!
      .match(/--format (\S+)/)![1]
      .split('|');
    expect(formats).toEqual([...RENDER_FORMATS]);
  });

  it('its config file and optional key list name exactly the keys of CONFIG_KEYS', () => {
    const block = /```ini\n([\s\S]*?)```/.exec(readme)![1];
    const shown = [...block.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]);
    const optional = /Optional keys: ([\s\S]*?)\. Every key/.exec(readme)![1];
    const listed = [...optional.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]);
    expect([...shown, ...listed].sort()).toEqual(CONFIG_KEYS.map((k) => k.key).sort());
    for (const key of CONFIG_KEYS.filter((k) => k.mandatory)) expect(shown, key.key).toContain(key.key);
  });

  it("its quick start's keys are the drawing's keys, and npm start writes maze.txt", () => {
    const sentence = /\(interactive in a real\s+terminal: ([^)]*)\)/.exec(readme)![1];
    const keys = [...sentence.matchAll(/`(\w)` /g)].map((m) => m[1]);
    expect(keys).toEqual(KEY_BINDINGS.map(([key]) => key.split(',')[0]));
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toMatch(/ config\.txt$/);
    const config = parseConfig(readFileSync(new URL('../../../config.txt', import.meta.url), 'utf8'), 'config.txt');
    expect(config.outputFile).toBe('maze.txt');
    expect(readme).toContain('`npm start` writes `maze.txt`');
  });

  it('gives the exit codes the CLI uses', () => {
    expect(readme).toContain(
      `Exit codes: ${EXIT_OK}\nsuccess, ${EXIT_INVALID} bad input or an invalid maze, ${EXIT_USAGE} wrong command line, ${EXIT_INTERNAL} an internal error`,
    );
  });
});

describe('docs/formats.md', () => {
  const formats = readFileSync(new URL('../../../docs/formats.md', import.meta.url), 'utf8');
  /** The body rows of the table headed `| first |`, as cells. */
  const rows = (first: string) => {
    const table = formats.slice(formats.indexOf(`| ${first} |`));
    return table
      .slice(0, table.indexOf('\n\n'))
      .split('\n')
      .slice(2)
      .map((line) =>
        line
          .slice(1, -1)
          .split(' | ')
          .map((cell) => cell.trim()),
      );
  };
  const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

  it("its format table has render's formats, and the library functions it names exist", () => {
    const table = rows('Format');
    expect(table.map((r) => r[0]).sort()).toEqual([...RENDER_FORMATS].sort());
    for (const [format, library, readsBack] of table) {
      const named = format === 'png' || format === 'pdf' ? codes(readsBack) : [...codes(library), ...codes(readsBack)];
      for (const name of named) expect(typeof (mazegen as Record<string, unknown>)[name], `${format}: ${name}`).toBe('function');
    }
  });

  it('its JSON field table lists the fields toJsonObject writes', () => {
    const fields = rows('Field').flatMap((r) => codes(r[0]));
    const maze = generateMaze({ width: 9, height: 7, seed: 'docs' });
    const json = toJsonObject(maze.maze, { entry: maze.entry, exit: maze.exit });
    expect(fields.sort()).toEqual(Object.keys(json).sort());
  });
});

describe('docs/menu.md', () => {
  it("its grid table is gridForWindow of the library's complexity levels and dimensions", () => {
    const menu = readFileSync(new URL('../../../docs/menu.md', import.meta.url), 'utf8');
    const table = menu.slice(menu.indexOf('| Complexity (cell) |'));
    const lines = table.slice(0, table.indexOf('\n\n')).split('\n');
    const expected = [
      `| Complexity (cell) | ${DIMENSIONS.map((d) => `${d.name} ${d.pixels}`).join(' | ')} |`,
      '| --- | --- | --- | --- |',
      ...COMPLEXITY_LEVELS.map((level) => {
        const grids = DIMENSIONS.map((d) => gridForWindow(d.pixels, level.cellSize)).map((g) => `${g.width}x${g.height}`);
        return `| ${level.name} (${level.cellSize} px) | ${grids.join(' | ')} |`;
      }),
    ];
    expect(lines).toEqual(expected);
  });
});
