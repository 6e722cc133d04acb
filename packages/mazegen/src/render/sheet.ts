import { describeGrid } from '../formats/blocks.js';
import type { GridMaze } from '../maze.js';
import type { DrawPoint } from '../grid/topology.js';
import { BLOCKED, EAST, NORTH, SOUTH, WEST, type Maze, type Point } from '../maze.js';
import { narrowestFeature } from './shape-raster.js';
import { borderOpening } from './draw.js';
import { arcPoints, forEachGridWall, gridCellOutline, gridPathLines } from './grid-geometry.js';

/**
 * Puzzle sheets, laid out once for every face: what goes where on an A4 or Letter page (each
 * maze centred in its slot, black walls thick enough to trace with a pen, arrows at the start
 * and the finish, a small footer, then the answer pages with the solutions). The result is a
 * list of shapes in PDF points (origin bottom-left); a face only paints them with its PDF
 * library (`a-maze-ing render --format pdf` and the viewer's Print button, both through
 * `puzzleSheetPdf`).
 * The placement, arrows, footer and pages are every grid's; the walls are the square
 * grid's merged runs (its plug-in, the same bytes as ever) or, on any other grid, the
 * lines its SVG draws (`forEachGridWall`, polar arcs as short chords).
 */

/** Page sizes in PDF points (ISO A4 and US Letter). */
export const PAPER_SIZES = { a4: [595.28, 841.89], letter: [612, 792] } as const satisfies Record<string, readonly [number, number]>;
export type Paper = keyof typeof PAPER_SIZES;
/** The most mazes one sheet holds. */
export const MAX_PER_PAGE = 12;

/** Points per millimetre. */
const MM = 72 / 25.4;
/** Page margin and the footer's band. */
const MARGIN = 15 * MM;
const FOOTER = 10 * MM;
/** Room around a maze in its slot for the arrows and its label. */
const ARROW_ROOM = 9 * MM;
const LABEL_ROOM = 5 * MM;
/** Below this passage width (3 mm) a pen hardly fits between the walls. */
export const PEN_PASSAGE = 3 * MM;
/** Text sizes: the start/finish marks, a maze's label, the footer. */
const MARK_SIZE = 7;
const LABEL_SIZE = 8;
const FOOTER_SIZE = 7.5;

/** One plain square maze of a sheet. */
export interface SquareSheetMaze {
  maze: Maze;
  entry: Point;
  exit: Point;
  /** Cells of the solution, entry to exit. */
  path: ArrayLike<number>;
  /** A short caption under the maze on a sheet of several (e.g. "3: seed 42#2"). */
  label?: string;
}

/** One maze of any grid (hex, triangle, polar, a wrap or a mask) on a sheet; cells are the topology's numbers. */
export interface GridSheetMaze {
  grid: GridMaze;
  entry: number;
  exit: number;
  /** Cells of the solution, entry to exit. */
  path: ArrayLike<number>;
  label?: string;
}

/** One maze of a sheet. */
export type SheetMaze = SquareSheetMaze | GridSheetMaze;

/** The maze's size in drawing units (a square cell is one). */
function extentOf(item: Pick<SquareSheetMaze, 'maze'> | Pick<GridSheetMaze, 'grid'>): { width: number; height: number } {
  return 'grid' in item ? item.grid.topology.extent : { width: item.maze.width, height: item.maze.height };
}

export interface SheetOptions {
  paper: Paper;
  perPage: number;
  /** The footer's line: size, seed, how to make it again. */
  footer: string;
}

/** Where a maze goes on its page, in PDF points (origin bottom-left). */
export interface MazePlacement {
  page: number;
  /** The maze's top-left corner and its cell size (points per drawing unit: a square cell's side, a hex's side, a ring's depth). */
  left: number;
  top: number;
  cell: number;
  width: number;
  height: number;
}

/** The width of `text` at `size` points in the face's font (Helvetica in both faces). */
export type TextMeasure = (text: string, size: number) => number;

/** What a page holds, in painting order. Grey is 0 (black) to 1 (white); coordinates are flat [x0, y0, x1, y1, ...]. */
export type SheetShape =
  | { kind: 'fill'; grey: number; polygons: number[][] }
  | { kind: 'stroke'; grey: number; width: number; cap: 'projecting' | 'round'; lines: number[][] }
  | { kind: 'text'; text: string; x: number; y: number; size: number };

export interface SheetPage {
  size: readonly [number, number];
  shapes: SheetShape[];
}

/** Slots of a page: a grid of cols x rows, as square as the page allows. */
function slotGrid(perPage: number, pageWidth: number, pageHeight: number): { cols: number; rows: number } {
  let best = { cols: 1, rows: perPage, score: -Infinity };
  for (let cols = 1; cols <= perPage; cols++) {
    const rows = Math.ceil(perPage / cols);
    const score = Math.min(pageWidth / cols, pageHeight / rows) - (cols * rows - perPage);
    if (score > best.score) best = { cols, rows, score };
  }
  return best;
}

/** The placement of every maze: `perPage` to a page, each centred in its slot at the largest cell size that fits. */
export function sheetLayout(
  mazes: readonly (Pick<SquareSheetMaze, 'maze'> | Pick<GridSheetMaze, 'grid'>)[],
  options: Pick<SheetOptions, 'paper' | 'perPage'>,
): MazePlacement[] {
  const [pageWidth, pageHeight] = PAPER_SIZES[options.paper];
  const areaWidth = pageWidth - 2 * MARGIN;
  const areaHeight = pageHeight - 2 * MARGIN - FOOTER;
  const { cols, rows } = slotGrid(options.perPage, areaWidth, areaHeight);
  const slotWidth = areaWidth / cols;
  const slotHeight = areaHeight / rows;
  const label = options.perPage > 1 ? LABEL_ROOM : 0;
  // One cell size for the whole sheet, so every maze of an activity page looks alike.
  let cell = Infinity;
  for (const item of mazes) {
    const extent = extentOf(item);
    cell = Math.min(cell, (slotWidth - 2 * ARROW_ROOM) / extent.width, (slotHeight - 2 * ARROW_ROOM - label) / extent.height);
  }
  return mazes.map((item, i) => {
    const slot = i % options.perPage;
    const col = slot % cols;
    const row = Math.floor(slot / cols);
    const extent = extentOf(item);
    const width = extent.width * cell;
    const height = extent.height * cell;
    const slotLeft = MARGIN + col * slotWidth;
    const slotTop = pageHeight - MARGIN - row * slotHeight;
    return {
      page: Math.floor(i / options.perPage),
      left: slotLeft + (slotWidth - width) / 2,
      top: slotTop - (slotHeight - label - height) / 2,
      cell,
      width,
      height,
    };
  });
}

/** The wall lines of a maze as merged horizontal and vertical runs, in cell units (y down). */
function wallRuns(maze: Maze, entry: Point, exit: Point): [number, number, number, number][] {
  const { width: w, height: h, cells } = maze;
  const open = new Map<number, number>();
  for (const p of [entry, exit]) {
    const side = borderOpening(maze, p);
    if (side) open.set(p.y * w + p.x, (open.get(p.y * w + p.x) ?? 0) | side);
  }
  const closed = (cell: number, dir: number) => (cells[cell] & dir) !== 0 && ((open.get(cell) ?? 0) & dir) === 0;
  const runs: [number, number, number, number][] = [];
  for (let y = 0; y <= h; y++) {
    let start = -1;
    for (let x = 0; x <= w; x++) {
      const wall = x < w && (y < h ? closed(y * w + x, NORTH) : closed((h - 1) * w + x, SOUTH));
      if (wall && start < 0) start = x;
      if (!wall && start >= 0) {
        runs.push([start, y, x, y]);
        start = -1;
      }
    }
  }
  for (let x = 0; x <= w; x++) {
    let start = -1;
    for (let y = 0; y <= h; y++) {
      const wall = y < h && (x < w ? closed(y * w + x, WEST) : closed(y * w + w - 1, EAST));
      if (wall && start < 0) start = y;
      if (!wall && start >= 0) {
        runs.push([x, start, x, y]);
        start = -1;
      }
    }
  }
  return runs;
}

/** An arrow of `length` along (dx, dy) whose tip is at (x, y): a stroked shaft and a filled head. */
function arrow(x: number, y: number, dx: number, dy: number, length: number, thickness: number): SheetShape[] {
  const head = Math.min(length * 0.45, thickness * 4);
  const base = { x: x - dx * head, y: y - dy * head };
  const nx = -dy * head * 0.6;
  const ny = dx * head * 0.6;
  return [
    { kind: 'stroke', grey: 0, width: thickness, cap: 'projecting', lines: [[x - dx * length, y - dy * length, base.x, base.y]] },
    { kind: 'fill', grey: 0, polygons: [[x, y, base.x + nx, base.y + ny, base.x - nx, base.y - ny]] },
  ];
}

/** Which way into the maze the opening of an end faces, in PDF axes (y up): the arrow's direction at the entry. */
function inward(maze: Maze, p: Point): { dx: number; dy: number } | undefined {
  const side = borderOpening(maze, p);
  return side === WEST
    ? { dx: 1, dy: 0 }
    : side === EAST
      ? { dx: -1, dy: 0 }
      : side === NORTH
        ? { dx: 0, dy: -1 }
        : side === SOUTH
          ? { dx: 0, dy: 1 }
          : undefined;
}

/** The shapes of one square maze in its placement: the 42 in light grey, the solution (answers), walls, arrows, marks, label. */
function mazeShapes(item: SquareSheetMaze, at: MazePlacement, withPath: boolean, measure: TextMeasure): SheetShape[] {
  const { maze, entry, exit } = item;
  const { left, top, cell } = at;
  const px = (x: number) => left + x * cell;
  const py = (y: number) => top - y * cell;
  const wall = Math.max(0.6, Math.min(2.5, cell * 0.12));
  const shapes: SheetShape[] = [];

  // The 42's closed cells, light grey so that they print without a block of ink.
  const pattern: number[][] = [];
  for (let cellIndex = 0; cellIndex < maze.size; cellIndex++) {
    if ((maze.cells[cellIndex] & BLOCKED) === 0) continue;
    const x = cellIndex % maze.width;
    const y = Math.floor(cellIndex / maze.width);
    pattern.push([px(x), py(y), px(x + 1), py(y), px(x + 1), py(y + 1), px(x), py(y + 1)]);
  }
  if (pattern.length > 0) shapes.push({ kind: 'fill', grey: 0.82, polygons: pattern });

  if (withPath && item.path.length > 1) {
    // Mid grey, so the walls stay the black lines on the answer page too.
    const line: number[] = [];
    for (let i = 0; i < item.path.length; i++)
      line.push(px((item.path[i] % maze.width) + 0.5), py(Math.floor(item.path[i] / maze.width) + 0.5));
    shapes.push({ kind: 'stroke', grey: 0.5, width: Math.max(0.8, cell * 0.35), cap: 'round', lines: [line] });
  }

  shapes.push({
    kind: 'stroke',
    grey: 0,
    width: wall,
    cap: 'projecting',
    lines: wallRuns(maze, entry, exit).map(([x0, y0, x1, y1]) => [px(x0), py(y0), px(x1), py(y1)]),
  });

  // Arrows outside the openings: into the maze at the start, out of it at the finish.
  const length = Math.min(ARROW_ROOM * 0.8, Math.max(cell * 1.5, 4 * MM));
  const thick = Math.max(0.8, Math.min(2, wall));
  for (const [p, into] of [
    [entry, true],
    [exit, false],
  ] as const) {
    const way = inward(maze, p);
    const cx = px(p.x + 0.5);
    const cy = py(p.y + 0.5);
    if (way) {
      // The point on the border in the middle of the opening, then just outside it.
      const edgeX = cx - (way.dx * cell) / 2;
      const edgeY = cy - (way.dy * cell) / 2;
      const gap = cell * 0.15;
      if (into) shapes.push(...arrow(edgeX - way.dx * gap, edgeY - way.dy * gap, way.dx, way.dy, length, thick));
      else shapes.push(...arrow(edgeX - way.dx * (gap + length), edgeY - way.dy * (gap + length), -way.dx, -way.dy, length, thick));
    } else {
      // An end inside the maze: a small filled square in its cell.
      const r = cell * 0.22;
      shapes.push({ kind: 'fill', grey: 0, polygons: [[cx - r, cy - r, cx + r, cy - r, cx + r, cy + r, cx - r, cy + r]] });
    }
  }

  const mark = (text: string, p: Point, way: { dx: number; dy: number } | undefined, out: number) => {
    const cx = px(p.x + 0.5);
    const cy = py(p.y + 0.5);
    const w = measure(text, MARK_SIZE);
    const d = way ? cell / 2 + out : cell / 2 + 2;
    const dx = way ? -way.dx : 0;
    const dy = way ? -way.dy : -1;
    let x = cx + dx * d - w / 2;
    let y = cy + dy * d - MARK_SIZE / 2;
    if (dx !== 0) x = dx < 0 ? cx + dx * d - w - 1 : cx + dx * d + 1;
    if (dy !== 0) y = dy < 0 ? cy + dy * d - MARK_SIZE - 1 : cy + dy * d + 1;
    shapes.push({ kind: 'text', text, x, y, size: MARK_SIZE });
  };
  mark('start', entry, inward(maze, entry), length + cell * 0.15);
  mark('finish', exit, inward(maze, exit), length + cell * 0.15);
  shapes.push(...labelShapes(item, at, measure));
  return shapes;
}

/** A maze's caption under its placement, on a sheet of several. */
function labelShapes(item: SheetMaze, at: MazePlacement, measure: TextMeasure): SheetShape[] {
  if (!item.label) return [];
  const w = measure(item.label, LABEL_SIZE);
  return [{ kind: 'text', text: item.label, x: at.left + at.width / 2 - w / 2, y: at.top - at.height - ARROW_ROOM - 3, size: LABEL_SIZE }];
}

/**
 * Where an end of a grid maze opens: the border wall of its cell that faces most away from
 * the picture's middle (undefined for a cell with no border wall, as the polar centre),
 * with its two corners and the way into the maze through it (drawing units, y down).
 */
function gridOpening(grid: GridMaze, cell: number): { a: DrawPoint; b: DrawPoint; middle: DrawPoint; inward: DrawPoint } | undefined {
  const t = grid.topology;
  const centre = t.centre(cell);
  const middleOfPicture = { x: t.extent.width / 2, y: t.extent.height / 2 };
  const outline = gridCellOutline(grid, cell);
  let best: { a: DrawPoint; b: DrawPoint; middle: DrawPoint; inward: DrawPoint } | undefined;
  let bestScore = -Infinity;
  for (let s = 0; s < outline.length; s++) {
    if (t.neighbour(cell, s) >= 0) continue;
    const { a, b } = outline[s];
    const middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const out = { x: middle.x - centre.x, y: middle.y - centre.y };
    const length = Math.hypot(out.x, out.y) || 1;
    const away = { x: middle.x - middleOfPicture.x, y: middle.y - middleOfPicture.y };
    const score = (out.x * away.x + out.y * away.y) / length;
    if (score > bestScore) {
      bestScore = score;
      best = { a, b, middle, inward: { x: -out.x / length, y: -out.y / length } };
    }
  }
  return best;
}

/**
 * The shapes of a maze of any other grid in its placement, as the square's: masked cells in
 * light grey, the solution (answers) through the cell centres, the walls its SVG draws with
 * an opening at each end on the border and an arrow through it, the marks, the label. Line
 * widths follow the grid's narrowest passage, so a triangle's look as a square's do.
 */
function gridMazeShapes(item: GridSheetMaze, at: MazePlacement, withPath: boolean, measure: TextMeasure): SheetShape[] {
  const { grid, entry, exit } = item;
  const t = grid.topology;
  const { left, top, cell } = at;
  const passage = cell * narrowestFeature(t);
  const flat = (points: readonly DrawPoint[]): number[] => points.flatMap((p) => [left + p.x * cell, top - p.y * cell]);
  // Arcs as chords of two points (they bow less than a tenth of a point from the arc on a ring of 5 points or more).
  const chord = 2 / cell;
  const wall = Math.max(0.6, Math.min(2.5, passage * 0.12));
  const shapes: SheetShape[] = [];

  const masked: number[][] = [];
  for (let c = 0; c < t.size; c++) {
    if (!grid.isBlocked(c)) continue;
    const points: DrawPoint[] = [];
    for (const edge of gridCellOutline(grid, c)) points.push(...arcPoints(edge, chord).slice(1));
    masked.push(flat(points));
  }
  if (masked.length > 0) shapes.push({ kind: 'fill', grey: 0.82, polygons: masked });

  if (withPath && item.path.length > 1) {
    shapes.push({
      kind: 'stroke',
      grey: 0.5,
      width: Math.max(0.8, passage * 0.35),
      cap: 'round',
      lines: gridPathLines(grid, item.path).map(flat),
    });
  }

  const openings = [entry, exit].map((c) => gridOpening(grid, c));
  const isOpening = (a: DrawPoint, b: DrawPoint) =>
    openings.some(
      (o) =>
        o &&
        ((o.a.x === a.x && o.a.y === a.y && o.b.x === b.x && o.b.y === b.y) ||
          (o.a.x === b.x && o.a.y === b.y && o.b.x === a.x && o.b.y === a.y)),
    );
  const lines: number[][] = [];
  forEachGridWall(grid, (w) => {
    if (!isOpening(w.a, w.b)) lines.push(flat(arcPoints(w, chord)));
  });
  shapes.push({ kind: 'stroke', grey: 0, width: wall, cap: 'round', lines });

  const length = Math.min(ARROW_ROOM * 0.8, Math.max(passage * 1.5, 4 * MM));
  const thick = Math.max(0.8, Math.min(2, wall));
  const gap = passage * 0.15;
  [entry, exit].forEach((c, k) => {
    const into = k === 0;
    const text = into ? 'start' : 'finish';
    const opening = openings[k];
    const [cx, cy] = flat([t.centre(c)]);
    if (!opening) {
      // An end inside the maze: a small filled square in its cell, the word under it.
      const r = passage * 0.22;
      shapes.push({ kind: 'fill', grey: 0, polygons: [[cx - r, cy - r, cx + r, cy - r, cx + r, cy + r, cx - r, cy + r]] });
      const w = measure(text, MARK_SIZE);
      shapes.push({ kind: 'text', text, x: cx - w / 2, y: cy - r - MARK_SIZE - 1, size: MARK_SIZE });
      return;
    }
    // The way into the maze in PDF axes (y up), and the middle of the opening.
    const dx = opening.inward.x;
    const dy = -opening.inward.y;
    const [ex, ey] = flat([opening.middle]);
    if (into) shapes.push(...arrow(ex - dx * gap, ey - dy * gap, dx, dy, length, thick));
    else shapes.push(...arrow(ex - dx * (gap + length), ey - dy * (gap + length), -dx, -dy, length, thick));
    // The word beyond the arrow's outer end, on the side it points from.
    const qx = ex - dx * (gap + length + 2);
    const qy = ey - dy * (gap + length + 2);
    const w = measure(text, MARK_SIZE);
    const x = Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? qx - w : qx) : qx - w / 2;
    const y = Math.abs(dx) >= Math.abs(dy) ? qy - MARK_SIZE / 2 : dy > 0 ? qy - MARK_SIZE : qy;
    shapes.push({ kind: 'text', text, x, y, size: MARK_SIZE });
  });
  shapes.push(...labelShapes(item, at, measure));
  return shapes;
}

/** The words of `text` in lines no wider than `width` (the footer stays inside the page's margin band). */
export function wrapText(text: string, size: number, width: number, measure: TextMeasure): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The pages of a puzzle sheet: the mazes, `perPage` to a page, then as many answer pages with the solutions. */
export function puzzleSheet(mazes: readonly SheetMaze[], options: SheetOptions, measure: TextMeasure): SheetPage[] {
  const layout = sheetLayout(mazes, options);
  const count = Math.ceil(mazes.length / options.perPage);
  const size = PAPER_SIZES[options.paper];
  const pages: SheetPage[] = [];
  for (const answers of [false, true]) {
    for (let p = 0; p < count; p++) {
      const shapes: SheetShape[] = [];
      mazes.forEach((item, i) => {
        if (layout[i].page !== p) return;
        shapes.push(
          ...('grid' in item ? gridMazeShapes(item, layout[i], answers, measure) : mazeShapes(item, layout[i], answers, measure)),
        );
      });
      const footer = `${answers ? 'Answers. ' : ''}${options.footer}${count > 1 ? `  (page ${p + 1} of ${count})` : ''}`;
      const lines = wrapText(footer, FOOTER_SIZE, size[0] - 2 * MARGIN, measure);
      lines.forEach((line, k) =>
        shapes.push({ kind: 'text', text: line, x: MARGIN, y: MARGIN + (lines.length - 1 - k) * 9, size: FOOTER_SIZE }),
      );
      pages.push({ size, shapes });
    }
  }
  return pages;
}

/** Checks a paper name ('a4' or 'letter', any case); undefined when it is neither. */
export function parsePaper(text: string): Paper | undefined {
  const key = text.trim().toLowerCase();
  return Object.hasOwn(PAPER_SIZES, key) ? (key as Paper) : undefined;
}

/** The command that makes a sheet again from `input` (a maze file or a config). */
export function sheetCommand(input: string, paper: Paper, perPage = 1): string {
  return `a-maze-ing render ${input} --format pdf --paper ${paper}${perPage > 1 ? ` --per-page ${perPage}` : ''}`;
}

/** A maze in the sheet's words: "20x15 maze" for a plain square one, "8x6 hex grid maze" for any other. */
export function sheetMazeName(maze: { width: number; height: number } | GridMaze): string {
  return isGridOtherThanPlainSquare(maze) ? `${describeGrid(maze.topology)} maze` : `${maze.width}x${maze.height} maze`;
}

/** The footer of a one-maze sheet made from a maze file (the viewer's Print button says the same of its hex file). */
export function mazeFileFooter(maze: { width: number; height: number } | GridMaze, input: string, paper: Paper): string {
  return `${sheetMazeName(maze)} from ${input}; make this sheet again: ${sheetCommand(input, paper)}`;
}

/** The PDF's document title and creator, the same in every face (so the same sheet is the same bytes). */
export function sheetTitle(maze: { width: number; height: number } | GridMaze): string {
  return isGridOtherThanPlainSquare(maze) ? `A-Maze-ing ${describeGrid(maze.topology)}` : `A-Maze-ing ${maze.width}x${maze.height}`;
}

/** True for a maze on a grid other than the plain square one (whose sheet names it by its size alone). */
function isGridOtherThanPlainSquare(maze: { width: number; height: number } | GridMaze): maze is GridMaze {
  return 'topology' in maze && (maze.topology.kind !== 'square' || maze.topology.wrap !== 'none');
}
export const SHEET_CREATOR = 'a-maze-ing (puzzle sheet)';
