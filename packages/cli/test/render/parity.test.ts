/**
 * Every grid gets every format: `render` through the real binary for the square grid, hex,
 * triangle, polar, an outline (SHAPE), a mask (MASK) and wraps (WRAP), each format read back
 * (JSON, graph, blocks, the texts to the very maze; the PNG decoded; the PDF loaded with its
 * two pages), the maze files it writes rendered again to the same bytes, and the hex wall
 * file refused on every grid but the plain square one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  blocksToGridMaze,
  GridMaze,
  gridTextToBlocks,
  parseBlockMatrix,
  parseGraph,
  parseGridJson,
  parseHex,
  parseTextMaze,
  RASTER_CODE,
  type GridJsonMaze,
} from 'mazegen';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockComponents } from '../../../mazegen/test/support/grid-walls.js';
import { assertBuilt, makeTempDir, removeDir, runCli } from '../e2e/run-cli.js';

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
      const doc: GridJsonMaze = parseGridJson(text('json'));
      const { maze } = doc;
      const t = maze.topology;
      expect(doc.formatVersion).toBe(grid === 'square' ? 1 : 2);
      const graph = parseGraph(text('graph'));
      expect(graph.maze.equals(maze)).toBe(true);
      expect([graph.info.entry, graph.info.exit]).toEqual([doc.entry, doc.exit]);
      expect(graph.info.solution).toEqual(Array.from(doc.solution!));

      // The block matrix reads back to the maze, and its start reaches its end.
      const blocks = parseBlockMatrix(text('blocks'));
      const fromBlocks = blocksToGridMaze(blocks, t);
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
          const back = blocksToGridMaze(gridTextToBlocks(text(format)), t);
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
