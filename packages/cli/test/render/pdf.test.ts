/**
 * `render --format pdf` through the real binary, the file parsed back with pdf-lib (an
 * independent reader, kept for the tests only): pages,
 * paper sizes, and where the drawing lies (read from the pages' content streams).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { generateMaze } from 'mazegen';
import { isPlainSquareConfig, parseConfig, toMazeOptions, type ConfigOptions, type PlainSquareConfig } from 'mazegen/config';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetLayout, type MazePlacement } from '../../src/pdf.js';
import { assertBuilt, makeTempDir, removeDir, runCli } from '../e2e/run-cli.js';

/** The config as the plain square grid's (the square options, a `Maze` with Point ends); a test config of another grid is a mistake here. */
function plainSquare(config: ConfigOptions): PlainSquareConfig {
  if (!isPlainSquareConfig(config)) throw new Error(`the test's config is of the ${config.grid} grid, not the plain square one`);
  return config;
}

const CONFIG = 'WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=42\n';
const MM = 72 / 25.4;
let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-pdf-');
  writeFileSync(join(dir, 'config.txt'), CONFIG);
});
afterAll(() => removeDir(dir));

/** The content streams' text of a page, inflated. */
function contentOf(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => {
      const stream = doc.context.lookup(ref!) as PDFRawStream;
      const flate = stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode');
      return Buffer.from(flate ? inflateSync(stream.contents) : stream.contents).toString('latin1');
    })
    .join('\n');
}

/** Every point a path goes through (the operands of m and l), in PDF points. */
function pathPoints(content: string): { x: number; y: number }[] {
  const points: { x: number; y: number }[] = [];
  const stack: number[] = [];
  for (const token of content.split(/\s+/)) {
    if (/^-?\d*\.?\d+(e-?\d+)?$/.test(token)) stack.push(Number(token));
    else {
      if (token === 'm' || token === 'l') points.push({ x: stack[stack.length - 2], y: stack[stack.length - 1] });
      stack.length = 0;
    }
  }
  return points;
}

/** The text shown: each line a literal string before Tj, `\\`, `\\(`, `\\)` escaped and codes past ASCII in octal (WinAnsi). */
function texts(content: string): string[] {
  return [...content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)].map((m) =>
    m[1].replace(/\\([0-7]{3}|.)/g, (_, c: string) => (c.length === 3 ? String.fromCharCode(parseInt(c, 8)) : c)),
  );
}

function bounds(points: { x: number; y: number }[]) {
  return {
    left: Math.min(...points.map((p) => p.x)),
    right: Math.max(...points.map((p) => p.x)),
    bottom: Math.min(...points.map((p) => p.y)),
    top: Math.max(...points.map((p) => p.y)),
  };
}

const inside = (p: { x: number; y: number }, box: MazePlacement, pad: number) =>
  p.x >= box.left - pad && p.x <= box.left + box.width + pad && p.y <= box.top + pad && p.y >= box.top - box.height - pad;

async function render(args: string[]): Promise<{ doc: PDFDocument; bytes: Buffer; stderr: string }> {
  const r = runCli(['render', 'config.txt', ...args, '-o', 'sheet.pdf'], { cwd: dir });
  expect(r.status, r.stderr).toBe(0);
  const bytes = readFileSync(join(dir, 'sheet.pdf'));
  return { doc: await PDFDocument.load(bytes), bytes, stderr: r.stderr };
}

describe('a-maze-ing render --format pdf', () => {
  it('an A4 puzzle sheet and its answer page: the maze centred, inside the margins, the path only on page 2', async () => {
    const { doc, bytes } = await render(['--format', 'pdf']);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(doc.getPageCount()).toBe(2);
    for (const page of doc.getPages()) expect([page.getWidth(), page.getHeight()]).toEqual([595.28, 841.89]);
    const maze = generateMaze(toMazeOptions(plainSquare(parseConfig(CONFIG))));
    const [box] = sheetLayout([maze], { paper: 'a4', perPage: 1 });
    // Centred across the page, and the cells wide enough for a pen (3 mm).
    expect(box.left + box.width / 2).toBeCloseTo(595.28 / 2, 6);
    expect(box.cell).toBeGreaterThan(3 * MM);
    const [sheet, answers] = doc.getPages().map((page) => contentOf(doc, page));
    const drawn = bounds(pathPoints(sheet));
    // The walls reach the maze's box exactly; the arrows stick out left and right, the same on both sides.
    expect(drawn.top).toBeCloseTo(box.top, 3);
    expect(drawn.bottom).toBeCloseTo(box.top - box.height, 3);
    expect(drawn.left).toBeLessThan(box.left);
    expect(box.left - drawn.left).toBeCloseTo(drawn.right - (box.left + box.width), 3);
    expect(drawn.left).toBeGreaterThan(15 * MM);
    expect(drawn.right).toBeLessThan(595.28 - 15 * MM);
    // The solution's grey line is on the answer page only, and adds one point per path cell.
    expect(sheet).not.toContain('0.5 G');
    expect(answers).toContain('0.5 G');
    expect(pathPoints(answers).length - pathPoints(sheet).length).toBeGreaterThan(20);
    // The marks and the footer, which says how to make it again.
    expect(texts(sheet)).toEqual([
      'start',
      'finish',
      '20x15 maze by DFS, seed 42; make it again: SEED=42 in the config, then a-maze-ing render CONFIG --format pdf --paper a4',
    ]);
    expect(texts(answers).at(-1)).toMatch(/^Answers\. 20x15 maze/);
  });

  it('--paper letter --per-page 4: four mazes to a Letter page in their slots, then the answers; the same bytes twice', async () => {
    const { doc, bytes } = await render(['--format', 'pdf', '--paper', 'letter', '--per-page', '4']);
    expect(doc.getPageCount()).toBe(2);
    for (const page of doc.getPages()) expect([page.getWidth(), page.getHeight()]).toEqual([612, 792]);
    const maze = generateMaze(toMazeOptions(plainSquare(parseConfig(CONFIG))));
    const boxes = sheetLayout([maze, maze, maze, maze], { paper: 'letter', perPage: 4 });
    const points = pathPoints(contentOf(doc, doc.getPage(0)));
    for (const box of boxes) expect(points.filter((p) => inside(p, box, 0.01)).length).toBeGreaterThan(50);
    expect(points.every((p) => boxes.some((box) => inside(p, box, 9 * MM)))).toBe(true);
    // Boxes do not overlap.
    for (let i = 0; i < 4; i++)
      for (let j = i + 1; j < 4; j++)
        expect(boxes[i].left + boxes[i].width <= boxes[j].left || boxes[i].top - boxes[i].height >= boxes[j].top).toBe(true);
    const again = await render(['--format', 'pdf', '--paper', 'letter', '--per-page', '4']);
    expect(again.bytes.equals(bytes)).toBe(true);
  });

  it('refuses what it cannot do in one line, exit 2', () => {
    expect(runCli(['config.txt', '--no-display', '--quiet'], { cwd: dir }).status).toBe(0);
    const cases: [string[], string][] = [
      [
        ['render', 'maze.txt', '-o', 'x.pdf', '--per-page', '2'],
        "a-maze-ing: --per-page 2 makes its mazes from a config's seed; maze.txt is a maze file, which holds one maze (give the config, or --per-page 1)\n",
      ],
      [['render', 'config.txt', '-o', 'x.pdf', '--paper', 'a5'], "a-maze-ing: --paper must be a4 or letter, got 'a5'\n"],
      [
        ['render', 'config.txt', '-o', 'x.pdf', '--per-page', '13'],
        "a-maze-ing: --per-page must be a whole number from 1 to 12, got '13'\n",
      ],
      [['render', 'config.txt', '-o', 'x.svg', '--paper', 'a4'], 'a-maze-ing: --paper and --per-page are for --format pdf\n'],
    ];
    for (const [args, message] of cases) {
      const r = runCli(args, { cwd: dir });
      expect(
        r.stderr
          .split('\n')
          .filter((l) => !l.startsWith('a-maze-ing: seed'))
          .join('\n'),
      ).toBe(message);
      expect(r.status).toBe(2);
    }
  });

  it('a maze file makes a one-maze sheet whose footer names the command; a big maze gets a note that its passages are narrow', async () => {
    const r = runCli(['render', 'maze.txt', '-o', 'file.pdf'], { cwd: dir });
    expect(r.status).toBe(0);
    const doc = await PDFDocument.load(readFileSync(join(dir, 'file.pdf')));
    expect(doc.getPageCount()).toBe(2);
    writeFileSync(
      join(dir, 'big.txt'),
      CONFIG.replace('WIDTH=20', 'WIDTH=120').replace('HEIGHT=15', 'HEIGHT=160').replace('EXIT=19,14', 'EXIT=119,159'),
    );
    const big = runCli(['render', 'big.txt', '-o', 'big.pdf'], { cwd: dir });
    expect(big.status).toBe(0);
    expect(big.stderr).toMatch(/note: the passages are 1\.\d mm wide, narrow for a pen \(3 mm traces well\)/);
  });
});
