import type { GridMaze } from '../maze.js';
import type { PolarTopology } from '../grid/polar.js';
import type { DrawPoint } from '../grid/topology.js';

/**
 * One closed wall of a grid maze in drawing units, from `a` to `b`. A polar ring wall
 * follows a circle: `arc` gives its centre, radius and direction (sweep 1 = clockwise
 * as drawn, y pointing down), and it never spans 180 degrees.
 */
export interface GridWall {
  a: DrawPoint;
  b: DrawPoint;
  arc?: { cx: number; cy: number; radius: number; sweep: 0 | 1 };
}

/**
 * The one geometry of a grid maze's walls, which every picture of it draws (SVG, PNG,
 * the terminal's braille): each closed wall of a free cell once (from the lower-numbered
 * cell), except on a wrapped grid's joined edges, where each side draws its own line; the
 * border of every free cell. `include` skips cells (a raster band draws only cells near it).
 */
export function forEachGridWall(maze: GridMaze, visit: (wall: GridWall) => void, include?: (cell: number) => boolean): void {
  const t = maze.topology;
  const polar = t.kind === 'polar' ? (t as PolarTopology) : undefined;
  const around = new Int32Array(t.maxDegree);
  for (let cell = 0; cell < t.size; cell++) {
    if (maze.isBlocked(cell) || (include && !include(cell))) continue;
    const degree = t.neighbours(cell, around);
    let corners: DrawPoint[] | undefined;
    let centre: DrawPoint | undefined;
    for (let s = 0; s < degree; s++) {
      if (maze.isOpen(cell, s)) continue;
      const next = around[s];
      if (next >= 0 && !maze.isBlocked(next) && next < cell) {
        // Drawn from the other side, unless the wall is a wrapped edge (the other side draws its own line there).
        centre ??= t.centre(cell);
        const other = t.centre(next);
        if (Math.hypot(other.x - centre.x, other.y - centre.y) < 2.5) continue;
      }
      corners ??= t.corners(cell);
      visit(cellEdge(polar, cell, s, corners));
    }
  }
}

/** The edge of `cell` along slot `s`, from corner s to corner s + 1 (an arc on a polar ring wall). */
function cellEdge(polar: PolarTopology | undefined, cell: number, s: number, corners: readonly DrawPoint[]): GridWall {
  const a = corners[s];
  const b = corners[(s + 1) % corners.length];
  if (!polar || !isRingWall(polar, cell, s)) return { a, b };
  const c = polar.height + 1;
  // Inward walls run anticlockwise (sweep 0), outward ones and the centre's clockwise (sweep 1).
  return { a, b, arc: { cx: c, cy: c, radius: Math.hypot(a.x - c, a.y - c), sweep: cell !== 0 && s === 0 ? 0 : 1 } };
}

/**
 * The outline of a cell's interior, clockwise: one edge a slot, each starting where the one
 * before it ends (a hexagon's six sides, a triangle's three, a polar sector's inner arc, side,
 * outer arcs and side; the centre's circle as arcs). What a picture fills a cell's colour in.
 */
export function gridCellOutline(maze: GridMaze, cell: number): GridWall[] {
  const t = maze.topology;
  const polar = t.kind === 'polar' ? (t as PolarTopology) : undefined;
  const corners = t.corners(cell);
  const degree = t.degree(cell);
  const edges: GridWall[] = [];
  for (let s = 0; s < degree; s++) edges.push(cellEdge(polar, cell, s, corners));
  return edges;
}

/** True for the polar grid's walls that follow a ring: a ring cell's inward and outward slots, every slot of the centre. */
function isRingWall(t: PolarTopology, cell: number, slot: number): boolean {
  if (cell === 0) return true;
  const k = t.outwardCount(t.ringOf(cell));
  return slot === 0 || (slot >= 2 && slot < 2 + k);
}

/**
 * The points of an arc wall as a chain of chords no longer than `step` (both in the same
 * units), for drawings that have only straight lines (a raster): from `a` to `b`, inclusive.
 */
export function arcPoints(wall: GridWall, step: number): DrawPoint[] {
  const { a, b, arc } = wall;
  if (!arc) return [a, b];
  const start = Math.atan2(a.y - arc.cy, a.x - arc.cx);
  let sweep = Math.atan2(b.y - arc.cy, b.x - arc.cx) - start;
  // Clockwise as drawn (y down) is an increasing angle; each arc is shorter than half a turn.
  if (arc.sweep === 1 && sweep < 0) sweep += 2 * Math.PI;
  if (arc.sweep === 0 && sweep > 0) sweep -= 2 * Math.PI;
  const pieces = Math.max(1, Math.ceil((Math.abs(sweep) * arc.radius) / Math.max(step, 1e-9)));
  const points: DrawPoint[] = [a];
  for (let k = 1; k < pieces; k++) {
    const angle = start + (sweep * k) / pieces;
    points.push({ x: arc.cx + arc.radius * Math.cos(angle), y: arc.cy + arc.radius * Math.sin(angle) });
  }
  points.push(b);
  return points;
}

/**
 * A path through the cell centres as polylines in drawing units: one, unless the path
 * steps across a wrapped grid's joined edge, where a line ends at the middle of the wall
 * it leaves by and the next starts at the middle of the wall it comes in by (a straight
 * line between the two centres would cross the whole picture).
 */
export function gridPathLines(maze: GridMaze, path: ArrayLike<number>): DrawPoint[][] {
  const t = maze.topology;
  const lines: DrawPoint[][] = [];
  if (path.length === 0) return lines;
  let line: DrawPoint[] = [t.centre(path[0])];
  for (let i = 1; i < path.length; i++) {
    const [a, b] = [path[i - 1], path[i]];
    const p = line[line.length - 1];
    const q = t.centre(b);
    if (Math.hypot(q.x - p.x, q.y - p.y) < 2.5) {
      line.push(q);
      continue;
    }
    line.push(wallMiddle(maze, a, b));
    lines.push(line);
    line = [wallMiddle(maze, b, a), q];
  }
  lines.push(line);
  return lines;
}

/** The middle of the wall of `cell` that faces its neighbour `other` (the cell's centre when they are not neighbours). */
function wallMiddle(maze: GridMaze, cell: number, other: number): DrawPoint {
  const t = maze.topology;
  const degree = t.degree(cell);
  for (let s = 0; s < degree; s++) {
    if (t.neighbour(cell, s) !== other) continue;
    const corners = t.corners(cell);
    const [a, b] = [corners[s], corners[(s + 1) % corners.length]];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }
  return t.centre(cell);
}

/** Sizes of a grid picture, in drawing units of the maze's topology (a square cell's side, a hex's side, a ring's depth). */
export const GRID_PATH_RATIO = 0.2;
export const GRID_MARK_RATIO = 0.3;
