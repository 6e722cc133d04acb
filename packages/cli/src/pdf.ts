/**
 * Puzzle sheets as PDF (pdf-lib, in the CLI only): each maze centred in its slot, black
 * walls on white thick enough to trace with a pen, arrows at the start and the finish, a
 * small footer (size, seed, how to make it again), then the answer page(s) with the
 * solutions drawn. The bytes are the same for the same mazes (fixed dates, no ID).
 */
import {
  closePath,
  fill,
  grayscale,
  LineCapStyle,
  lineTo,
  moveTo,
  PageSizes,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setLineCap,
  setLineWidth,
  setStrokingColor,
  StandardFonts,
  stroke,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import { borderOpening, BLOCKED, EAST, NORTH, SOUTH, WEST, type Maze, type Point } from 'mazegen';

export const PAPERS = { a4: PageSizes.A4, letter: PageSizes.Letter } as const;
export type Paper = keyof typeof PAPERS;
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

/** One maze of a sheet. */
export interface SheetMaze {
  maze: Maze;
  entry: Point;
  exit: Point;
  /** Cells of the solution, entry to exit. */
  path: ArrayLike<number>;
  /** A short caption under the maze on a sheet of several (e.g. "3: seed 42#2"). */
  label?: string;
}

export interface SheetOptions {
  paper: Paper;
  perPage: number;
  /** The footer's line: size, seed, how to make it again. */
  footer: string;
  title?: string;
}

/** Where a maze goes on its page, in PDF points (origin bottom-left). */
export interface MazePlacement {
  page: number;
  /** The maze's top-left corner and its cell size. */
  left: number;
  top: number;
  cell: number;
  width: number;
  height: number;
}

/** Slots of a page: a grid of cols x rows, as square as the page allows. */
function grid(perPage: number, pageWidth: number, pageHeight: number): { cols: number; rows: number } {
  let best = { cols: 1, rows: perPage, score: -Infinity };
  for (let cols = 1; cols <= perPage; cols++) {
    const rows = Math.ceil(perPage / cols);
    const score = Math.min((pageWidth / cols), (pageHeight / rows)) - (cols * rows - perPage);
    if (score > best.score) best = { cols, rows, score };
  }
  return best;
}

/** The placement of every maze: `perPage` to a page, each centred in its slot at the largest cell size that fits. */
export function sheetLayout(mazes: readonly Pick<SheetMaze, 'maze'>[], options: Pick<SheetOptions, 'paper' | 'perPage'>): MazePlacement[] {
  const [pageWidth, pageHeight] = PAPERS[options.paper];
  const areaWidth = pageWidth - 2 * MARGIN;
  const areaHeight = pageHeight - 2 * MARGIN - FOOTER;
  const { cols, rows } = grid(options.perPage, areaWidth, areaHeight);
  const slotWidth = areaWidth / cols;
  const slotHeight = areaHeight / rows;
  const label = options.perPage > 1 ? LABEL_ROOM : 0;
  // One cell size for the whole sheet, so every maze of an activity page looks alike.
  let cell = Infinity;
  for (const { maze } of mazes) cell = Math.min(cell, (slotWidth - 2 * ARROW_ROOM) / maze.width, (slotHeight - 2 * ARROW_ROOM - label) / maze.height);
  return mazes.map(({ maze }, i) => {
    const slot = i % options.perPage;
    const col = slot % cols;
    const row = Math.floor(slot / cols);
    const width = maze.width * cell;
    const height = maze.height * cell;
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

/** An arrow of `length` along (dx, dy) whose tip is at (x, y), as a stroked shaft and a filled head. */
function arrow(x: number, y: number, dx: number, dy: number, length: number, thickness: number): PDFOperator[] {
  const head = Math.min(length * 0.45, thickness * 4);
  const tail = { x: x - dx * length, y: y - dy * length };
  const base = { x: x - dx * head, y: y - dy * head };
  const nx = -dy * head * 0.6;
  const ny = dx * head * 0.6;
  return [
    setLineWidth(thickness),
    moveTo(tail.x, tail.y),
    lineTo(base.x, base.y),
    stroke(),
    moveTo(x, y),
    lineTo(base.x + nx, base.y + ny),
    lineTo(base.x - nx, base.y - ny),
    closePath(),
    fill(),
  ];
}

/** Which way into the maze the opening of an end faces, in PDF axes (y up): the arrow's direction at the entry. */
function inward(maze: Maze, p: Point): { dx: number; dy: number } | undefined {
  const side = borderOpening(maze, p);
  return side === WEST ? { dx: 1, dy: 0 } : side === EAST ? { dx: -1, dy: 0 } : side === NORTH ? { dx: 0, dy: -1 } : side === SOUTH ? { dx: 0, dy: 1 } : undefined;
}

function drawMaze(page: PDFPage, font: PDFFont, item: SheetMaze, at: MazePlacement, withPath: boolean): void {
  const { maze, entry, exit } = item;
  const { left, top, cell } = at;
  const px = (x: number) => left + x * cell;
  const py = (y: number) => top - y * cell;
  const wall = Math.max(0.6, Math.min(2.5, cell * 0.12));
  const ops: PDFOperator[] = [pushGraphicsState(), setStrokingColor(grayscale(0)), setFillingColor(grayscale(0)), setLineCap(LineCapStyle.Projecting)];

  // The 42's closed cells, light grey so that they print without a block of ink.
  const pattern: PDFOperator[] = [];
  for (let cellIndex = 0; cellIndex < maze.size; cellIndex++) {
    if ((maze.cells[cellIndex] & BLOCKED) === 0) continue;
    const x = cellIndex % maze.width;
    const y = Math.floor(cellIndex / maze.width);
    pattern.push(moveTo(px(x), py(y)), lineTo(px(x + 1), py(y)), lineTo(px(x + 1), py(y + 1)), lineTo(px(x), py(y + 1)), closePath());
  }
  if (pattern.length > 0) ops.push(setFillingColor(grayscale(0.82)), ...pattern, fill(), setFillingColor(grayscale(0)));

  if (withPath && item.path.length > 1) {
    // Mid grey, so the walls stay the black lines on the answer page too.
    ops.push(setStrokingColor(grayscale(0.5)), setLineWidth(Math.max(0.8, cell * 0.35)), setLineCap(LineCapStyle.Round));
    const centre = (c: number) => [px((c % maze.width) + 0.5), py(Math.floor(c / maze.width) + 0.5)] as const;
    ops.push(moveTo(...centre(item.path[0])));
    for (let i = 1; i < item.path.length; i++) ops.push(lineTo(...centre(item.path[i])));
    ops.push(stroke(), setLineCap(LineCapStyle.Projecting), setStrokingColor(grayscale(0)));
  }

  ops.push(setLineWidth(wall));
  for (const [x0, y0, x1, y1] of wallRuns(maze, entry, exit)) ops.push(moveTo(px(x0), py(y0)), lineTo(px(x1), py(y1)));
  ops.push(stroke());

  // Arrows outside the openings: into the maze at the start, out of it at the finish.
  const length = Math.min(ARROW_ROOM * 0.8, Math.max(cell * 1.5, 4 * MM));
  const thick = Math.max(0.8, Math.min(2, wall));
  for (const [p, into] of [[entry, true], [exit, false]] as const) {
    const way = inward(maze, p);
    const cx = px(p.x + 0.5);
    const cy = py(p.y + 0.5);
    if (way) {
      // The point on the border in the middle of the opening, then just outside it.
      const edgeX = cx - (way.dx * cell) / 2;
      const edgeY = cy - (way.dy * cell) / 2;
      const gap = cell * 0.15;
      if (into) ops.push(...arrow(edgeX - way.dx * gap, edgeY - way.dy * gap, way.dx, way.dy, length, thick));
      else ops.push(...arrow(edgeX - way.dx * (gap + length), edgeY - way.dy * (gap + length), -way.dx, -way.dy, length, thick));
    } else {
      // An end inside the maze: a small filled disc-like square mark in its cell.
      const r = cell * 0.22;
      ops.push(moveTo(cx - r, cy - r), lineTo(cx + r, cy - r), lineTo(cx + r, cy + r), lineTo(cx - r, cy + r), closePath(), fill());
    }
  }
  ops.push(popGraphicsState());
  page.pushOperators(...ops);

  const small = 7;
  const entryWay = inward(maze, entry);
  const exitWay = inward(maze, exit);
  const mark = (text: string, p: Point, way: { dx: number; dy: number } | undefined, out: number) => {
    const cx = px(p.x + 0.5);
    const cy = py(p.y + 0.5);
    const w = font.widthOfTextAtSize(text, small);
    const d = way ? cell / 2 + out : cell / 2 + 2;
    const dx = way ? -way.dx : 0;
    const dy = way ? -way.dy : -1;
    let x = cx + dx * d - w / 2;
    let y = cy + dy * d - small / 2;
    if (dx !== 0) x = dx < 0 ? cx + dx * d - w - 1 : cx + dx * d + 1;
    if (dy !== 0) y = dy < 0 ? cy + dy * d - small - 1 : cy + dy * d + 1;
    page.drawText(text, { x, y, size: small, font, color: grayscale(0) });
  };
  mark('start', entry, entryWay, length + cell * 0.15);
  mark('finish', exit, exitWay, length + cell * 0.15);
  if (item.label) {
    const w = font.widthOfTextAtSize(item.label, 8);
    page.drawText(item.label, { x: left + at.width / 2 - w / 2, y: top - at.height - ARROW_ROOM - 3, size: 8, font, color: grayscale(0) });
  }
}

/** The words of `text` in lines no wider than `width` (the footer stays inside the page's margin band). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The sheet(s) and the answer page(s) as PDF bytes. */
export async function puzzleSheetPdf(mazes: readonly SheetMaze[], options: SheetOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fixed = new Date(Date.UTC(2026, 0, 1));
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  doc.setProducer('a-maze-ing (pdf-lib)');
  doc.setCreator('a-maze-ing render --format pdf');
  doc.setTitle(options.title ?? 'A-Maze-ing puzzle sheet');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const layout = sheetLayout(mazes, options);
  const pages = Math.ceil(mazes.length / options.perPage);
  const size = PAPERS[options.paper];
  for (const answers of [false, true]) {
    for (let p = 0; p < pages; p++) {
      const page = doc.addPage([size[0], size[1]]);
      mazes.forEach((item, i) => {
        if (layout[i].page === p) drawMaze(page, font, item, layout[i], answers);
      });
      const footer = `${answers ? 'Answers. ' : ''}${options.footer}${pages > 1 ? `  (page ${p + 1} of ${pages})` : ''}`;
      const lines = wrap(footer, font, 7.5, size[0] - 2 * MARGIN);
      lines.forEach((line, k) => page.drawText(line, { x: MARGIN, y: MARGIN + (lines.length - 1 - k) * 9, size: 7.5, font, color: grayscale(0) }));
    }
  }
  return doc.save({ useObjectStreams: false });
}
