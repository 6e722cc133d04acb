/**
 * Issue 10's Unix conventions: '-' for standard input and output, data on stdout and
 * messages on stderr, --json, the environment in --help, help wrapped to the width,
 * `help nope`, shell completion from the command tree, and the man page.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHex, validate } from 'mazegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/program/build.js';
import { manPage } from '../../src/man-page.js';
import { ENVIRONMENT } from '../../src/help.js';
import { assertBuilt, hexFormat, makeTempDir, removeDir, REPO, runCli } from './run-cli.js';

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-unix-');
});
afterAll(() => removeDir(dir));

const CONFIG = ['WIDTH=20', 'HEIGHT=15', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=maze.txt', 'PERFECT=True', 'SEED=42'].join('\n') + '\n';

describe("'-' is standard input and standard output", () => {
  it('reads the config from stdin (a-maze-ing -) and writes OUTPUT_FILE', () => {
    const r = runCli(['-', '--no-display'], { cwd: dir, input: CONFIG });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^wrote maze\.txt: 20x15 perfect maze by DFS, seed 42/);
    expect(readFileSync(join(dir, 'maze.txt'), 'utf8')).toMatch(hexFormat(20, 15));
    expect(existsSync(join(dir, '-'))).toBe(false);
  });

  it('writes the maze to stdout for OUTPUT_FILE=- and -o -, with every message on stderr and no drawing', () => {
    writeFileSync(join(dir, 'to-stdout.cfg'), CONFIG.replace('OUTPUT_FILE=maze.txt', 'OUTPUT_FILE=-').replace('SEED=42\n', ''));
    const viaConfig = runCli(['to-stdout.cfg'], { cwd: dir });
    expect(viaConfig.status, viaConfig.stderr).toBe(0);
    expect(viaConfig.stdout).toMatch(hexFormat(20, 15));
    expect(viaConfig.stderr).toMatch(
      /^wrote standard output: 20x15 perfect maze by DFS, seed \d+, path of \d+ moves \(AStar\)\nthe seed was random: SEED=\d+/,
    );
    const viaFlag = runCli([join(dir, 'to-stdout.cfg'), '-o', '-', '--seed', '42'], { cwd: dir });
    expect(viaFlag.stdout).toBe(readFileSync(join(dir, 'maze.txt'), 'utf8'));
    expect(existsSync(join(dir, '-'))).toBe(false);
  });

  it('pipes: generate -o - | validate - and render - read standard input', () => {
    const hex = runCli(['-', '-o', '-'], { cwd: dir, input: CONFIG }).stdout;
    const checked = runCli(['validate', '-'], { cwd: dir, input: hex });
    expect(checked.status).toBe(0);
    expect(checked.stdout).toMatch(/^-: OK: 20x15 maze/);
    const withConfig = runCli(['validate', 'maze.txt', '--config', '-'], { cwd: dir, input: CONFIG });
    expect(withConfig.stdout).toMatch(/OK: 20x15 maze.* as - asks/);
    const drawn = runCli(['render', '-', '-f', 'ascii', '-o', '-'], { cwd: dir, input: hex });
    expect(drawn.status, drawn.stderr).toBe(0);
    expect(drawn.stdout.split('\n')).toHaveLength(32);
    const parsed = parseHex(hex);
    expect(validate(parsed.maze, { entry: parsed.entry, exit: parsed.exit, path: parsed.path })).toEqual([]);
  });

  it('render -v prints the seed as a plain line on stderr, not as an error', () => {
    writeFileSync(join(dir, 'render.cfg'), CONFIG);
    const r = runCli(['render', 'render.cfg', '-f', 'hex', '-v'], { cwd: dir });
    expect(r.stderr).toBe('seed 42\n');
    expect(r.stdout).toBe(readFileSync(join(dir, 'maze.txt'), 'utf8'));
  });
});

describe('output paths (docs/cli.md#paths-standard-input-and-output)', () => {
  it('a link into a read-only folder is refused before any work, naming the folder; the link and folder stay as they were', () => {
    mkdirSync(join(dir, 'locked'), { recursive: true });
    writeFileSync(join(dir, 'locked', 'maze.txt'), 'kept\n');
    chmodSync(join(dir, 'locked'), 0o555);
    symlinkSync('locked/maze.txt', join(dir, 'via-link.txt'));
    writeFileSync(
      join(dir, 'link.cfg'),
      CONFIG.replace('OUTPUT_FILE=maze.txt', 'OUTPUT_FILE=via-link.txt')
        .replace('WIDTH=20', 'WIDTH=3000')
        .replace('HEIGHT=15', 'HEIGHT=3000')
        .replace('EXIT=19,14', 'EXIT=2999,2999'),
    );
    const r = runCli(['link.cfg', '--no-display'], { cwd: dir, unprivileged: true });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^a-maze-ing: link\.cfg, line 5: OUTPUT_FILE 'via-link\.txt' \(the symbolic link's target '.*locked\/maze\.txt'\)( is read-only; it was left untouched|: the directory '.*locked' is not writable)\n$/,
    );
    expect(readFileSync(join(dir, 'locked', 'maze.txt'), 'utf8')).toBe('kept\n');
    expect(readdirSync(join(dir, 'locked'))).toEqual(['maze.txt']);
    expect(lstatSync(join(dir, 'via-link.txt')).isSymbolicLink()).toBe(true);
    chmodSync(join(dir, 'locked'), 0o755);
  });

  it("a dangling link makes the file it names; a loop and 'out.txt/' are refused", () => {
    symlinkSync('made.txt', join(dir, 'dangling.txt'));
    writeFileSync(join(dir, 'dangling.cfg'), CONFIG.replace('OUTPUT_FILE=maze.txt', 'OUTPUT_FILE=dangling.txt'));
    expect(runCli(['dangling.cfg', '--no-display'], { cwd: dir }).status).toBe(0);
    expect(lstatSync(join(dir, 'dangling.txt')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'made.txt'), 'utf8')).toMatch(hexFormat(20, 15));
    symlinkSync('loop-2', join(dir, 'loop-1'));
    symlinkSync('loop-1', join(dir, 'loop-2'));
    const loop = runCli(['dangling.cfg', '-o', 'loop-1', '--no-display'], { cwd: dir });
    expect(loop).toMatchObject({
      status: 1,
      stderr: "a-maze-ing: --output 'loop-1' is a loop of symbolic links; point it at a file or remove it\n",
    });
    const slash = runCli(['dangling.cfg', '-o', 'out.txt/', '--no-display'], { cwd: dir });
    expect(slash).toMatchObject({
      status: 1,
      stderr: "a-maze-ing: --output 'out.txt/' ends with '/', which names a directory; give a file path\n",
    });
    expect(existsSync(join(dir, 'out.txt'))).toBe(false);
  });

  it('a 250-byte output name is written; a FIFO nobody reads is refused at once', () => {
    const long = 'm'.repeat(246) + '.txt';
    const r = runCli(['dangling.cfg', '-o', long, '--no-display'], { cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(dir, long), 'utf8')).toMatch(hexFormat(20, 15));
    spawnSync('mkfifo', [join(dir, 'out.fifo')]);
    const fifo = runCli(['dangling.cfg', '-o', 'out.fifo', '--no-display'], { cwd: dir });
    expect(fifo.status).toBe(1);
    expect(fifo.stderr).toMatch(/^a-maze-ing: --output 'out\.fifo' is a FIFO that nobody reads; start the reader first/);
  });
});

describe('--json', () => {
  it("prints the default command's summary as one JSON object and draws nothing", () => {
    writeFileSync(
      join(dir, 'json.cfg'),
      CONFIG.replace('OUTPUT_FILE=maze.txt', 'OUTPUT_FILE=json.txt') + 'DIFFICULTY=3\nGENERATOR=Kruskal\n',
    );
    const r = runCli(['json.cfg', '--json'], { cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({
      output: 'json.txt',
      width: 20,
      height: 15,
      perfect: true,
      generator: 'Kruskal',
      seed: '42',
      seedWasRandom: false,
      entry: { x: 0, y: 0 },
      exit: { x: 19, y: 14 },
      indexBase: 0,
      solver: 'AStar',
    });
    expect(summary.moves).toBe(parseHex(readFileSync(join(dir, 'json.txt'), 'utf8')).path.length);
    expect(summary.notes).toEqual([expect.stringMatching(/DIFFICULTY steers only the DFS generator/)]);
    const stats = JSON.parse(runCli(['json.cfg', '--json', '--stats'], { cwd: dir }).stdout);
    expect(stats.stats.analysis.cells).toBe(282);
  });

  it('works for a streamed run too, and goes to stderr when stdout carries the maze', () => {
    writeFileSync(join(dir, 'stream.cfg'), CONFIG.replace('OUTPUT_FILE=maze.txt', 'OUTPUT_FILE=-') + 'GENERATOR=Eller\n');
    const r = runCli(['stream.cfg', '--stream', '--json'], { cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(hexFormat(20, 15));
    expect(JSON.parse(r.stderr)).toMatchObject({ output: '-', streamed: true, generator: 'Eller', width: 20 });
  });
});

describe('help', () => {
  it('lists every environment variable the CLI reads, AMAZEING_* included', () => {
    const help = runCli(['help', 'generate'], { cwd: dir }).stdout;
    for (const [name] of ENVIRONMENT) expect(help).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    const used = new Set<string>();
    for (const file of ['main.ts', 'memory.ts', 'help.ts', 'locations.ts'])
      for (const m of readFileSync(join(REPO, 'packages/cli/src', file), 'utf8').matchAll(/AMAZEING_[A-Z_]+/g)) used.add(m[0]);
    expect([...used].sort()).toEqual(['AMAZEING_CACHE_DIR', 'AMAZEING_DEBUG', 'AMAZEING_MAX_MEMORY']);
    for (const name of used) expect(help).toContain(name);
  });

  it("wraps to the terminal's width (COLUMNS outside a terminal; 80 by default)", () => {
    for (const [columns, width] of [
      [undefined, 80],
      ['72', 72],
      ['132', 132],
    ] as const) {
      const help = runCli(['--help'], { cwd: dir, env: { COLUMNS: columns } }).stdout;
      const lines = help.split('\n');
      // A line runs over only where one word is longer than the width allows.
      for (const line of lines) if (line.length > width) expect(line.trim(), line).not.toContain(' ');
      expect(Math.max(...lines.map((l) => l.length))).toBeGreaterThan(width - 15);
      const render = runCli(['render', '--help'], { cwd: dir, env: { COLUMNS: columns } }).stdout;
      for (const line of render.split('\n')) expect(line.length).toBeLessThanOrEqual(width);
    }
  });

  it('help nope is a one-line error with a did-you-mean, exit 2; help CMD prints that help', () => {
    const nope = runCli(['help', 'nope'], { cwd: dir });
    expect(nope.status).toBe(2);
    expect(nope.stdout).toBe('');
    expect(nope.stderr).toMatch(/^a-maze-ing: help: unknown command 'nope'\. Commands: generate, validate, render, .*completion, help\n$/);
    const typo = runCli(['help', 'valdate'], { cwd: dir });
    expect(typo.stderr).toMatch(/^a-maze-ing: help: unknown command 'valdate'\. Did you mean 'validate'\?/);
    const long = runCli(['help', 'x'.repeat(100_000)], { cwd: dir });
    expect(long.status).toBe(2);
    expect(long.stderr).toMatch(/unknown command 'x{40}\.\.\. \(100000 characters\)'/);
    expect(long.stderr.length).toBeLessThan(400);
    expect(runCli(['help', 'render'], { cwd: dir }).stdout).toBe(runCli(['render', '--help'], { cwd: dir }).stdout);
  });
});

describe('shell completion, made from the command tree', () => {
  const program = buildProgram();
  const commands = program.commands.map((c) => c.name());

  it('bash: completes commands, options per command, --format choices and files', () => {
    const script = runCli(['completion', 'bash'], { cwd: dir }).stdout;
    writeFileSync(join(dir, 'completion.bash'), script);
    const complete = (...words: string[]): string[] => {
      const r = spawnSync(
        'bash',
        [
          '-c',
          `source completion.bash; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _a_maze_ing; printf '%s\\n' "\${COMPREPLY[@]}"`,
          'bash',
          ...words,
        ],
        { cwd: dir, encoding: 'utf8' },
      );
      expect(r.stderr).toBe('');
      return r.stdout.split('\n').filter(Boolean);
    };
    expect(complete('a-maze-ing', 'va')).toEqual(['validate']);
    expect(complete('a-maze-ing', 'render', 'x', '-f', '')).toEqual([
      ...program.commands.find((c) => c.name() === 'render')!.options.find((o) => o.long === '--format')!.argChoices!,
    ]);
    expect(complete('a-maze-ing', 'json.cfg', '--st')).toEqual(['--stats', '--stream']);
    expect(complete('a-maze-ing', 'validate', '--c')).toEqual(['--config']);
    expect(complete('a-maze-ing', 'json.c')).toEqual(['json.cfg']);
    expect(complete('a-maze-ing', 'help', '')).toEqual(commands);
    expect(complete('a-maze-ing', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(complete('a-maze-ing', 'render', '--seed', '')).toEqual([]);
  });

  it('zsh and fish: every command and long option is in the script', () => {
    for (const shell of ['zsh', 'fish']) {
      const script = runCli(['completion', shell], { cwd: dir }).stdout;
      for (const command of program.commands) {
        expect(script).toContain(command.name());
        for (const option of command.options)
          if (option.long)
            expect(script, `${shell} ${option.long}`).toContain(shell === 'fish' ? `-l ${option.long.slice(2)}` : option.long);
      }
    }
    expect(runCli(['completion', 'tcsh'], { cwd: dir })).toMatchObject({
      status: 2,
      stderr: "a-maze-ing: completion: unknown shell 'tcsh'; choose one of bash, zsh, fish\n",
    });
  });

  // These run where the shell is installed (Debian: apt-get install zsh fish); elsewhere vitest reports them skipped.
  for (const shell of ['zsh', 'fish']) {
    const installed = spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;
    it.runIf(installed)(`${shell}: the script parses (${shell} -n)`, () => {
      const path = join(dir, `completion.${shell}`);
      writeFileSync(path, runCli(['completion', shell], { cwd: dir }).stdout);
      const r = spawnSync(shell, ['-n', path], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    });
  }
  it.runIf(spawnSync('sh', ['-c', 'command -v fish']).status === 0)('fish: completes render --format values', () => {
    const r = spawnSync('fish', ['-c', `source ${join(dir, 'completion.fish')}; complete -C 'a-maze-ing render x -f '`], {
      encoding: 'utf8',
    });
    expect(
      r.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0])
        .sort(),
    ).toEqual([...program.commands.find((c) => c.name() === 'render')!.options.find((o) => o.long === '--format')!.argChoices!].sort());
  });
});

describe('the man page', () => {
  const file = join(REPO, 'packages/cli/man/a-maze-ing.1');

  it('is built from the help data (npm run build runs npm run man -w a-maze-ing) and installed through the package.json man field', () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'packages/cli/package.json'), 'utf8'));
    expect(pkg.man).toEqual(['./man/a-maze-ing.1']);
    expect(pkg.files).toContain('man');
    expect(existsSync(file), 'packages/cli/man/a-maze-ing.1 is missing: run npm run build').toBe(true);
    expect(readFileSync(file, 'utf8'), 'the man page is stale: run npm run build').toBe(manPage(buildProgram(80), pkg.version));
  });

  it('renders with man -l, without warnings, and lists every command, key and variable', () => {
    const r = spawnSync('man', ['--warnings', '-l', file], {
      encoding: 'utf8',
      env: { ...process.env, MANWIDTH: '80', MANPAGER: 'cat', PAGER: 'cat', LC_ALL: 'C.UTF-8' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    // man overstrikes bold as 'c BACKSPACE c' when it is not a terminal.
    const text = r.stdout.replace(new RegExp(`.${String.fromCharCode(8)}`, 'g'), '');
    expect(text).toMatch(/^A-MAZE-ING\(1\) +User Commands/);
    for (const command of buildProgram().commands) expect(text).toMatch(new RegExp(`^ {7}${command.name()}\\b`, 'm'));
    for (const [name] of ENVIRONMENT) expect(text).toContain(name.split('=')[0]);
    expect(text).toContain('OUTPUT_FILE');
    expect(text).toMatch(/128\+N/);
  });
});
