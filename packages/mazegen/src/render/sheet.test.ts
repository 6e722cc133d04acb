import { describe, expect, it } from 'vitest';
import { generateMaze } from '../generate.js';
import { shortestPath } from '../solve.js';
import { forEachGridWall } from './grid-geometry.js';
import { PAPER_SIZES, mazeFileFooter, puzzleSheet, sheetLayout, sheetTitle, wrapText, type SheetShape } from './sheet.js';

/** A stand-in for Helvetica's widths: half the size a character. */
const measure = (text: string, size: number) => text.length * size * 0.5;

describe('puzzleSheet: the layout both faces paint', () => {
  const g = generateMaze({ width: 20, height: 15, seed: 42 });
  const path = shortestPath(g.maze, g.entry, g.exit).cells;
  const item = { maze: g.maze, entry: g.entry, exit: g.exit, path };

  it('one maze: the sheet and its answer page, the paper size, the walls on the placement box, the solution on page 2 only', () => {
    const pages = puzzleSheet([item], { paper: 'a4', perPage: 1, footer: 'a footer' }, measure);
    expect(pages.map((p) => p.size)).toEqual([PAPER_SIZES.a4, PAPER_SIZES.a4]);
    const [box] = sheetLayout([item], { paper: 'a4', perPage: 1 });
    expect(box.left + box.width / 2).toBeCloseTo(PAPER_SIZES.a4[0] / 2, 6);
    for (const [k, page] of pages.entries()) {
      const walls = page.shapes.find((s) => s.kind === 'stroke' && s.grey === 0 && s.cap === 'projecting' && s.lines.length > 10);
      if (walls?.kind !== 'stroke') throw new Error('no walls');
      const xs = walls.lines.flatMap((l) => [l[0], l[2]]);
      const ys = walls.lines.flatMap((l) => [l[1], l[3]]);
      expect(Math.min(...xs)).toBeCloseTo(box.left, 6);
      expect(Math.max(...xs)).toBeCloseTo(box.left + box.width, 6);
      expect(Math.max(...ys)).toBeCloseTo(box.top, 6);
      expect(Math.min(...ys)).toBeCloseTo(box.top - box.height, 6);
      const solution = page.shapes.filter((s) => s.kind === 'stroke' && s.grey === 0.5);
      expect(solution).toHaveLength(k === 0 ? 0 : 1);
      if (k === 1 && solution[0].kind === 'stroke') expect(solution[0].lines[0]).toHaveLength(2 * path.length);
      const texts = page.shapes.flatMap((s) => (s.kind === 'text' ? [s.text] : []));
      expect(texts).toEqual(['start', 'finish', k === 0 ? 'a footer' : 'Answers. a footer']);
    }
  });

  it('wraps a long footer at spaces inside the width, and words a maze file footer with its command', () => {
    const lines = wrapText('aa bb cc dd ee', 10, 30, measure);
    expect(lines).toEqual(['aa bb', 'cc dd', 'ee']);
    expect(lines.every((l) => measure(l, 10) <= 30)).toBe(true);
    expect(mazeFileFooter(g.maze, 'maze.txt', 'letter')).toBe(
      '20x15 maze from maze.txt; make this sheet again: a-maze-ing render maze.txt --format pdf --paper letter',
    );
  });

  it('four to a page: four slots that do not overlap, one cell size, a caption each', () => {
    const four = [1, 2, 3, 4].map((k) => ({ ...item, label: `${k}: seed 42#${k}` }));
    const boxes = sheetLayout(four, { paper: 'letter', perPage: 4 });
    expect(new Set(boxes.map((b) => b.cell)).size).toBe(1);
    for (let i = 0; i < 4; i++)
      for (let j = i + 1; j < 4; j++)
        expect(boxes[i].left + boxes[i].width <= boxes[j].left || boxes[i].top - boxes[i].height >= boxes[j].top).toBe(true);
    const [sheet] = puzzleSheet(four, { paper: 'letter', perPage: 4, footer: 'f' }, measure);
    expect(sheet.shapes.filter((s) => s.kind === 'text' && s.text.includes('seed 42#'))).toHaveLength(4);
  });
});

describe('puzzleSheet of every grid', () => {
  const strokes = (shapes: SheetShape[], grey: number) => shapes.flatMap((s) => (s.kind === 'stroke' && s.grey === grey ? [s] : []));

  for (const [grid, width, height, wrap, entry, exit] of [
    ['hex', 8, 6, 'none', 'left', 'right'],
    ['triangle', 11, 6, 'none', 'top', 'bottom'],
    ['polar', 6, 5, 'none', 'centre', 'outer'],
    ['hex', 6, 4, 'x', 'top', 'bottom'],
  ] as const) {
    it(`a ${grid} maze (wrap ${wrap}): its walls inside the placement, an opening and an arrow at each end on the border, the solution on page 2 only`, () => {
      const g = generateMaze({ grid, width, height, wrap, seed: 9, entry, exit });
      const path = shortestPath(g.maze, g.entry, g.exit).cells;
      const item = { grid: g.maze, entry: g.entry, exit: g.exit, path };
      const pages = puzzleSheet([item], { paper: 'a4', perPage: 1, footer: 'a footer' }, measure);
      const [box] = sheetLayout([item], { paper: 'a4', perPage: 1 });
      const t = g.maze.topology;
      expect(box.width / box.height).toBeCloseTo(t.extent.width / t.extent.height, 6);
      let walls = 0;
      forEachGridWall(g.maze, () => walls++);
      for (const [k, page] of pages.entries()) {
        const [wallShape] = strokes(page.shapes, 0).filter((s) => s.cap === 'round');
        // Every wall the SVG draws but the openings: one at each end that lies on the border (the polar centre has none).
        const openings = [g.entry, g.exit].filter((c) =>
          Array.from({ length: t.degree(c) }, (_, s) => t.neighbour(c, s)).includes(-1),
        ).length;
        expect(wallShape.lines).toHaveLength(walls - openings);
        const xs = wallShape.lines.flatMap((l) => l.filter((_, i) => i % 2 === 0));
        const ys = wallShape.lines.flatMap((l) => l.filter((_, i) => i % 2 === 1));
        expect(Math.min(...xs)).toBeGreaterThanOrEqual(box.left - 1e-6);
        expect(Math.max(...xs)).toBeLessThanOrEqual(box.left + box.width + 1e-6);
        expect(Math.max(...ys)).toBeLessThanOrEqual(box.top + 1e-6);
        expect(Math.min(...ys)).toBeGreaterThanOrEqual(box.top - box.height - 1e-6);
        const solution = strokes(page.shapes, 0.5);
        expect(solution).toHaveLength(k === 0 ? 0 : 1);
        const arrows = page.shapes.filter((s) => s.kind === 'stroke' && s.cap === 'projecting');
        expect(arrows).toHaveLength(openings);
        const texts = page.shapes.flatMap((s) => (s.kind === 'text' ? [s.text] : []));
        expect(texts).toEqual(['start', 'finish', k === 0 ? 'a footer' : 'Answers. a footer']);
      }
    });
  }

  it('shades masked cells, and names the grid in the title and a maze file footer', () => {
    const g = generateMaze({ grid: 'hex', width: 9, height: 8, shape: 'heart', seed: 2 });
    const item = { grid: g.maze, entry: g.entry, exit: g.exit, path: shortestPath(g.maze, g.entry, g.exit).cells };
    const [page] = puzzleSheet([item], { paper: 'letter', perPage: 1, footer: 'f' }, measure);
    const grey = page.shapes.find((s) => s.kind === 'fill' && s.grey === 0.82);
    expect(grey?.kind === 'fill' && grey.polygons.length).toBe(g.maze.size - g.maze.countOpenCells());
    expect(sheetTitle(g.maze)).toBe('A-Maze-ing 9x8 hex grid');
    expect(mazeFileFooter(g.maze, 'heart.json', 'letter')).toBe(
      '9x8 hex grid maze from heart.json; make this sheet again: a-maze-ing render heart.json --format pdf --paper letter',
    );
    // Square and grid mazes share a sheet's layout: one cell size for all.
    const square = generateMaze({ width: 5, height: 5, seed: 1 });
    const boxes = sheetLayout([item, { maze: square.maze }], { paper: 'a4', perPage: 2 });
    expect(boxes[0].cell).toBe(boxes[1].cell);
  });
});
