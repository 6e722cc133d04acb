/**
 * The one density chooser of every maze the terminal draws (the default command's display,
 * its interactive view, play): the largest drawing that fits, from two-column blocks through
 * half blocks and quarter blocks to braille. The square grid (plain, masked, outlined or
 * wrapped) has one size a density, its lattice, so blocks win where they fit, then half
 * blocks, and so on. Any other grid is drawn from its cells' shapes: each density at the
 * largest scale that fits the terminal, at most MAX_PIXELS_PER_UNIT pixels a unit and at
 * least MIN_PIXELS (twice that in two-column blocks, whose coarse pixels need more of them
 * to show a slanted wall or a ring); the density that draws the maze largest on the screen
 * wins, and of two that draw it about as large (within a tenth), half blocks (a colour a
 * pixel, four times the pixels of blocks), then blocks, quarter blocks, braille (a colour a
 * character).
 */
import { type GridKind, type GridMaze, type Theme } from 'mazegen';
import { roleRasterSize, ROLE_MARGIN, type RoleScale } from 'mazegen/render';
import type { ColorDepth } from './color.js';
import {
  charactersFor,
  COLOR_MODES,
  PIXELS_PER_CHARACTER,
  pictureLines,
  PLAIN_GRID_MODES,
  PLAIN_MODES,
  type DrawMode,
  type TermPicture,
} from './render.js';
import { fitDrawing, type Surface } from './screen.js';

/** The drawing to use (a mode, and the scale of a grid drawn from its shapes), or why none fits. */
export type PictureFit =
  { mode: DrawMode; scale?: RoleScale; problem?: undefined } | { mode?: undefined; scale?: undefined; problem: string };

/** Pixels a drawing unit (a hex's side, a triangle's side, a ring's depth) needs at least for the cells to read apart. */
export const MIN_PIXELS: Readonly<Record<GridKind, number>> = { square: 3, hex: 2.5, triangle: 4, polar: 2.5 };
/** Pixels a drawing unit gets at most: more add no detail worth the room (8 half blocks or 16 columns of blocks a hex side). */
export const MAX_PIXELS_PER_UNIT = 8;
/** Outside a terminal (a pipe, a file) a grid is drawn at its smallest legible scale, in at most this many columns. */
export const MAX_UNMEASURED_COLUMNS = 400;

/** The modes tried, largest first: colour modes, or the plain characters the maze has. */
export function pictureModes(picture: Pick<TermPicture, 'plain'>, color: boolean): readonly DrawMode[] {
  return color ? COLOR_MODES : picture.plain ? PLAIN_MODES : PLAIN_GRID_MODES;
}

/** How messages name a maze ('12x8 hex maze', '6-ring polar maze'). */
export function mazeName(maze: GridMaze): string {
  const t = maze.topology;
  return t.kind === 'polar' ? `${t.height}-ring polar maze` : `${t.width}x${t.height} ${t.kind} maze`;
}

/** The scale a density gives at `columnsPerUnit` columns a drawing unit: a character is about twice as tall as wide. */
function scaleAt(mode: DrawMode, columnsPerUnit: number): RoleScale {
  const { across, down } = PIXELS_PER_CHARACTER[mode as keyof typeof PIXELS_PER_CHARACTER];
  return { x: columnsPerUnit * across, y: (columnsPerUnit * down) / 2 };
}

/** The fewest columns a unit may take in a density: both its pixels across and down at least MIN_PIXELS (blocks: twice). */
export function leastColumnsPerUnit(mode: DrawMode, kind: GridKind): number {
  const { across, down } = PIXELS_PER_CHARACTER[mode as keyof typeof PIXELS_PER_CHARACTER];
  return ((mode === 'blocks' ? 2 : 1) * MIN_PIXELS[kind]) / Math.min(across, down / 2);
}

/** Of two densities that draw a maze as large, the more readable: a colour a pixel and more pixels first. */
const TIE_RANK: Readonly<Record<string, number>> = { half: 0, blocks: 1, quarter: 2, braille: 3 };
/** How much larger a less readable density must draw a maze to win over a more readable one. */
const SIZE_TOLERANCE = 1.1;

/** The most columns a unit may take in a density: its pixels across and down at most MAX_PIXELS_PER_UNIT. */
export function mostColumnsPerUnit(mode: DrawMode): number {
  const { across, down } = PIXELS_PER_CHARACTER[mode as keyof typeof PIXELS_PER_CHARACTER];
  return MAX_PIXELS_PER_UNIT / Math.max(across, down / 2);
}

/** Columns and rows of a grid drawn from its shapes in `mode` at `scale`. */
export function shapesSize(maze: GridMaze, mode: DrawMode, scale: RoleScale): { columns: number; rows: number } {
  const pixels = roleRasterSize(maze, { scale });
  return charactersFor(pixels.width, pixels.height, mode);
}

/**
 * The largest drawing of the picture that fits `surface` with `extraRows` kept below it.
 * An unmeasured stream gets the first mode (square: up to 200 cells a side; other grids:
 * the first whose smallest legible drawing takes at most MAX_UNMEASURED_COLUMNS columns).
 */
export function fitPicture(
  picture: Pick<TermPicture, 'maze' | 'plain'>,
  surface: Surface,
  color: boolean,
  extraRows = 0,
  modes: readonly DrawMode[] = pictureModes(picture, color),
): PictureFit {
  const { maze } = picture;
  const t = maze.topology;
  // The square grid's lattice has one size a density: the plain square maze's established drawing, masks and wraps alike.
  if (t.kind === 'square') return fitDrawing(t.width, t.height, surface, color, extraRows, modes);
  const dense = modes.filter((mode) => mode in PIXELS_PER_CHARACTER);
  const smallest = dense[dense.length - 1];
  if (surface.columns === undefined) {
    for (const mode of dense) {
      const scale = scaleAt(mode, leastColumnsPerUnit(mode, t.kind));
      if (shapesSize(maze, mode, scale).columns <= MAX_UNMEASURED_COLUMNS) return { mode, scale };
    }
    const need = shapesSize(maze, smallest, scaleAt(smallest, leastColumnsPerUnit(smallest, t.kind)));
    return {
      problem: `a ${mazeName(maze)} is too big to draw outside a terminal (${need.columns} columns; at most ${MAX_UNMEASURED_COLUMNS})`,
    };
  }
  const rowsFree = surface.rows === undefined ? Infinity : surface.rows - extraRows;
  let best: { mode: DrawMode; scale: RoleScale; columnsPerUnit: number } | undefined;
  for (const mode of dense) {
    const { across, down } = PIXELS_PER_CHARACTER[mode as keyof typeof PIXELS_PER_CHARACTER];
    const least = leastColumnsPerUnit(mode, t.kind);
    // Whole pixels the terminal holds across and down, less the margins: the picture is ceil(extent * scale) + 2 margins.
    let columnsPerUnit = Math.min(
      mostColumnsPerUnit(mode),
      (Math.floor(surface.columns * across) - 2 * ROLE_MARGIN) / (t.extent.width * across),
      (Math.floor(rowsFree * down) - 2 * ROLE_MARGIN) / ((t.extent.height * down) / 2),
    );
    if (!(columnsPerUnit >= least)) continue;
    // Rounding up to whole pixels may cost a column or a row: step down until it fits.
    for (;;) {
      const scale = scaleAt(mode, columnsPerUnit);
      const size = shapesSize(maze, mode, scale);
      if (size.columns <= surface.columns && size.rows <= rowsFree) {
        // Larger on the screen wins; about as large (within a tenth), the more readable density.
        const larger = !best || columnsPerUnit > best.columnsPerUnit * SIZE_TOLERANCE;
        const asLarge = best && columnsPerUnit * SIZE_TOLERANCE >= best.columnsPerUnit;
        if (larger || (asLarge && TIE_RANK[mode] < TIE_RANK[best!.mode])) best = { mode, scale, columnsPerUnit };
        break;
      }
      if (columnsPerUnit === least) break;
      columnsPerUnit = Math.max(least, columnsPerUnit * 0.98);
    }
  }
  if (best) return { mode: best.mode, scale: best.scale };
  const need = shapesSize(maze, smallest, scaleAt(smallest, leastColumnsPerUnit(smallest, t.kind)));
  const lackColumns = need.columns > surface.columns;
  return {
    problem: lackColumns
      ? `a ${mazeName(maze)} needs ${need.columns} columns even in ${smallest}, the terminal has ${surface.columns}`
      : `a ${mazeName(maze)} needs ${need.rows + extraRows} rows even in ${smallest}, the terminal has ${surface.rows}`,
  };
}

/** The drawing at the smallest legible scale of `mode` (the lattice on the square grid), for a view larger than the terminal. */
export function smallestFit(maze: GridMaze, mode: DrawMode): PictureFit {
  const kind = maze.topology.kind;
  return kind === 'square' ? { mode } : { mode, scale: scaleAt(mode, leastColumnsPerUnit(mode, kind)) };
}

/** The picture drawn at the best fit of `surface`, or why it does not fit. */
export function fittedLines(
  picture: TermPicture,
  surface: Surface,
  look: { theme: Theme; depth: ColorDepth },
  extraRows = 0,
): { lines: string[]; mode: DrawMode; problem?: undefined } | { problem: string } {
  const fit = fitPicture(picture, surface, look.depth > 1, extraRows);
  if (fit.problem !== undefined) return fit;
  return { lines: pictureLines(picture, { mode: fit.mode, scale: fit.scale, theme: look.theme, depth: look.depth }), mode: fit.mode };
}
