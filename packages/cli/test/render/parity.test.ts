/**
 * Every grid gets every format: `render` through the real binary for the square grid, hex,
 * triangle, polar, an outline (SHAPE), a mask (MASK) and wraps (WRAP), each format read back
 * (JSON, graph, blocks, the texts to the very maze; the PNG decoded; the PDF loaded with its
 * two pages), the maze files it writes rendered again to the same bytes, and the hex wall
 * file refused on every grid but the plain square one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GridMaze, parseGraph, parseHex, parseJson } from 'mazegen';
import { RASTER_CODE } from 'mazegen/render';
import { blocksToMaze, gridTextToBlocks, parseBlockMatrix, parseTextMaze, type JsonMaze } from 'mazegen/internal';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockComponents } from '../../../mazegen/test/support/grid-walls.js';
import { assertBuilt, BIN, makeTempDir, removeDir, runCli } from '../e2e/run-cli.js';

let dir: string;

const GRIDS: Record<string, string[]> = {
  square: ['WIDTH=9', 'HEIGHT=7', 'ENTRY=0,0', 'EXIT=8,6'],
  hex: ['GRID=hex', 'WIDTH=8', 'HEIGHT=6', 'ENTRY=left', 'EXIT=right'],
  triangle: ['GRID=triangle', 'WIDTH=11', 'HEIGHT=6', 'ENTRY=0,0', 'EXIT=10,5'],
  polar: ['GRID=polar', 'WIDTH=6', 'HEIGHT=4', 'ENTRY=centre', 'EXIT=outer'],
  shape: ['GRID=hex', 'WIDTH=10', 'HEIGHT=9', 'SHAPE=heart', 'ENTRY=hardest', 'EXIT=hardest'],
  mask: ['MASK=mask.txt', 'ENTRY=0,0', 'EXIT=7,4'],
  'square-wrap': ['WIDTH=8', 'HEIGHT=6', 'WRAP=xy', 'ENTRY=0,0', 'EXIT=4,3'],
  'hex-wrap': ['GRID=hex', 'WIDTH=8', 'HEIGHT=5', 'WRAP=x', 'ENTRY=top', 'EXIT=bottom'],
};
const FORMATS = ['svg', 'png', 'pdf', 'ascii', 'unicode', 'blocks', 'json', 'graph'] as const;

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-parity-');
  writeFileSync(join(dir, 'mask.txt'), ['........', '..XX....', '........', '....XX..', '........', ''].join('\n'));
  for (const [name, lines] of Object.entries(GRIDS))
    writeFileSync(join(dir, `${name}.cfg`), [...lines, `OUTPUT_FILE=${name}.out`, 'PERFECT=True', 'SEED=5', ''].join('\n'));
});
afterAll(() => removeDir(dir));

/** `render INPUT --format F --path -o FILE`: the file's bytes (exit 0 and no more than the seed line asserted). */
function render(input: string, format: string, file: string): Buffer {
  const r = runCli(['render', input, '--format', format, '--path', '-o', file], { cwd: dir });
  expect(r.status, `${input} ${format}: ${r.stderr}`).toBe(0);
  expect(r.stderr.split('\n').filter((l) => l && !/^seed \d+$/.test(l))).toEqual([]);
  const bytes = readFileSync(join(dir, file));
  expect(bytes.length, `${input} ${format}`).toBeGreaterThan(0);
  return bytes;
}

/** A PDF of `render ARGS --format pdf` to standard output, as bytes. */
function runPdf(args: string[]): Buffer {
  const r = spawnSync(process.execPath, [BIN, 'render', ...args, '--format', 'pdf'], { cwd: dir });
  expect(r.status, r.stderr.toString()).toBe(0);
  return r.stdout;
}

/** True when a start block reaches the end block by steps between side-by-side path blocks. */
function walkable(values: Uint8Array, rows: number, cols: number, wrap: string): boolean {
  const labels = blockComponents(values, rows, cols, wrap === 'x' || wrap === 'xy', wrap === 'y' || wrap === 'xy');
  return labels[values.indexOf(RASTER_CODE.START)] === labels[values.indexOf(RASTER_CODE.END)];
}

describe('render: every grid in every format', () => {
  for (const grid of Object.keys(GRIDS)) {
    it(`${grid}: ${FORMATS.join(', ')}, each read back; the maze files render again to the same bytes`, async () => {
      const cfg = `${grid}.cfg`;
      const out: Record<string, Buffer> = {};
      for (const format of FORMATS) out[format] = render(cfg, format, `${grid}.${format}`);
      const text = (format: string) => out[format].toString('utf8');

      // The maze itself, from its JSON, and the graph agrees.
      const doc: JsonMaze = parseJson(text('json'));
      const { maze } = doc;
      const t = maze.topology;
      expect(doc.formatVersion).toBe(grid === 'square' ? 1 : 2);
      const graph = parseGraph(text('graph'));
      expect(graph.maze.equals(maze)).toBe(true);
      expect([graph.info.entry, graph.info.exit]).toEqual([doc.entry, doc.exit]);
      expect(graph.info.solution).toEqual(Array.from(doc.solution!));

      // The block matrix reads back to the maze, and its start reaches its end.
      const blocks = parseBlockMatrix(text('blocks'));
      const fromBlocks = blocksToMaze(blocks, t);
      expect(fromBlocks.maze.equals(maze)).toBe(true);
      expect([fromBlocks.entry, fromBlocks.exit]).toEqual([doc.entry, doc.exit]);
      expect(walkable(blocks.values, blocks.rows, blocks.cols, t.wrap)).toBe(true);

      // The texts: the square lattice or the blocks two characters each, with the path marked.
      for (const format of ['ascii', 'unicode'] as const) {
        if (t.kind === 'square') {
          const lattice = parseTextMaze(text(format));
          expect(new GridMaze(t, lattice.maze.cells).equals(maze), format).toBe(true);
          expect(lattice.pathCells.length, format).toBeGreaterThan(0);
        } else {
          const back = blocksToMaze(gridTextToBlocks(text(format)), t);
          expect(back.maze.equals(maze), format).toBe(true);
          expect(text(format)).toContain(format === 'ascii' ? '..' : '··');
        }
      }

      expect(text('svg')).toMatch(/^(<\?xml [^>]*>\s*)?<svg [^>]*>/);
      expect(text('svg').trimEnd()).toMatch(/<\/svg>$/);
      const png = PNG.sync.read(out.png);
      expect(png.width).toBeGreaterThan(20);
      let dark = 0;
      for (let i = 0; i < png.data.length; i += 4) if (png.data[i] + png.data[i + 1] + png.data[i + 2] < 100) dark++;
      expect(dark).toBeGreaterThan(0);
      expect(dark).toBeLessThan(png.width * png.height);
      expect(out.pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const pdf = await PDFDocument.load(out.pdf);
      expect(pdf.getPageCount()).toBe(2);
      expect(pdf.getPages().map((p) => Math.round(p.getWidth()))).toEqual([595, 595]);

      // The maze files the render wrote are inputs too: the same maze, the same bytes.
      for (const file of [`${grid}.json`, `${grid}.graph`]) {
        for (const format of ['blocks', 'ascii', 'json'] as const) {
          expect(render(file, format, `${grid}.again.${format}`).equals(out[format]), `${file} as ${format}`).toBe(true);
        }
      }
    });
  }

  it('a grid maze to standard output, its JSON checked by validate, a sheet of several from its config, and a picture too big refused first', async () => {
    const file = render('hex.cfg', 'ascii', 'out.ascii').toString('utf8');
    render('hex.cfg', 'json', 'out.json');
    render('polar.cfg', 'json', 'polar-out.json');
    const printed = runCli(['render', 'hex.cfg', '--format', 'ascii', '--path'], { cwd: dir });
    expect(printed.stdout).toBe(file);
    // Standard input cannot be looked at twice: a grid's file is read by its path.
    const piped = runCli(['render', '-', '--format', 'ascii'], { cwd: dir, input: readFileSync(join(dir, 'out.json'), 'utf8') });
    expect(piped).toMatchObject({ status: 1, stdout: '' });
    expect(piped.stderr).toBe(
      "a-maze-ing: standard input holds a maze of another grid; render reads one from its file: give the file's path\n",
    );
    // A grid's config piped in is refused the same way (it used to be drawn as a square maze of its WIDTH and HEIGHT).
    const config = runCli(['render', '-', '--format', 'ascii'], { cwd: dir, input: readFileSync(join(dir, 'hex.cfg'), 'utf8') });
    expect(config).toMatchObject({ status: 1, stdout: '' });
    expect(config.stderr).toBe(
      "a-maze-ing: standard input holds a config of the hex grid; render reads one from its file: give the file's path\n",
    );
    const ok = runCli(['validate', 'out.json'], { cwd: dir });
    expect(ok.stdout).toMatch(/^out\.json: OK: hex maze of 48 cells, a shortest path of \d+ moves; every rule holds\n$/);
    const sheet = await PDFDocument.load(runPdf(['polar.cfg', '--per-page', '4']));
    expect(sheet.getPageCount()).toBe(2);
    const one = runCli(['render', 'polar-out.json', '--format', 'pdf', '--per-page', '4', '-o', 'no.pdf'], { cwd: dir });
    expect(one.status).toBe(2);
    expect(one.stderr).toMatch(/^a-maze-ing: --per-page 4 makes its mazes from a config's seed; polar-out\.json is a maze file/);
    writeFileSync(
      join(dir, 'huge.cfg'),
      ['GRID=hex', 'WIDTH=3000', 'HEIGHT=2000', 'ENTRY=0,0', 'EXIT=1,1', 'OUTPUT_FILE=h.json', 'PERFECT=True', ''].join('\n'),
    );
    const huge = runCli(['render', 'huge.cfg', '--format', 'blocks', '-o', 'huge.blocks'], { cwd: dir });
    expect(huge.status).toBe(1);
    expect(huge.stderr).toBe(
      'a-maze-ing: huge.cfg: a hex maze of 6000000 cells is 18002x13860 blocks as a block picture, over the 67108864 blocks the block, ASCII and Unicode formats draw; write it as svg, png, json or graph\n',
    );
    expect(existsSync(join(dir, 'huge.blocks'))).toBe(false);
  });

  it('the hex wall file: the plain square maze has one, every other grid is refused in one line naming the formats that can', () => {
    expect(parseHex(render('square.cfg', 'hex', 'square.hex').toString('utf8')).maze.width).toBe(9);
    // A plain square maze read from its graph file is the same hex file.
    render('square.cfg', 'graph', 'plain.graph');
    expect(render('plain.graph', 'hex', 'plain.hex').equals(readFileSync(join(dir, 'square.hex')))).toBe(true);
    for (const [grid, what] of [
      ['hex', '8x6 hex grid'],
      ['polar', '4-ring polar grid (first ring 6)'],
      ['mask', '8x5 square grid with cells outside the maze'],
      ['square-wrap', '8x6 square grid wrapped xy'],
    ]) {
      const r = runCli(['render', `${grid}.cfg`, '--format', 'hex', '-o', `${grid}.hex`], { cwd: dir });
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `a-maze-ing: ${grid}.cfg: the hex wall file holds plain square mazes only, not this ${what} maze; write it as --format svg, png, pdf, ascii, unicode, blocks, json or graph\n`,
      );
    }
  });
});
