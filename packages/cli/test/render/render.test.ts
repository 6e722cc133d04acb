import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED, EAST, SOUTH, generateMaze, parseBlocks, parseHex, parseJson, resolveTheme, THEMES, toHex, type Maze } from 'mazegen';
import { COLORS, parseConfig, toMazeOptions } from 'mazegen/config';
import { mazeLayout } from 'mazegen/render';
import { shortestPath } from 'mazegen';
import { ALL_WALLS, parseTextMaze, walkPath } from 'mazegen/internal';
import { assertBuilt, makeTempDir, removeDir, runCli } from '../e2e/run-cli.js';
import { readPngRows } from './helpers.js';

let dir: string;
let hexFile: string;
let hex: ReturnType<typeof parseHex>;

const walls = (maze: Maze): number[] => Array.from(maze.cells, (v) => v & ALL_WALLS);
const blocked = (maze: Maze): number[] => Array.from(maze.cells, (v) => v & BLOCKED);

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-render-');
  const g = generateMaze({ width: 30, height: 20, seed: 'render-e2e', perfect: false, braid: 60 });
  hexFile = join(dir, 'maze.txt');
  writeFileSync(hexFile, toHex(g.maze, { entry: g.entry, exit: g.exit, path: shortestPath(g.maze, g.entry, g.exit).directions }));
  hex = parseHex(readFileSync(hexFile, 'utf8'));
  expect(blocked(hex.maze)).toEqual(blocked(g.maze));
});

afterAll(() => removeDir(dir));

describe('a-maze-ing render: every export agrees with the hex file', () => {
  it('ascii and unicode read back to the same walls, entry, exit and path', () => {
    for (const format of ['ascii', 'unicode']) {
      const r = runCli(['render', hexFile, '--format', format, '--path']);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const back = parseTextMaze(r.stdout);
      expect(walls(back.maze)).toEqual(walls(hex.maze));
      expect(back.entry).toEqual(hex.entry);
      expect(back.exit).toEqual(hex.exit);
      const path = walkPath(hex.maze, hex.entry.y * 30 + hex.entry.x, hex.path).cells;
      expect(back.pathCells.sort((a, b) => a - b)).toEqual(path.slice(1, -1).sort((a, b) => a - b));
    }
  });

  it('blocks is the (2H+1) x (2W+1) matrix of the same maze', () => {
    const r = runCli(['render', hexFile, '-f', 'blocks']);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(41);
    expect(lines[0].split(' ')).toHaveLength(61);
    expect(lines[0]).toBe(Array(61).fill('8').join(' '));
    const back = parseBlocks(r.stdout).square;
    expect(walls(back.maze)).toEqual(walls(hex.maze));
    expect(back.entry).toEqual(hex.entry);
    expect(back.exit).toEqual(hex.exit);
  });

  it('reads its own text and block exports back as input', () => {
    for (const format of ['ascii', 'unicode', 'blocks']) {
      const file = join(dir, `maze.${format}.txt`);
      expect(runCli(['render', hexFile, '-f', format, '-o', file]).status).toBe(0);
      const r = runCli(['render', file, '-f', 'hex']);
      expect(r.status, r.stderr).toBe(0);
      const back = parseHex(r.stdout);
      expect(walls(back.maze)).toEqual(walls(hex.maze));
      expect(back.entry).toEqual(hex.entry);
      expect(back.path.length).toBe(hex.path.length);
    }
    const unmarked = join(dir, 'unmarked.txt');
    writeFileSync(unmarked, '+--+--+\n|     |\n+--+--+\n');
    const r = runCli(['render', unmarked, '-f', 'svg']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/needs its S and E marks/);
  });

  it('json holds the same walls, ends and solution, and the library reads it back', () => {
    const out = join(dir, 'maze.json');
    const r = runCli(['render', hexFile, '-o', out]);
    expect(r.status).toBe(0);
    const back = parseJson(readFileSync(out, 'utf8')).square!;
    expect(walls(back.maze)).toEqual(walls(hex.maze));
    expect(blocked(back.maze)).toEqual(blocked(hex.maze));
    expect(back.entry).toEqual(hex.entry);
    expect(back.solution).toBe(hex.path);
    // And render takes the JSON as input too.
    const again = runCli(['render', out, '-f', 'ascii']);
    expect(walls(parseTextMaze(again.stdout).maze)).toEqual(walls(hex.maze));
    expect(runCli(['render', out, '-f', 'hex']).stdout).toBe(readFileSync(hexFile, 'utf8'));
  });

  it('svg is well-formed with one segment per straight wall run, the 42, and the solution layer', () => {
    const out = join(dir, 'maze.svg');
    expect(runCli(['render', hexFile, '-o', out, '--path', '--cell-size', '12', '--margin', '6']).status).toBe(0);
    const svg = readFileSync(out, 'utf8');
    const open: string[] = [];
    for (const m of svg.matchAll(/<(\/?)([a-z]+)\b[^>]*?(\/?)>/g)) {
      if (m[1]) expect(open.pop()).toBe(m[2]);
      else if (!m[3]) open.push(m[2]);
    }
    expect(open).toEqual([]);
    expect(svg).toContain(`width="${2 * 6 + 30 * 12 + 2}"`);
    let runs = 0;
    const { cells } = hex.maze;
    for (let y = 0; y < 20; y++) {
      for (let x = 0; x < 30; x++) {
        const c = y * 30 + x;
        if (y < 19 && cells[c] & SOUTH && !(x > 0 && cells[c - 1] & SOUTH)) runs++;
        if (x < 29 && cells[c] & EAST && !(y > 0 && cells[c - 30] & EAST)) runs++;
      }
    }
    const d = /<path class="walls" d="([^"]*)"/.exec(svg)?.[1] ?? '';
    expect(d.split('M').length - 1).toBe(runs);
    // Read the segments back into walls: each must be a closed wall of the hex file, and every closed wall drawn.
    const line = (v: string): number => (Number(v) - 6 - 1) / 12; // margin 6, half of the 2-pixel wall, 12 per cell
    const drawn = new Set<string>();
    for (const [, x, y, axis, to] of d.matchAll(/M([\d.]+) ([\d.]+)([HV])([\d.]+)/g)) {
      if (axis === 'H') for (let i = line(x); i < line(to); i++) drawn.add(`S${i},${line(y) - 1}`);
      else for (let j = line(y); j < line(to); j++) drawn.add(`E${line(x) - 1},${j}`);
    }
    const closed = new Set<string>();
    for (let y = 0; y < 20; y++) {
      for (let x = 0; x < 30; x++) {
        if (y < 19 && cells[y * 30 + x] & SOUTH) closed.add(`S${x},${y}`);
        if (x < 29 && cells[y * 30 + x] & EAST) closed.add(`E${x},${y}`);
      }
    }
    expect([...drawn].sort()).toEqual([...closed].sort());
    expect(svg.match(/class="pattern"/g)).toHaveLength(18);
    expect(svg).toMatch(/<path class="solution" d="M/);
    expect(svg).toContain('class="entry"');
  });

  it('png has wall colour on closed walls and passage colour on open ones', () => {
    const out = join(dir, 'maze.png');
    expect(
      runCli(['render', hexFile, '-o', out, '--cell-size', '10', '--margin', '5', '--wall-color', 'magenta', '--background', '#fffbe6'])
        .status,
    ).toBe(0);
    const CREAM = '#fffbe6';
    const png = PNG.sync.read(readFileSync(out));
    const theme = resolveTheme('default', { wall: 'magenta', background: '#fffbe6' });
    const layout = mazeLayout(hex.maze, theme, { cellSize: 10, margin: 5 });
    expect([png.width, png.height]).toEqual([layout.width, layout.height]);
    const px = (x: number, y: number): string => {
      const k = (y * png.width + x) * 4;
      return `#${[png.data[k], png.data[k + 1], png.data[k + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    };
    const { cells } = hex.maze;
    let wallsSeen = 0;
    let passagesSeen = 0;
    for (let y = 0; y < 20; y++) {
      for (let x = 0; x < 30; x++) {
        const c = y * 30 + x;
        if (cells[c] & BLOCKED) continue;
        const centre = [5 + x * 10 + 5, 5 + y * 10 + 5];
        const isEnd = (x === hex.entry.x && y === hex.entry.y) || (x === hex.exit.x && y === hex.exit.y);
        if (!isEnd) expect(px(centre[0], centre[1])).toBe(CREAM);
        if (x < 29 && !(cells[c + 1] & BLOCKED)) {
          const open = !(cells[c] & EAST);
          expect(px(5 + (x + 1) * 10, centre[1])).toBe(open ? CREAM : COLORS.magenta);
          if (open) passagesSeen++;
          else wallsSeen++;
        }
        if (y < 19 && !(cells[c + 30] & BLOCKED)) {
          expect(px(centre[0], 5 + (y + 1) * 10)).toBe(cells[c] & SOUTH ? COLORS.magenta : CREAM);
        }
      }
    }
    expect(wallsSeen).toBeGreaterThan(50);
    expect(passagesSeen).toBeGreaterThan(50);
    expect(px(0, 0)).toBe(CREAM);
    expect(px(5, 5)).toBe(COLORS.magenta);
  });

  it('png in the matlab (heatmap) theme: grey walls, blue passages, orange start and end', async () => {
    const out = join(dir, 'heat.png');
    expect(runCli(['render', hexFile, '-o', out, '--theme', 'heatmap', '--cell-size', '8', '--margin', '0']).status).toBe(0);
    const theme = resolveTheme('matlab');
    const layout = mazeLayout(hex.maze, theme, { cellSize: 8, margin: 0 });
    const rows = new Map<number, string[]>();
    const entryRow = hex.entry.y * 8 + 6;
    const size = await readPngRows(out, (y, row) => {
      if (y === entryRow || y === 0)
        rows.set(
          y,
          Array.from(
            { length: layout.width },
            (_, x) => `#${Array.from(row.subarray(x * 3, x * 3 + 3), (v) => v.toString(16).padStart(2, '0')).join('')}`,
          ),
        );
    });
    expect(size).toEqual({ width: layout.width, height: layout.height });
    expect(rows.get(0)?.[3]).toBe(THEMES.matlab.border);
    expect(rows.get(entryRow)?.[hex.entry.x * 8 + 6]).toBe(THEMES.matlab.entry);
    expect(new Set(rows.get(entryRow))).toContain(THEMES.matlab.background);
    expect(new Set(rows.get(entryRow))).toContain(THEMES.matlab.wall);
  });

  it('takes a config file: generates its maze; says the seed with -v (a given seed is information), and a random one always', () => {
    const config = join(dir, 'config.txt');
    writeFileSync(config, 'WIDTH=12\nHEIGHT=9\nENTRY=bottom\nEXIT=top\nOUTPUT_FILE=unused.txt\nPERFECT=True\nSEED=77\n');
    const r = runCli(['render', config, '-f', 'json', '-v']);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('seed 77');
    expect(runCli(['render', config, '-f', 'json']).stderr).toBe('');
    writeFileSync(join(dir, 'random.txt'), 'WIDTH=12\nHEIGHT=9\nENTRY=bottom\nEXIT=top\nOUTPUT_FILE=unused.txt\nPERFECT=True\n');
    expect(runCli(['render', join(dir, 'random.txt'), '-f', 'json']).stderr).toMatch(/^seed \d+\n$/);
    expect(runCli(['render', join(dir, 'random.txt'), '-f', 'json', '-q']).stderr).toBe('');
    const doc = parseJson(r.stdout);
    const expected = generateMaze(toMazeOptions(parseConfig(readFileSync(config, 'utf8'))));
    expect(doc.maze.equals(expected.maze)).toBe(true);
    expect(doc.square!.entry.y).toBe(8);
    expect(doc.square!.exit.y).toBe(0);
    expect(doc.seed).toBe('77');
    expect(doc.generator).toBe('DFS');
  });

  it('checks a config as the default command does: memory first, and the same notes', () => {
    const huge = join(dir, 'huge.txt');
    writeFileSync(huge, 'WIDTH=40000\nHEIGHT=40000\nENTRY=0,0\nEXIT=1,1\nOUTPUT_FILE=unused.txt\nPERFECT=True\n');
    // The cap makes the refusal the same on every machine, whatever its free memory.
    const r = runCli(['render', huge, '-f', 'ascii'], { env: { AMAZEING_MAX_MEMORY: '256MiB' } });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^a-maze-ing: .*huge\.txt, line 2: WIDTH x HEIGHT = 40000x40000 .*256 MiB is allowed \(AMAZEING_MAX_MEMORY\), which fits about/,
    );
    const small = join(dir, 'small.txt');
    writeFileSync(small, 'WIDTH=8\nHEIGHT=7\nENTRY=0,0\nEXIT=7,6\nOUTPUT_FILE=unused.txt\nPERFECT=True\nSEED=1\nBRAID=50\n');
    const notes = runCli(['render', small, '-f', 'ascii']);
    expect(notes.status).toBe(0);
    expect(notes.stderr).toContain('line 8: BRAID applies only when PERFECT=False');
    expect(notes.stderr).toContain('the 42 pattern needs a maze of at least 9x7 cells');
  });

  it("writes a config's hex file byte for byte as the default command does, INDEX_BASE=1 included", () => {
    const config = join(dir, 'one-based.txt');
    writeFileSync(config, 'WIDTH=12\nHEIGHT=9\nENTRY=1,1\nEXIT=12,9\nOUTPUT_FILE=one-based-out.txt\nPERFECT=True\nSEED=5\nINDEX_BASE=1\n');
    const rendered = runCli(['render', config, '-f', 'hex']);
    expect(rendered.status).toBe(0);
    expect(runCli(['one-based.txt', '--no-display', '--quiet'], { cwd: dir }).status).toBe(0);
    expect(rendered.stdout).toBe(readFileSync(join(dir, 'one-based-out.txt'), 'utf8'));
    expect(rendered.stdout.split('\n').slice(10, 12)).toEqual(['1,1', '12,9']);
  });

  it('draws a file that breaks a rule, with a one-line note naming the rules', () => {
    // Open the north border of cell (0,0): the path stays legal, the border does not.
    const lines = readFileSync(hexFile, 'utf8').split('\n');
    lines[0] = (parseInt(lines[0][0], 16) & ~1).toString(16).toUpperCase() + lines[0].slice(1);
    const broken = join(dir, 'broken.txt');
    writeFileSync(broken, lines.join('\n'));
    const r = runCli(['render', broken, '-f', 'ascii']);
    expect(r.status).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(0);
    expect(r.stderr).toBe(
      `a-maze-ing: note: ${broken} breaks 1 rule (border); it is drawn as it is, and 'a-maze-ing validate ${broken}' says where\n`,
    );
  });

  it('reports bad input in one line and leaves existing output untouched', () => {
    const out = join(dir, 'keep.svg');
    writeFileSync(out, 'old');
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, '12G\n\n0,0\n1,0\nE\n');
    const cases: [string[], RegExp][] = [
      [['render', join(dir, 'missing.txt'), '-o', out], /missing\.txt.*no such file/],
      [['render', bad, '-o', out], /bad\.txt, line 1, column 3: expected a hex digit/],
      [['render', hexFile, '-o', out, '--cell-size', 'big'], /--cell-size must be a whole number/],
      [
        ['render', hexFile, '-o', out, '--cell-size', '0'],
        /^a-maze-ing: --cell-size: cell size must be a whole number of pixels from 2 to 1000, got 0$/m,
      ],
      [
        ['render', hexFile, '-o', out, '--margin', '20000'],
        /^a-maze-ing: --margin: margin must be a whole number of pixels from 0 to 10000, got 20000$/m,
      ],
      [['render', hexFile, '-o', out, '--wall-color', 'chartreuse'], /colour name/],
      [['render', hexFile, '-o', out, '--theme', 'neon'], /default, light, dark, high-contrast, matlab/],
      [['render', hexFile, '-o', join(dir, 'no-such-dir', 'x.svg')], /no-such-dir/],
      [['render', hexFile, '-o', join(dir, 'maze.gif')], /--format/],
    ];
    for (const [args, message] of cases) {
      const r = runCli(args);
      expect(r.status, args.join(' ')).not.toBe(0);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
    }
    expect(readFileSync(out, 'utf8')).toBe('old');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const good = runCli(['render', hexFile, '-o', out]);
    expect(good.status).toBe(0);
    expect(good.stderr).toBe('');
    expect(readFileSync(out, 'utf8')).toMatch(/^<\?xml/);
    expect(existsSync(join(dir, 'maze.gif'))).toBe(false);
  });
});
