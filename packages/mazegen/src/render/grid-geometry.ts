import type { GridMaze } from '../grid/grid-maze.js';
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
      const a = corners[s];
      const b = corners[(s + 1) % corners.length];
      if (polar && isRingWall(polar, cell, s)) {
        const c = polar.height + 1;
        // Inward walls run anticlockwise (sweep 0), outward ones and the centre's clockwise (sweep 1).
        visit({ a, b, arc: { cx: c, cy: c, radius: Math.hypot(a.x - c, a.y - c), sweep: cell !== 0 && s === 0 ? 0 : 1 } });
      } else {
        visit({ a, b });
      }
    }
  }
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

/** Sizes of a grid picture, in drawing units of the maze's topology (a square cell's side, a hex's side, a ring's depth). */
export const GRID_PATH_RATIO = 0.2;
export const GRID_MARK_RATIO = 0.3;
