import type { GridMaze } from '../maze.js';
import type { PolarTopology } from './polar.js';
import type { DrawPoint, Topology } from './topology.js';

const SQRT3 = Math.sqrt(3);
const H = SQRT3 / 2;

/** True when `p` lies inside (or on the edge of) the convex polygon `corners`, clockwise as drawn (y down). */
function insideConvex(corners: readonly DrawPoint[], p: DrawPoint): boolean {
  const n = corners.length;
  for (let k = 0; k < n; k++) {
    const a = corners[k];
    const b = corners[(k + 1) % n];
    // Clockwise with y down: the inside is on the right of each edge, a cross product >= 0.
    if ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) < -1e-9) return false;
  }
  return true;
}

/** The first of `cells` whose polygon holds `p`, or -1. */
function firstHolding(t: Topology, cells: readonly number[], p: DrawPoint): number {
  for (const cell of cells) if (cell >= 0 && insideConvex(t.corners(cell), p)) return cell;
  return -1;
}

/**
 * The cell of the grid whose picture holds the point `p` (drawing units, as `centre` and
 * `corners` give them), or -1 past the grid's cells: what a click on a picture of the maze
 * names. A point on a wall between two cells names one of them. Computed from the point
 * (a few candidate cells near it), never by a search over the grid.
 */
export function cellAtPoint(t: Topology, p: DrawPoint): number {
  if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return -1;
  switch (t.kind) {
    case 'square':
      return t.cellAt(Math.floor(p.x), Math.floor(p.y));
    case 'polar': {
      const polar = t as PolarTopology;
      const c = polar.height + 1;
      const dx = p.x - c;
      const dy = p.y - c;
      const ring = Math.floor(Math.hypot(dx, dy));
      if (ring > polar.height) return -1;
      if (ring === 0) return 0;
      // Clockwise from north, as the rings' indices count.
      let angle = Math.atan2(dx, -dy);
      if (angle < 0) angle += 2 * Math.PI;
      const count = polar.ringCount[ring];
      return polar.ringStart[ring] + Math.min(count - 1, Math.floor((angle / (2 * Math.PI)) * count));
    }
    case 'hex': {
      // Columns are 1.5 apart from x = 1; a hexagon reaches 1 either side of its centre.
      const col = Math.round((p.x - 1) / 1.5);
      const cells: number[] = [];
      for (let c = col - 1; c <= col + 1; c++) {
        const row = Math.floor((p.y - H * (1 + (c & 1))) / SQRT3 + 0.5);
        for (let r = row - 1; r <= row + 1; r++) cells.push(t.cellAt(c, r));
      }
      return firstHolding(t, cells, p);
    }
    case 'triangle': {
      // Rows are sqrt(3)/2 high; cell col spans x in [col/2, col/2 + 1].
      const row = Math.floor(p.y / H);
      const col = Math.floor(2 * p.x);
      return firstHolding(t, [t.cellAt(col, row), t.cellAt(col - 1, row), t.cellAt(col - 2, row)], p);
    }
  }
}

/** The maze's cell at the point `p` (drawing units), or -1 past the grid or on a masked cell (outside the maze). */
export function gridCellAtPoint(maze: GridMaze, p: DrawPoint): number {
  const cell = cellAtPoint(maze.topology, p);
  return cell >= 0 && !maze.isBlocked(cell) ? cell : -1;
}

/**
 * The slot of `cell` whose neighbour's centre lies most nearly along (dx, dy) in the
 * picture, or -1 when none lies within `minCosine` of it: what an arrow key or a swipe
 * points at on any grid. A neighbour across a wrapped edge (drawn on the far side) is
 * never pointed at, nor one `usable` refuses.
 */
export function slotTowardPoint(
  t: Topology,
  cell: number,
  dx: number,
  dy: number,
  minCosine: number,
  usable: (next: number) => boolean = () => true,
): number {
  const from = t.centre(cell);
  const length = Math.hypot(dx, dy);
  if (length === 0) return -1;
  let best = -1;
  let bestScore = minCosine;
  for (let slot = 0; slot < t.degree(cell); slot++) {
    const next = t.neighbour(cell, slot);
    if (next < 0 || !usable(next)) continue;
    const to = t.centre(next);
    const [ex, ey] = [to.x - from.x, to.y - from.y];
    const reach = Math.hypot(ex, ey);
    // On a wrapped grid a neighbour across the edge is drawn on the far side (others are at most about 2 units off);
    // an unwrapped grid has none, and a small polar first ring's cells are further apart than that.
    if (reach === 0 || (t.wrap !== 'none' && reach > 2.5)) continue;
    const score = (ex * dx + ey * dy) / (reach * length);
    if (score > bestScore) [best, bestScore] = [slot, score];
  }
  return best;
}
