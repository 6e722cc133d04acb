import { BLOCKED, EAST, NORTH, SOUTH, WEST, type Maze, type Point } from '../maze.js';
import type { DrawContext } from './context.js';
import type { MazeLayout } from './draw.js';
import type { Theme } from './theme.js';

/**
 * The square plug-in of drawMaze: the plain square grid's established pixels (walls on a
 * lattice as joined runs, the border opened beside a border entry or exit, the 42 filled),
 * which every square PNG, PDF and the viewer's square picture are byte for byte.
 */

/** What the lattice drawing takes: drawMaze's options with the ends as points. */
export interface LatticeDrawOptions {
  layout: MazeLayout;
  theme: Theme;
  entry?: Point;
  exit?: Point;
  path?: ArrayLike<number> | null;
  rows?: readonly [number, number];
  columns?: readonly [number, number];
  pathLinks?: Uint8Array;
  shade?: Uint8Array;
  shadeColors?: readonly string[];
}

/**
 * The side of the border a picture opens for an entry or exit: the outer wall of its cell
 * (west or east on the left and right columns, north or south on the top and bottom rows,
 * left/right first at a corner), or 0 for a cell inside the maze. The maze's bytes keep the
 * border closed (the spec's rule); only pictures show the way in and out.
 */
export function borderOpening(maze: Pick<Maze, 'width' | 'height'>, point: Point): number {
  if (point.x === 0) return WEST;
  if (point.x === maze.width - 1) return EAST;
  if (point.y === 0) return NORTH;
  if (point.y === maze.height - 1) return SOUTH;
  return 0;
}

/** For each cell, the directions in which the path leaves it (both ways). */
export function pathLinks(maze: Pick<Maze, 'size' | 'width'>, path: ArrayLike<number>): Uint8Array {
  const links = new Uint8Array(maze.size);
  const w = maze.width;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1];
    const b = path[i];
    const d = b - a;
    // North and south first: on a maze one cell wide a step of +1 is a step south.
    const dir = d === w ? SOUTH : d === -w ? NORTH : d === 1 ? EAST : d === -1 ? WEST : 0;
    if (dir === 0) continue;
    links[a] |= dir;
    links[b] |= dir === EAST ? WEST : dir === WEST ? EAST : dir === SOUTH ? NORTH : SOUTH;
  }
  return links;
}

/**
 * Draws a plain square maze: background, the solution, entry and exit over it, the walls as
 * joined runs (one segment per straight run of closed walls), the border with an opening
 * beside a border entry or exit, and the 42 cells on top.
 */
export function drawSquareLattice(ctx: DrawContext, maze: Maze, options: LatticeDrawOptions): void {
  const { layout, theme } = options;
  const { cellSize: c, wallWidth: t, margin: m } = layout;
  const { width: w, height: h, cells } = maze;
  const first = options.rows ? Math.max(0, options.rows[0]) : 0;
  const end = options.rows ? Math.min(h, options.rows[1]) : h;
  const left = options.columns ? Math.max(0, options.columns[0]) : 0;
  const right = options.columns ? Math.min(w, options.columns[1]) : w;
  // Lattice point (i, j): the centre line of the walls meeting there.
  const half = t / 2;
  const lx = (i: number): number => m + i * c + half;
  const ly = (j: number): number => m + j * c + half;

  ctx.fillRect(0, 0, layout.width, layout.height, theme.background, 'background');

  const { shade, shadeColors } = options;
  const flood = theme.distance !== undefined;
  if (shade && shadeColors) {
    for (let y = first; y < end; y++) {
      for (let x = left; x < right; x++) {
        const cell = y * w + x;
        const k = shade[cell];
        if (k === 0 || k > shadeColors.length) continue;
        // The tint runs through an open wall into a neighbour of the same tint, so a region reads as one;
        // a distance picture tints every open passage (in the west or north cell's colour), so no gap shows between bands.
        const joins = (other: number): boolean => shade[other] === k || (flood && shade[other] > 0);
        const east = x + 1 < w && (cells[cell] & EAST) === 0 && joins(cell + 1) ? t : 0;
        const south = y + 1 < h && (cells[cell] & SOUTH) === 0 && joins(cell + w) ? t : 0;
        ctx.fillRect(m + x * c + t, m + y * c + t, c - t + east, c - t, shadeColors[k - 1], 'shade');
        if (south) ctx.fillRect(m + x * c + t, m + (y + 1) * c, c - t, t, shadeColors[k - 1], 'shade');
      }
    }
  }

  const path = options.path;
  if (path && path.length > 1) {
    const pathWidth = layout.pathWidth;
    const centre = (cell: number): [number, number] => [m + (cell % w) * c + (c + t) / 2, m + Math.floor(cell / w) * c + (c + t) / 2];
    ctx.beginPath();
    if (options.rows || options.columns) {
      // Band mode: each cell draws its links east and south, so a band only looks at its rows (and columns).
      const links = options.pathLinks ?? pathLinks(maze, path);
      for (let y = Math.max(0, first - 1); y < end; y++) {
        for (let x = Math.max(0, left - 1); x < right; x++) {
          const cell = y * w + x;
          const link = links[cell];
          if (link & EAST) {
            const [ax, ay] = centre(cell);
            ctx.moveTo(ax, ay);
            ctx.lineTo(ax + c, ay);
          }
          if (link & SOUTH) {
            const [ax, ay] = centre(cell);
            ctx.moveTo(ax, ay);
            ctx.lineTo(ax, ay + c);
          }
        }
      }
    } else {
      // One polyline, with a vertex only where the path turns.
      const [sx, sy] = centre(path[0]);
      ctx.moveTo(sx, sy);
      for (let i = 1; i < path.length; i++) {
        const turns = i === path.length - 1 || path[i + 1] - path[i] !== path[i] - path[i - 1];
        if (turns) {
          const [px, py] = centre(path[i]);
          ctx.lineTo(px, py);
        }
      }
    }
    ctx.stroke(theme.path, pathWidth, 'solution');
  }

  // Entry and exit over the path, so the path stops at their edges and both marks stay whole.
  for (const [point, color, role] of [
    [options.entry, theme.entry, 'entry'],
    [options.exit, theme.exit, 'exit'],
  ] as const) {
    if (point && point.y >= first && point.y < end && point.x >= left && point.x < right)
      ctx.fillRect(m + point.x * c + t, m + point.y * c + t, c - t, c - t, color, role);
  }

  // Inner walls: horizontal runs on lattice rows 1..h-1, vertical runs on columns 1..w-1.
  ctx.beginPath();
  for (let j = Math.max(1, first); j <= Math.min(h - 1, end); j++) {
    let runStart = -1;
    for (let x = left; x <= right; x++) {
      const closed = x < right && (cells[j * w + x] & NORTH) !== 0;
      if (closed && runStart < 0) runStart = x;
      if (!closed && runStart >= 0) {
        ctx.moveTo(lx(runStart), ly(j));
        ctx.lineTo(lx(x), ly(j));
        runStart = -1;
      }
    }
  }
  for (let i = Math.max(1, left); i <= Math.min(w - 1, right); i++) {
    let runStart = -1;
    for (let y = first; y <= end; y++) {
      const closed = y < end && (cells[y * w + i] & WEST) !== 0;
      if (closed && runStart < 0) runStart = y;
      if (!closed && runStart >= 0) {
        ctx.moveTo(lx(i), ly(runStart));
        ctx.lineTo(lx(i), ly(y));
        runStart = -1;
      }
    }
  }
  ctx.stroke(theme.wall, t, 'walls');

  // The border, as runs too: a (malformed) open border wall shows as a gap, and so does the
  // outer wall of a border entry or exit (borderOpening), where the maze is entered and left.
  const openings: [number, number][] = [];
  for (const point of [options.entry, options.exit]) {
    if (point) openings.push([point.y * w + point.x, borderOpening(maze, point)]);
  }
  const opened = (cell: number, side: number): boolean => openings.some(([at, dir]) => at === cell && dir === side);
  ctx.beginPath();
  const borderRun = (count: number, closedAt: (k: number) => boolean, at: (k: number) => [number, number]): void => {
    let runStart = -1;
    for (let k = 0; k <= count; k++) {
      const closed = k < count && closedAt(k);
      if (closed && runStart < 0) runStart = k;
      if (!closed && runStart >= 0) {
        ctx.moveTo(...at(runStart));
        ctx.lineTo(...at(k));
        runStart = -1;
      }
    }
  };
  const closedSide = (cell: number, side: number): boolean => (cells[cell] & side) !== 0 && !opened(cell, side);
  if (first === 0)
    borderRun(
      right - left,
      (k) => closedSide(left + k, NORTH),
      (k) => [lx(left + k), ly(0)],
    );
  if (end === h)
    borderRun(
      right - left,
      (k) => closedSide((h - 1) * w + left + k, SOUTH),
      (k) => [lx(left + k), ly(h)],
    );
  if (left === 0)
    borderRun(
      end - first,
      (k) => closedSide((first + k) * w, WEST),
      (k) => [lx(0), ly(first + k)],
    );
  if (right === w)
    borderRun(
      end - first,
      (k) => closedSide((first + k) * w + w - 1, EAST),
      (k) => [lx(w), ly(first + k)],
    );
  ctx.stroke(theme.border, t, 'border');

  // The 42 last, over its own walls, so its cells join into solid strokes.
  for (let y = first; y < end; y++) {
    for (let x = left; x < right; x++) {
      if (cells[y * w + x] & BLOCKED) ctx.fillRect(m + x * c, m + y * c, c + t, c + t, theme.pattern, 'pattern');
    }
  }
}
