import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EAST, NORTH, SOUTH, WEST, parseHex, toHex, type Maze, type Point } from 'mazegen';
import { patternOrigin } from 'mazegen/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir, REPO, runCli } from './run-cli.js';

let dir: string;
let good: string;

/** The good file with some change, saved under `name`. */
function variant(name: string, change: (lines: string[]) => void): string {
  const lines = good.split('\n');
  change(lines);
  writeFileSync(join(dir, name), lines.join('\n'));
  return name;
}

const CONFIG = ['WIDTH=20', 'HEIGHT=15', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=maze.txt', 'PERFECT=True', 'SEED=42'].join('\n') + '\n';

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
  writeFileSync(join(dir, 'config.txt'), CONFIG);
  const r = runCli(['config.txt', '--no-display'], { cwd: dir });
  expect(r.status).toBe(0);
  good = readFileSync(join(dir, 'maze.txt'), 'utf8');
});
afterAll(() => removeDir(dir));

describe('a-maze-ing validate', () => {
  it('passes a generated file, with and without its config', () => {
    const plain = runCli(['validate', 'maze.txt'], { cwd: dir });
    expect(plain.stdout).toMatch(
      /^maze\.txt: OK: 20x15 maze, entry 0,0, exit 19,14, a shortest path of \d+ moves; every rule holds \(no config/,
    );
    expect(plain).toMatchObject({ status: 0, stderr: '' });
    const withConfig = runCli(['validate', 'maze.txt', '--config', 'config.txt'], { cwd: dir });
    expect(withConfig.stdout).toMatch(/every rule holds as config\.txt asks \(PERFECT=True, PATTERN=42\)\n$/);
    expect(withConfig.status).toBe(0);
  });

  it('passes both official subject examples (lower-case hex accepted)', () => {
    for (const name of ['subject-example-25x20.txt', 'subject-example-25x20-braided.txt']) {
      copyFileSync(join(REPO, 'packages/mazegen/test/fixtures', name), join(dir, name));
      const r = runCli(['validate', name], { cwd: dir });
      expect(r.stdout).toMatch(/OK: 25x20 maze, entry 1,1, exit 19,14/);
      expect(r.status).toBe(0);
    }
    const lower = variant('lower.txt', (lines) => lines.splice(0, 15, ...lines.slice(0, 15).map((l) => l.toLowerCase())));
    expect(runCli(['validate', lower], { cwd: dir }).status).toBe(0);
  });

  it('prints one line per broken rule and exits 1', () => {
    // Open the north border of cell (0,0) and break the wall it shares with (1,0) on one side only.
    const broken = variant('broken.txt', (lines) => {
      const first = parseInt(lines[0][0], 16);
      const flipped = (first & ~1) ^ 2;
      lines[0] = flipped.toString(16).toUpperCase() + lines[0].slice(1);
    });
    const r = runCli(['validate', broken], { cwd: dir });
    expect(r.status).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toContain('broken.txt: border: the outer border is open at (0,0)');
    expect(lines.some((l) => l.startsWith('broken.txt: coherence: '))).toBe(true);
    expect(r.stderr).toMatch(/^a-maze-ing: broken\.txt breaks \d+ rules\n$/);
  });

  it('finds a path that is not a legal walk or not shortest', () => {
    const bad = variant('badpath.txt', (lines) => {
      lines[18] = lines[18].startsWith('E') ? `S${lines[18].slice(1)}` : `E${lines[18].slice(1)}`;
    });
    const r = runCli(['validate', bad], { cwd: dir });
    expect(r.stdout).toMatch(/^badpath\.txt: path: the path (is not a legal walk|ends at)/m);
    expect(r.status).toBe(1);
  });

  it('checks perfect or Pac-Man board, size and entry as the config asks', () => {
    writeFileSync(join(dir, 'board.cfg'), CONFIG.replace('PERFECT=True', 'PERFECT=False'));
    const board = runCli(['validate', 'maze.txt', '--config', 'board.cfg'], { cwd: dir });
    expect(board.stdout).toMatch(/^maze\.txt: board: not a Pac-Man board: it has 0 independent loop\(s\), at least 2 are needed/m);
    expect(board.status).toBe(1);
    writeFileSync(join(dir, 'other.cfg'), CONFIG.replace('WIDTH=20', 'WIDTH=21').replace('EXIT=19,14', 'EXIT=20,14'));
    const other = runCli(['validate', 'maze.txt', '--config', 'other.cfg'], { cwd: dir });
    expect(other.stdout).toMatch(/^maze\.txt: config: the maze is 20x15, the config asks for 21x15$/m);
    expect(other.status).toBe(1);
    writeFileSync(join(dir, 'entry.cfg'), CONFIG.replace('ENTRY=0,0', 'ENTRY=1,0'));
    expect(runCli(['validate', 'maze.txt', '--config', 'entry.cfg'], { cwd: dir }).stdout).toMatch(
      /config: the entry is \(0,0\), the config asks for \(1,0\)/,
    );
  });

  it('reports a malformed file in one line with line and column', () => {
    const junk = variant('junk.txt', (lines) => {
      lines[3] = `${lines[3].slice(0, 4)}Z${lines[3].slice(5)}`;
    });
    const r = runCli(['validate', junk], { cwd: dir });
    expect(r).toMatchObject({ status: 1, stdout: '' });
    expect(r.stderr).toBe("a-maze-ing: junk.txt, line 4, column 5: expected a hex digit 0-9 or A-F, got 'Z'\n");
    const short = variant('short.txt', (lines) => lines.splice(16));
    expect(runCli(['validate', short], { cwd: dir }).stderr).toMatch(/^a-maze-ing: short\.txt, line \d+, column \d+: the file ends early/);
  });

  it('points a 1-based file read without its config to --config', () => {
    const oneBased = variant('one-based.txt', (lines) => {
      lines[16] = '1,1';
      lines[17] = '20,15';
    });
    const r = runCli(['validate', oneBased], { cwd: dir });
    expect(r).toMatchObject({ status: 1, stdout: '' });
    expect(r.stderr).toMatch(
      /^a-maze-ing: one-based\.txt, line 18, column 1: the exit \(20,15\) is outside the 20x15 maze .*; counting from 1 the entry and exit fit: pass --config with the INDEX_BASE=1 config/,
    );
    expect(r.stderr.split('\n')).toHaveLength(2);
    writeFileSync(
      join(dir, 'one-based.cfg'),
      CONFIG.replace('ENTRY=0,0', 'ENTRY=1,1').replace('EXIT=19,14', 'EXIT=20,15') + 'INDEX_BASE=1\n',
    );
    expect(runCli(['validate', oneBased, '--config', 'one-based.cfg'], { cwd: dir }).status).toBe(0);
  });

  it('reports missing, empty and directory inputs in one line', () => {
    writeFileSync(join(dir, 'empty.txt'), '');
    for (const [args, message] of [
      [['validate', 'nope.txt'], /^a-maze-ing: cannot read maze file 'nope\.txt': no such file\n$/],
      [['validate', 'empty.txt'], /^a-maze-ing: maze file 'empty\.txt' is empty; expected rows of hex digits/],
      [['validate', '.'], /^a-maze-ing: maze file '\.' is a directory/],
      [['validate', 'maze.txt', '--config', 'nope.cfg'], /^a-maze-ing: cannot read config file 'nope\.cfg': no such file\n$/],
      [['validate'], /^a-maze-ing: missing required argument 'file'/],
    ] as const) {
      const r = runCli([...args], { cwd: dir });
      expect(r.stderr).toMatch(message);
      expect(r.stderr.split('\n')).toHaveLength(2);
      expect(r.stderr).not.toContain('    at ');
      expect(r.status).toBe(args.length === 1 ? 2 : 1);
    }
  });
});

/** A way to break exactly one rule of the good file: a changed maze, entry and exit, and the config to check against. */
interface RuleCase {
  rule: string;
  /** The config to check against (written as rule-RULE.cfg), or none. */
  config?: string;
  break(maze: Maze, ends: { entry: Point; exit: Point }): void;
}

/** The first closed wall between two free cells, east or south of `cell`, scanning from the middle row. */
function closedInnerWall(maze: Maze): [number, number] {
  for (let cell = maze.width * 12; cell < maze.size; cell++) {
    for (const dir of [EAST, SOUTH]) {
      const other = maze.neighbor(cell, dir);
      if (other >= 0 && maze.hasWall(cell, dir) && !maze.isBlocked(cell) && !maze.isBlocked(other)) return [cell, dir];
    }
  }
  throw new Error('no closed inner wall');
}

const RULE_CASES: RuleCase[] = [
  { rule: 'coherence', break: (maze) => void (maze.cells[closedInnerWall(maze)[0]] &= ~EAST & ~SOUTH) },
  { rule: 'border', break: (maze) => void (maze.cells[maze.index(3, 0)] &= ~NORTH) },
  { rule: 'entry-exit', break: (_maze, ends) => void (ends.exit = { ...ends.entry }) },
  {
    rule: 'pattern',
    config: CONFIG,
    break: (maze) => {
      const { x, y } = patternOrigin(maze.width, maze.height);
      maze.cells[maze.index(x, y)] &= ~WEST;
      maze.cells[maze.index(x - 1, y)] &= ~EAST;
    },
  },
  {
    rule: 'connectivity',
    break: (maze) => {
      // Wall in one cell: close its openings on both sides.
      const cell = maze.index(19, 0);
      for (const dir of [NORTH, EAST, SOUTH, WEST]) if (!maze.hasWall(cell, dir)) maze.buildWall(cell, dir);
    },
  },
  {
    rule: 'open-3x3',
    break: (maze) => {
      for (let y = 11; y < 14; y++)
        for (let x = 0; x < 3; x++) {
          if (x < 2) maze.carvePassage(maze.index(x, y), EAST);
          if (y < 13) maze.carvePassage(maze.index(x, y), SOUTH);
        }
    },
  },
  {
    rule: 'perfect',
    config: CONFIG,
    break: (maze) => {
      const [cell, dir] = closedInnerWall(maze);
      maze.carvePassage(cell, dir);
    },
  },
  { rule: 'board', config: CONFIG.replace('PERFECT=True', 'PERFECT=False'), break: () => {} },
  { rule: 'config', config: CONFIG.replace('ENTRY=0,0', 'ENTRY=1,0'), break: () => {} },
];

describe('a-maze-ing validate, rule by rule', () => {
  it.each(RULE_CASES.map((c) => [c.rule, c] as const))('reports a broken %s rule in one line of its own', (rule, c) => {
    const file = parseHex(good);
    const ends = { entry: file.entry, exit: file.exit };
    c.break(file.maze, ends);
    const name = `rule-${rule}.txt`;
    writeFileSync(join(dir, name), toHex(file.maze, { ...ends, path: file.path }));
    if (c.config !== undefined) writeFileSync(join(dir, `rule-${rule}.cfg`), c.config);
    const r = runCli(['validate', name, ...(c.config !== undefined ? ['--config', `rule-${rule}.cfg`] : [])], { cwd: dir });
    expect(r.status, r.stdout + r.stderr).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    const rules = lines.map((l) => new RegExp(`^${name.replace('.', '\\.')}: ([a-z0-9-]+): \\S`).exec(l)?.[1]);
    expect(rules, r.stdout).not.toContain(undefined);
    expect(rules, r.stdout).toContain(rule);
    expect(new Set(rules).size, `a rule printed twice:\n${r.stdout}`).toBe(rules.length);
    expect(r.stderr).toBe(`a-maze-ing: ${name} breaks ${lines.length} rule${lines.length === 1 ? '' : 's'}\n`);
  });
});

describe('a-maze-ing validate --json', () => {
  it('prints one JSON verdict with the same exit code: a good file, a broken rule, an unreadable file, a graph file', () => {
    const ok = runCli(['validate', 'maze.txt', '--json'], { cwd: dir });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ file: 'maze.txt', valid: true, grid: 'square', problems: [] });
    expect(JSON.parse(ok.stdout).summary).toMatch(/^20x15 maze, entry 0,0, exit 19,14, a shortest path of \d+ moves/);
    const broken = variant('json-broken.txt', (lines) => (lines[lines.length - 2] = lines[lines.length - 2].slice(1)));
    const bad = runCli(['validate', broken, '--json'], { cwd: dir });
    expect(bad.status).toBe(1);
    const verdict = JSON.parse(bad.stdout) as { valid: boolean; problems: { rule: string; message: string }[] };
    expect(verdict.valid).toBe(false);
    expect(verdict.problems.length).toBeGreaterThan(0);
    expect(bad.stderr).toMatch(/^a-maze-ing: json-broken\.txt breaks \d+ rules?\n$/);
    writeFileSync(join(dir, 'junk.txt'), 'zz\n');
    const junk = runCli(['validate', 'junk.txt', '--json'], { cwd: dir });
    expect(junk.status).toBe(1);
    expect(JSON.parse(junk.stdout)).toEqual({
      file: 'junk.txt',
      valid: false,
      problems: [{ rule: 'format', message: "line 1, column 1: expected a hex digit 0-9 or A-F, got 'z'" }],
    });
    writeFileSync(join(dir, 'hex.cfg'), 'GRID=hex\nWIDTH=6\nHEIGHT=5\nENTRY=0,0\nEXIT=5,4\nOUTPUT_FILE=hex.json\nPERFECT=True\nSEED=3\n');
    expect(runCli(['hex.cfg', '--no-display'], { cwd: dir }).status).toBe(0);
    const graph = runCli(['validate', 'hex.json', '--json'], { cwd: dir });
    expect(graph.status).toBe(0);
    expect(JSON.parse(graph.stdout)).toMatchObject({ file: 'hex.json', valid: true, grid: 'hex', problems: [] });
  });
});
