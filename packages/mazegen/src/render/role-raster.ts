import type { GridMaze } from '../maze.js';
import { arcPoints, forEachGridWall, GRID_MARK_RATIO, gridPathLines } from './grid-geometry.js';
import { RasterContext } from './raster.js';
import { cellOutline, fillPolygon, forEachBlockInside, RasterSpace, shapeFrame } from './shape-raster.js';

/**
 * A maze's picture as a matrix of roles: which part of the maze each pixel shows (a wall,
 * the path, a mark, the player...), for a face that paints each pixel itself in a theme's
 * colours (the terminal's blocks, half blocks, quarter blocks and braille dots). Two
 * resolutions:
 * - the lattice (square grid only): (2W+1) x (2H+1) pixels, cell (x, y) at pixel
 *   (2x+1, 2y+1), the pixels between cells its walls and the pixels where walls meet the
 *   posts: the block view of the 42 subject's terminal render, masks and wraps included;
 * - the shapes (any grid): the one shape rasteriser's (shape-raster.ts, which the block
 *   format uses too) frame at `x` by `y` pixels a drawing unit, cells filled from their
 *   outlines, walls (forEachGridWall) and path (gridPathLines) one pixel wide,
 *   the entry and exit the SVG's discs, the player its cell's whole interior (over a mark
 *   it stands on, under its walls).
 * Pure: maze in, bytes out.
 */

/** What a pixel shows. */
export const ROLE_OPEN = 0;
export const ROLE_WALL = 1;
/** A cell of the 42 pattern (the plain square grid's blocked cells). */
export const ROLE_PATTERN = 2;
export const ROLE_PATH = 3;
export const ROLE_ENTRY = 4;
export const ROLE_EXIT = 5;
/** A wall with no cell on its far side (the outer wall, a mask's or outline's edge). */
export const ROLE_BORDER = 6;
/** The cell the player stands on (`a-maze-ing play`). */
export const ROLE_PLAYER = 7;
export const ROLE_COUNT = 8;

export interface RolePicture {
  maze: GridMaze;
  entry?: number;
  exit?: number;
  /** Cells of a path (a solution, a player's trail), drawn through their centres; consecutive cells that are not neighbours are not joined. */
  path?: ArrayLike<number>;
  /** The player's cell, drawn over everything but the walls. */
  player?: number;
  /** What blocked cells are: the 42 pattern (drawn, on the plain square grid) or cells outside a mask or outline (blank). Default 'outside'. */
  blocked?: 'pattern' | 'outside';
  /** Each cell's band (0 none, k the k-th colour): the distance theme's tint, which passage pixels take (distanceShading). */
  shade?: Uint8Array;
}

/** Pixels a drawing unit across and down (unequal where the face's pixels are not square). */
export interface RoleScale {
  x: number;
  y: number;
}

/** Where the picture's pixels come from: the square lattice, or each cell's shape at a scale. */
export type RoleResolution = { lattice: true; scale?: undefined } | { lattice?: false; scale: RoleScale };

export interface RoleRaster {
  width: number;
  height: number;
  /** One ROLE_* a pixel, row by row. */
  roles: Uint8Array;
  /** Each pixel's band (0 none) where a shade was given: passage pixels only. */
  bands?: Uint8Array;
  /** The pixel (an index into `roles`) at the centre of the entry, the exit and the player, or -1: where a face writes a letter. */
  entryPixel: number;
  exitPixel: number;
  playerPixel: number;
}

/** Blank pixels around a shapes raster: the outer walls lie inside it. */
export const ROLE_MARGIN = 1;

/** The size in pixels of a maze's raster at `resolution`. */
export function roleRasterSize(maze: GridMaze, resolution: RoleResolution): { width: number; height: number } {
  const t = maze.topology;
  if (resolution.lattice) {
    if (t.kind !== 'square') throw new RangeError(`the lattice raster is the square grid's; this grid is ${t.kind}`);
    return { width: 2 * t.width + 1, height: 2 * t.height + 1 };
  }
  const frame = shapeFrame(t, resolution.scale, ROLE_MARGIN);
  return { width: frame.cols, height: frame.rows };
}

/** The picture's raster at `resolution` (the lattice: the square grid only). */
export function roleRaster(picture: RolePicture, resolution: RoleResolution): RoleRaster {
  return resolution.lattice ? latticeRaster(picture) : shapesRaster(picture, resolution.scale);
}

/** Square slots clockwise from north, and the lattice step of each. */
const SQUARE_STEPS: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
];
/** The order a mark on the border looks for its opening: north, south, west, east. */
const OPENING_ORDER = [0, 2, 3, 1];

function latticeRaster(picture: RolePicture): RoleRaster {
  const { maze } = picture;
  const t = maze.topology;
  const { width: cols, height: rows } = roleRasterSize(maze, { lattice: true });
  const w = t.width;
  const h = t.height;
  const pattern = picture.blocked === 'pattern';
  const roles = new Uint8Array(rows * cols).fill(ROLE_WALL);
  for (let c = 0; c < cols; c++) roles[c] = roles[(rows - 1) * cols + c] = ROLE_BORDER;
  for (let r = 0; r < rows; r++) roles[r * cols] = roles[r * cols + cols - 1] = ROLE_BORDER;
  const pixelOf = (cell: number) => (2 * Math.floor(cell / w) + 1) * cols + 2 * (cell % w) + 1;
  const wallPixel = (cell: number, slot: number) => pixelOf(cell) + SQUARE_STEPS[slot][1] * cols + SQUARE_STEPS[slot][0];
  /** No cell there: past the border, or (not on the 42's grid) a cell outside the mask. */
  const noCell = (cell: number) => cell < 0 || (!pattern && maze.isBlocked(cell));
  const isPattern = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && maze.isBlocked(y * w + x);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const cell = y * w + x;
      const at = pixelOf(cell);
      if (maze.isBlocked(cell)) {
        if (pattern) {
          roles[at] = ROLE_PATTERN;
          // Join neighbouring pattern cells so the digits read as solid strokes.
          if (isPattern(x + 1, y)) roles[at + 1] = ROLE_PATTERN;
          if (isPattern(x, y + 1)) roles[at + cols] = ROLE_PATTERN;
          if (isPattern(x + 1, y) && isPattern(x, y + 1) && isPattern(x + 1, y + 1)) roles[at + cols + 1] = ROLE_PATTERN;
          continue;
        }
        // Outside the shape: blank, and so is each wall it shares with another cell outside (or the frame).
        roles[at] = ROLE_OPEN;
        for (let s = 0; s < 4; s++) if (noCell(t.neighbour(cell, s))) roles[wallPixel(cell, s)] = ROLE_OPEN;
        continue;
      }
      roles[at] = ROLE_OPEN;
      for (let s = 0; s < 4; s++) {
        const next = t.neighbour(cell, s);
        roles[wallPixel(cell, s)] = noCell(next) ? ROLE_BORDER : maze.isOpen(cell, s) ? ROLE_OPEN : ROLE_WALL;
      }
    }
  }
  // A post stays a wall unless every wall meeting at it is open (an open 2x2 area, or outside the shape).
  for (let r = 0; r < rows; r += 2) {
    for (let c = 0; c < cols; c += 2) {
      const at = r * cols + c;
      if (roles[at] !== ROLE_WALL && roles[at] !== ROLE_BORDER) continue;
      if (r > 0 && roles[at - cols] !== ROLE_OPEN) continue;
      if (r + 1 < rows && roles[at + cols] !== ROLE_OPEN) continue;
      if (c > 0 && roles[at - 1] !== ROLE_OPEN) continue;
      if (c + 1 < cols && roles[at + 1] !== ROLE_OPEN) continue;
      roles[at] = ROLE_OPEN;
    }
  }
  const { path } = picture;
  if (path) {
    for (let i = 0; i < path.length; i++) {
      const cell = path[i];
      roles[pixelOf(cell)] = ROLE_PATH;
      if (i === 0) continue;
      const prev = path[i - 1];
      for (let s = 0; s < 4; s++) {
        if (t.neighbour(prev, s) !== cell) continue;
        roles[wallPixel(prev, s)] = ROLE_PATH;
        // A step across a wrapped edge: the wall is drawn on both sides of the picture.
        roles[wallPixel(cell, t.backSlot(prev, s))] = ROLE_PATH;
        break;
      }
    }
  }
  const mark = (cell: number | undefined, role: number): number => {
    if (cell === undefined || cell < 0 || cell >= t.size) return -1;
    const at = pixelOf(cell);
    roles[at] = role;
    if (role === ROLE_PLAYER) return at;
    // The way in and out: an opening in the border beside a mark on it.
    for (const s of OPENING_ORDER) {
      if (!noCell(t.neighbour(cell, s))) continue;
      roles[wallPixel(cell, s)] = ROLE_OPEN;
      break;
    }
    return at;
  };
  const entryPixel = mark(picture.entry, ROLE_ENTRY);
  const exitPixel = mark(picture.exit, ROLE_EXIT);
  const playerPixel = mark(picture.player, ROLE_PLAYER);
  return { width: cols, height: rows, roles, bands: latticeBands(picture, roles, cols), entryPixel, exitPixel, playerPixel };
}

/**
 * The lattice's tint: a cell's pixel and the open pixels east and south of it take the
 * nearer cell's band (and an open post the cell's); only passage pixels keep one.
 */
function latticeBands(picture: RolePicture, roles: Uint8Array, cols: number): Uint8Array | undefined {
  const { shade, maze } = picture;
  if (!shade) return undefined;
  const { width: w, height: h } = maze.topology;
  const bands = new Uint8Array(roles.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const k = shade[y * w + x];
      if (k === 0) continue;
      const at = (2 * y + 1) * cols + 2 * x + 1;
      bands[at] = k;
      const near = (other: number) => Math.min(k, shade[other]) || k;
      if (x + 1 < w) bands[at + 1] = near(y * w + x + 1);
      if (y + 1 < h) bands[at + cols] = near((y + 1) * w + x);
      bands[at + cols + 1] = k; // a post opened between four passages
    }
  }
  for (let i = 0; i < roles.length; i++) if (roles[i] !== ROLE_OPEN) bands[i] = 0;
  return bands;
}

/** A role as the colour a RasterContext draws it in (its blue byte): the walls and the path are its one-pixel strokes. */
const roleColour = (role: number) => `#0000${role.toString(16).padStart(2, '0')}`;

function shapesRaster(picture: RolePicture, scale: RoleScale): RoleRaster {
  const { maze } = picture;
  const t = maze.topology;
  const frame = shapeFrame(t, scale, ROLE_MARGIN);
  const { cols: width, rows: height } = frame;
  // Exact positions (no snapping): the picture is one copy of the drawing, at the face's scale.
  const space = new RasterSpace(frame, false);
  const px = (p: Parameters<RasterSpace['at']>[0]) => space.at(p);
  /** Each polygon of a cell's outline in pixels (one: no axis wraps here). */
  const outline = (cell: number, visit: (flat: Float64Array) => void) => space.shifted(cellOutline(maze, cell, frame), visit);
  const inside = (cell: number | undefined): cell is number => cell !== undefined && cell >= 0 && cell < t.size;
  const centrePixel = (cell: number) => space.blockAt(t.centre(cell));

  let bands: Uint8Array | undefined;
  if (picture.shade) {
    const shade = picture.shade;
    const into = new Uint8Array(width * height);
    for (let cell = 0; cell < t.size; cell++)
      if (shade[cell] > 0 && !maze.isBlocked(cell)) outline(cell, (flat) => fillPolygon(into, frame, flat, shade[cell]));
    bands = into;
  }

  const ctx = new RasterContext(width, height);
  const step = 1 / Math.max(scale.x, scale.y);
  const path = picture.path;
  if (path && path.length > 0) {
    ctx.beginPath();
    for (const line of gridPathLines(maze, path)) {
      ctx.moveTo(...px(line[0]));
      // A path of one cell is a dot at its centre.
      if (line.length === 1) ctx.lineTo(...px(line[0]));
      for (let k = 1; k < line.length; k++) ctx.lineTo(...px(line[k]));
    }
    ctx.stroke(roleColour(ROLE_PATH), 1);
  }
  ctx.beginPath();
  forEachGridWall(maze, (wall) => {
    const points = arcPoints(wall, step);
    ctx.moveTo(...px(points[0]));
    for (let k = 1; k < points.length; k++) ctx.lineTo(...px(points[k]));
  });
  ctx.stroke(roleColour(ROLE_WALL), 1);

  const roles = new Uint8Array(width * height);
  for (let i = 0; i < roles.length; i++) roles[i] = ctx.pixels[3 * i + 2];
  // The marks are the SVG's discs (ellipses where the pixels are not square), at least their centre pixel, over the walls.
  const disc = (cell: number | undefined, role: number): number => {
    if (!inside(cell)) return -1;
    const c = t.centre(cell);
    const points = [];
    for (let k = 0; k < 24; k++) {
      const angle = (2 * Math.PI * k) / 24;
      points.push({ x: c.x + GRID_MARK_RATIO * Math.cos(angle), y: c.y + GRID_MARK_RATIO * Math.sin(angle) });
    }
    space.shifted(points, (flat) => fillPolygon(roles, frame, flat, role));
    const at = centrePixel(cell);
    roles[at] = role;
    return at;
  };
  const entryPixel = disc(picture.entry, ROLE_ENTRY);
  const exitPixel = disc(picture.exit, ROLE_EXIT);
  // The player's cell over the path and a mark it stands on, under its walls; at least its centre pixel.
  let playerPixel = -1;
  if (inside(picture.player)) {
    outline(picture.player, (flat) =>
      forEachBlockInside(frame, flat, (from, to) => {
        for (let i = from; i < to; i++) if (roles[i] !== ROLE_WALL) roles[i] = ROLE_PLAYER;
      }),
    );
    playerPixel = centrePixel(picture.player);
    roles[playerPixel] = ROLE_PLAYER;
  }
  if (bands) for (let i = 0; i < roles.length; i++) if (roles[i] !== ROLE_OPEN) bands[i] = 0;
  return { width, height, roles, bands, entryPixel, exitPixel, playerPixel };
}
