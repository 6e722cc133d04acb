import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGraph, THEMES, validate } from 'mazegen';
import { PNG } from 'pngjs';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';

/** The default command, render and validate on grids other than the plain square one: the graph JSON. */
let dir: string;
const write = (name: string, lines: string[]) => writeFileSync(join(dir, name), lines.join('\n') + '\n');

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
  write('hex.txt', ['GRID=sigma', 'WIDTH=8', 'HEIGHT=6', 'ENTRY=0,0', 'EXIT=7,5', 'OUTPUT_FILE=hex.json', 'PERFECT=True', 'SEED=42']);
  write('polar.txt', [
    'GRID=theta',
    'HEIGHT=4',
    'ENTRY=centre',
    'EXIT=outer',
    'OUTPUT_FILE=polar.json',
    'PERFECT=False',
    'SEED=7',
    'GENERATOR=Wilson',
  ]);
  write('mask.txt', ['..X...', '......', '.#..#.']);
  write('masked.txt', [
    'MASK=mask.txt',
    'ENTRY=left',
    'EXIT=right',
    'OUTPUT_FILE=masked.json',
    'PERFECT=True',
    'SEED=3',
    'GENERATOR=Eller',
  ]);
  write('torus.txt', ['WIDTH=6', 'HEIGHT=5', 'WRAP=xy', 'ENTRY=0,0', 'EXIT=3,2', 'OUTPUT_FILE=torus.json', 'PERFECT=True', 'SEED=1']);
});
afterAll(() => removeDir(dir));

describe('a-maze-ing CONFIG on other grids', () => {
  it('writes the graph JSON to OUTPUT_FILE and says so, with the note that the 42 is skipped', () => {
    const r = runCli(['hex.txt'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /^wrote hex\.json: 8x6 hex perfect maze by DFS, seed 42, path of \d+ moves \(AStar\), as graph JSON \(the hex file holds plain square mazes only\)\n/,
    );
    // Into a pipe the maze is drawn once, in plain blocks without colour (walls, the path dotted, S and E), below the summary.
    const picture = r.stdout
      .split('\n')
      .slice(1)
      .filter((line) => line !== '');
    expect(picture.length).toBeGreaterThan(10);
    expect(
      picture.every((line) => /^(██|··|S |E | {2})+$/.test(line.padEnd(line.length + (line.length % 2)))),
      picture.join('\n'),
    ).toBe(true);
    for (const mark of ['██', '··', 'S ', 'E ']) expect(picture.join('\n')).toContain(mark);
    expect(r.stderr).toBe('a-maze-ing: note: the 42 pattern is a feature of the plain square grid; this hex maze has none\n');
    const { maze, info } = parseGraph(readFileSync(join(dir, 'hex.json'), 'utf8'));
    expect(info).toMatchObject({ grid: 'hex', width: 8, height: 6, seed: '42', generator: 'DFS', entry: 0, exit: 47 });
    expect(validate(maze, { entry: info.entry, exit: info.exit, perfect: true, solution: info.solution })).toEqual([]);
  });

  it('makes polar boards, masked mazes (size from the mask) and tori', () => {
    for (const [config, json] of [
      ['polar.txt', 'polar.json'],
      ['masked.txt', 'masked.json'],
      ['torus.txt', 'torus.json'],
    ]) {
      const r = runCli([config, '--no-display'], { cwd: dir });
      expect(r.status, r.stderr).toBe(0);
      const { maze, info } = parseGraph(readFileSync(join(dir, json), 'utf8'));
      expect(validate(maze, { entry: info.entry, exit: info.exit, perfect: info.perfect ?? undefined, solution: info.solution })).toEqual(
        [],
      );
    }
    const masked = parseGraph(readFileSync(join(dir, 'masked.json'), 'utf8'));
    expect(masked.maze.topology).toMatchObject({ kind: 'square', width: 6, height: 3 });
    expect([2, 13, 16].every((cell) => masked.maze.isBlocked(cell))).toBe(true);
  });

  it('refuses in one line, naming the line: a generator off its grids, a disconnected mask, an end on a masked cell', () => {
    write('eller-hex.txt', [
      'GRID=hex',
      'WIDTH=8',
      'HEIGHT=6',
      'ENTRY=0,0',
      'EXIT=7,5',
      'OUTPUT_FILE=no.json',
      'PERFECT=True',
      'GENERATOR=Eller',
    ]);
    let r = runCli(['eller-hex.txt'], { cwd: dir });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      'a-maze-ing: eller-hex.txt, line 8: Eller works on the square grid only, without wrap; on the hex grid use one of DFS, Kruskal, Prim, TruePrim, Wilson, AldousBroder, GrowingTree, HuntAndKill\n',
    );
    write('split.txt', ['..X..', '..X..']);
    write('split-config.txt', ['MASK=split.txt', 'ENTRY=0,0', 'EXIT=4,1', 'OUTPUT_FILE=no.json', 'PERFECT=True']);
    r = runCli(['split-config.txt'], { cwd: dir });
    expect(r.stderr).toBe(
      'a-maze-ing: split-config.txt, line 1: the mask leaves 2 separate regions of cells; a maze needs one (join them or mask the smaller ones)\n',
    );
    write('on-mask.txt', ['MASK=mask.txt', 'ENTRY=2,0', 'EXIT=5,2', 'OUTPUT_FILE=no.json', 'PERFECT=True']);
    r = runCli(['on-mask.txt'], { cwd: dir });
    expect(r.stderr).toBe('a-maze-ing: on-mask.txt, line 2: ENTRY (2,0) is a masked cell, outside the maze; choose a cell of the shape\n');
    expect(r.status).toBe(1);
    expect(existsSync(join(dir, 'no.json'))).toBe(false);
  });
});

describe('render and validate read the graph JSON', () => {
  it('validate passes a graph file and names the broken rules of a changed one', () => {
    runCli(['hex.txt', '--no-display'], { cwd: dir });
    const ok = runCli(['validate', 'hex.json'], { cwd: dir });
    expect(ok).toMatchObject({ status: 0, stderr: '' });
    expect(ok.stdout).toMatch(/^hex\.json: OK: hex maze of 48 cells, a shortest path of \d+ moves; every rule holds\n$/);
    const graph = JSON.parse(readFileSync(join(dir, 'hex.json'), 'utf8'));
    graph.links.find((l: { open: boolean }) => !l.open).open = true;
    writeFileSync(join(dir, 'loop.json'), JSON.stringify(graph));
    const bad = runCli(['validate', 'loop.json'], { cwd: dir });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/^loop\.json: perfect: the maze has 1 loop/);
  });

  it('render --format graph writes any maze as graph JSON: a graph file back as it was, a square hex file, a grid config', () => {
    runCli(['hex.txt', '--no-display'], { cwd: dir });
    expect(runCli(['render', 'hex.json', '--format', 'graph', '-o', 'back.json'], { cwd: dir }).status).toBe(0);
    expect(readFileSync(join(dir, 'back.json'), 'utf8')).toBe(readFileSync(join(dir, 'hex.json'), 'utf8'));
    const fromConfig = runCli(['render', 'hex.txt', '--format', 'graph'], { cwd: dir });
    expect(fromConfig.stdout).toBe(readFileSync(join(dir, 'hex.json'), 'utf8'));
    write('square.txt', ['WIDTH=5', 'HEIGHT=4', 'ENTRY=0,0', 'EXIT=4,3', 'OUTPUT_FILE=square.hex', 'PERFECT=True', 'SEED=1']);
    expect(runCli(['square.txt', '--no-display'], { cwd: dir }).status).toBe(0);
    const square = runCli(['render', 'square.hex', '--format', 'graph'], { cwd: dir });
    const { maze, info } = parseGraph(square.stdout);
    expect(info).toMatchObject({ grid: 'square', width: 5, height: 4, entry: 0, exit: 19 });
    expect(validate(maze, { entry: info.entry, exit: info.exit, perfect: true, solution: info.solution })).toEqual([]);
    const svg = runCli(['render', 'polar.txt', '--format', 'svg', '--path'], { cwd: dir });
    expect(svg.status).toBe(0);
    expect(svg.stdout).toMatch(/^<svg [^>]*>\n<title>polar maze, seed 7<\/title>/);
    expect(svg.stdout).toMatch(/A\d+(\.\d+)? \d+(\.\d+)? 0 0 [01] /);
    expect(svg.stdout).toContain('<polyline');
    // Every format but the hex wall file, which holds square cells only (test/render/parity.test.ts covers each).
    expect(runCli(['render', 'hex.json', '--format', 'ascii', '-o', 'hex.txt.out'], { cwd: dir }).status).toBe(0);
    expect(readFileSync(join(dir, 'hex.txt.out'), 'utf8')).toMatch(/^#+\n/);
    const wall = runCli(['render', 'hex.json', '--format', 'hex', '-o', 'hex.hex.out'], { cwd: dir });
    expect(wall.status).toBe(1);
    expect(wall.stderr).toBe(
      'a-maze-ing: hex.json: the hex wall file holds plain square mazes only, not this 8x6 hex grid maze; write it as --format svg, png, pdf, ascii, unicode, blocks, json or graph\n',
    );
    expect(existsSync(join(dir, 'hex.hex.out'))).toBe(false);
  });
});

describe('EXIT=farthest, ENTRY=EXIT=hardest and LEVEL on grid configs, and validate --config', () => {
  it('makes them, and validate --config checks the grid, the shape, the ends and PERFECT against the config', () => {
    write('far.txt', ['GRID=theta', 'HEIGHT=4', 'ENTRY=centre', 'EXIT=farthest', 'OUTPUT_FILE=far.json', 'PERFECT=True', 'SEED=8']);
    write('hard.txt', [
      'GRID=hex',
      'WIDTH=9',
      'HEIGHT=8',
      'SHAPE=heart',
      'ENTRY=hardest',
      'EXIT=hardest',
      'OUTPUT_FILE=hard.json',
      'PERFECT=False',
      'SEED=8',
      'LEVEL=expert',
    ]);
    for (const config of ['far.txt', 'hard.txt']) {
      const r = runCli([config, '--no-display'], { cwd: dir });
      expect(r.status, r.stderr).toBe(0);
      const ok = runCli(['validate', config.replace('.txt', '.json'), '--config', config], { cwd: dir });
      expect(ok.stdout, ok.stdout).toMatch(
        new RegExp(`OK: .* every rule holds as ${config.replace('.', '\\.')} asks \\(PERFECT=(True|False)\\)\\n$`),
      );
      expect(ok.status).toBe(0);
    }
    const hard = parseGraph(readFileSync(join(dir, 'hard.json'), 'utf8'));
    expect(hard.maze.countOpenCells()).toBeLessThan(72); // the heart
    // The file against other configs: another exit rule, another outline, another grid.
    write('far-outer.txt', ['GRID=theta', 'HEIGHT=4', 'ENTRY=centre', 'EXIT=outer', 'OUTPUT_FILE=x.json', 'PERFECT=True']);
    const graph = JSON.parse(readFileSync(join(dir, 'far.json'), 'utf8'));
    const { maze, info } = parseGraph(readFileSync(join(dir, 'far.json'), 'utf8'));
    const ring = (cell: number) => (maze.topology.coordinates(cell) as { ring: number }).ring;
    const r1 = runCli(['validate', 'far.json', '--config', 'far-outer.txt'], { cwd: dir });
    expect(r1.status).toBe(ring(info.exit) === 4 ? 0 : 1);
    // Moving the exit one cell inward breaks EXIT=farthest (and the listed path).
    const inner = maze.topology.neighbour(info.exit, 0);
    graph.graph.exit = inner;
    writeFileSync(join(dir, 'moved.json'), JSON.stringify(graph));
    const r2 = runCli(['validate', 'moved.json', '--config', 'far.txt'], { cwd: dir });
    expect(r2.status).toBe(1);
    expect(r2.stdout).toMatch(
      /^moved\.json: config: the config asks for EXIT=farthest, but \(0,0\) and \(\d+,\d+\) are \d+ moves apart and a cell \d+ moves from the entry exists\n/,
    );
    write('hard-circle.txt', [
      'GRID=hex',
      'WIDTH=9',
      'HEIGHT=8',
      'SHAPE=circle',
      'ENTRY=hardest',
      'EXIT=hardest',
      'OUTPUT_FILE=x.json',
      'PERFECT=False',
    ]);
    const r3 = runCli(['validate', 'hard.json', '--config', 'hard-circle.txt'], { cwd: dir });
    expect(r3.status).toBe(1);
    expect(r3.stdout).toMatch(/^hard\.json: config: \d+ cells? (is|are) masked differently from the config's SHAPE=circle\n$/);
    const r4 = runCli(['validate', 'hard.json', '--config', 'hex.txt'], { cwd: dir });
    expect(r4.stdout).toMatch(/^hard\.json: config: the maze is a 9x8 hex grid, the config asks for 8x6 hex\n/);
    const r5 = runCli(['validate', 'hard.json', '--config', 'far.txt'], { cwd: dir });
    expect(r5.stdout).toMatch(/^hard\.json: config: the maze is a 9x8 hex grid, the config asks for 6x4 polar\n/);
    expect(r5.stdout).toMatch(/\nhard\.json: perfect: the maze has \d+ loops?; a perfect maze has exactly one path between two cells\n$/);
  });
});

describe('render --format png on every grid', () => {
  const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const theme = THEMES.default;
  /** The PNG's pixel at drawing-unit point p (the default layout: 16 px a unit, 8 px of margin). */
  const pixel = (png: PNG, p: { x: number; y: number }, scale = 16, margin = 8) => {
    const i = (Math.floor(margin + p.y * scale) * png.width + Math.floor(margin + p.x * scale)) * 4;
    return [png.data[i], png.data[i + 1], png.data[i + 2]];
  };

  it('draws walls where the graph has walls, the path in its colour, the marks on their cells: hex, polar, triangle, a masked square', () => {
    write('tri.txt', ['GRID=delta', 'WIDTH=12', 'HEIGHT=5', 'ENTRY=0,0', 'EXIT=11,4', 'OUTPUT_FILE=tri.json', 'PERFECT=True', 'SEED=5']);
    for (const config of ['hex.txt', 'polar.txt', 'tri.txt', 'masked.txt']) {
      const json = config.replace('.txt', '.json');
      expect(runCli([config, '--no-display'], { cwd: dir }).status).toBe(0);
      const r = runCli(['render', json, '--format', 'png', '--path', '-o', `${json}.png`], { cwd: dir });
      expect(r, r.stderr).toMatchObject({ status: 0, stderr: '' });
      const png = PNG.sync.read(readFileSync(join(dir, `${json}.png`)));
      const { maze, info } = parseGraph(readFileSync(join(dir, json), 'utf8'));
      const t = maze.topology;
      expect(png.width).toBe(Math.ceil(t.extent.width * 16 + 16));
      expect(png.height).toBe(Math.ceil(t.extent.height * 16 + 16));
      const c = t.kind === 'polar' ? t.height + 1 : 0;
      const around = new Int32Array(t.maxDegree);
      let walls = 0;
      for (let cell = 0; cell < t.size; cell++) {
        if (maze.isBlocked(cell) || cell === info.entry || cell === info.exit) continue;
        const corners = t.corners(cell);
        const degree = t.neighbours(cell, around);
        for (let s = 0; s < degree; s++) {
          if (maze.isOpen(cell, s)) continue;
          const [a, b] = [corners[s], corners[(s + 1) % corners.length]];
          let mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
          const ra = Math.hypot(a.x - c, a.y - c);
          if (t.kind === 'polar' && Math.abs(ra - Math.hypot(b.x - c, b.y - c)) < 1e-9) {
            const d = Math.hypot(mid.x - c, mid.y - c); // the arc's middle, not the chord's
            mid = { x: c + ((mid.x - c) * ra) / d, y: c + ((mid.y - c) * ra) / d };
          }
          expect(pixel(png, mid), `${json}: wall ${cell}/${s}`).toEqual(rgb(theme.wall));
          walls++;
        }
      }
      expect(walls).toBeGreaterThan(t.size / 2);
      const path = info.solution!;
      for (let i = 2; i < path.length - 1; i++) {
        const [p, q] = [t.centre(path[i - 1]), t.centre(path[i])];
        expect(pixel(png, { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 }), `${json}: path step ${i}`).toEqual(rgb(theme.path));
      }
      expect(pixel(png, t.centre(info.entry))).toEqual(rgb(theme.entry));
      expect(pixel(png, t.centre(info.exit))).toEqual(rgb(theme.exit));
      // Inside a cell off the path and away from its walls: the background.
      const quiet = Array.from({ length: t.size }, (_, k) => k).filter((k) => !path.includes(k) && !maze.isBlocked(k));
      for (const cell of quiet.slice(0, 20)) expect(pixel(png, t.centre(cell))).toEqual(rgb(theme.background));
    }
  });

  it('draws a grid config straight away, at a --cell-size, in a --theme, and refuses a bad size in one line', () => {
    const r = runCli(['render', 'polar.txt', '--format', 'png', '--cell-size', '10', '--theme', 'dark', '-o', 'polar10.png'], { cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    const png = PNG.sync.read(readFileSync(join(dir, 'polar10.png')));
    const { maze } = parseGraph(readFileSync(join(dir, 'polar.json'), 'utf8'));
    expect(png.width).toBe(Math.ceil(maze.topology.extent.width * 10 + 10));
    expect(pixel(png, { x: 0, y: 0 }, 10, 5)).toEqual(rgb(THEMES.dark.background));
    const bad = runCli(['render', 'hex.json', '--format', 'png', '--cell-size', '1', '-o', 'no.png'], { cwd: dir });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('a-maze-ing: --cell-size: cell size must be a whole number of pixels from 2 to 1000, got 1\n');
    expect(existsSync(join(dir, 'no.png'))).toBe(false);
  });
});

describe('stats and view on other grids', () => {
  it('stats measures the grid maze; view refuses a grid config whose MASK file is missing in one line (the page shows the others: packages/viewer/test/grids.test.ts)', () => {
    const r = runCli(['stats', 'hex.txt'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^grid +hex 8x6\nseed +42\ngenerator +DFS\ncells +48\npassages +47\n/);
    expect(r.stdout).toMatch(/\nloops +0\n/);
    const json = JSON.parse(runCli(['stats', 'polar.txt', '--json'], { cwd: dir }).stdout);
    expect(json).toMatchObject({ grid: 'polar', generator: 'Wilson', perfect: false, components: 1 });
    expect(json.loops).toBeGreaterThanOrEqual(2);
    // The grid JSON's keys and order are a promise: junctions are the cells of 3 or more openings, the path's figures without turns.
    expect(Object.keys(json).join(' ')).toBe(
      'grid cells maskedCells passages deadEnds deadEndShare junctions openings longestCorridor components loops entry exit solution seed generator perfect solver',
    );
    expect(json.junctions).toBe(json.openings.slice(3).reduce((s: number, n: number) => s + n, 0));
    expect(Object.keys(json.solution).join(' ')).toBe('length cells decisionPoints share');
    write('lost-mask.txt', ['GRID=hex', 'MASK=no-such-mask.txt', 'ENTRY=0,0', 'EXIT=1,1', 'OUTPUT_FILE=lost.json', 'PERFECT=True']);
    const view = runCli(['view', 'lost-mask.txt', '--no-open', '--port', '0'], { cwd: dir });
    expect(view.status).toBe(1);
    expect(view.stderr).toMatch(/^a-maze-ing: .*no-such-mask\.txt.*\n$/);
    expect(view.stderr.split('\n')).toHaveLength(2);
  });
});

describe('PNG masks', () => {
  it('reads dark and transparent pixels as no cell, sampled to WIDTH x HEIGHT, or at its own size', () => {
    const image = new PNG({ width: 8, height: 8 });
    image.data.fill(255);
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) {
        const i = (y * 8 + x) * 4;
        if (x < 2 && y < 2) image.data[i + 3] = 0; // transparent: cell (0,0) of a 4x4 maze
        if (x >= 6 && y >= 6) image.data.fill(0, i, i + 3); // black: cell (3,3)
      }
    }
    writeFileSync(join(dir, 'mask.png'), PNG.sync.write(image));
    write('png.txt', ['MASK=mask.png', 'WIDTH=4', 'HEIGHT=4', 'ENTRY=1,0', 'EXIT=2,3', 'OUTPUT_FILE=png.json', 'PERFECT=True', 'SEED=2']);
    expect(runCli(['png.txt', '--no-display'], { cwd: dir }).status).toBe(0);
    const { maze } = parseGraph(readFileSync(join(dir, 'png.json'), 'utf8'));
    expect(Array.from({ length: 16 }, (_, c) => (maze.isBlocked(c) ? 1 : 0))).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    write('png-own.txt', ['MASK=mask.png', 'ENTRY=2,0', 'EXIT=5,7', 'OUTPUT_FILE=own.json', 'PERFECT=True']);
    expect(runCli(['png-own.txt', '--no-display'], { cwd: dir }).status).toBe(0);
    expect(parseGraph(readFileSync(join(dir, 'own.json'), 'utf8')).maze.countOpenCells()).toBe(64 - 8);
    writeFileSync(join(dir, 'bad.png'), 'not a png');
    write('bad-png.txt', ['MASK=bad.png', 'WIDTH=4', 'HEIGHT=4', 'ENTRY=1,0', 'EXIT=2,3', 'OUTPUT_FILE=bad.json', 'PERFECT=True']);
    const bad = runCli(['bad-png.txt'], { cwd: dir });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^a-maze-ing: bad-png\.txt, line 1: MASK 'bad\.png' is not a PNG this reader understands: .*\n$/);
  });
});
