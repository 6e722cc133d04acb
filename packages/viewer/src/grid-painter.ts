import { drawMaze, type GridMaze, type Theme } from 'mazegen';
import { mazeLayout, type MazeLayout, type RasterContext } from 'mazegen/render';
import { gridCellAtPoint } from 'mazegen/internal';
import type { Painter, PicturePoint, RegionSink, Scene } from './picture.js';

/**
 * The picture's drawing of every grid but the plain square one (hex, triangle, polar, a
 * wrap, an outline or a mask): the library's `drawMaze`, the code `a-maze-ing render`
 * writes grid PNGs with. The image has a margin of one wall width (the walls are stroked on
 * the cells' edges). A changed cell marks the unit rows within CELL_REACH of its centre; a
 * flush redraws those bands (a few, or one over them all), each a `drawMaze` call with
 * `rows`, which draws exactly what a whole drawing puts there.
 */

/** The grid's screen layout at `pitch` pixels a drawing unit (a hexagon's or triangle's side, a ring's depth). */
export type GridScreenLayout = MazeLayout;

export function gridScreenLayout(grid: GridMaze, theme: Pick<Theme, 'wallRatio'>, pitch: number): GridScreenLayout {
  const wall = Math.max(1, Math.round(theme.wallRatio * pitch));
  return mazeLayout(grid, theme, { cellSize: pitch, margin: wall });
}

/** A changed cell's drawing (walls, marks, path ends) reaches at most this many units from its centre. */
const CELL_REACH = 1.5;
/** Separate dirty bands redrawn in one flush before they are drawn as one (each band walks every cell once). */
const MAX_BANDS = 4;

export class GridPainter implements Painter {
  readonly layout: GridScreenLayout;
  /**
   * 6 MB of RGB a band: each band walks every cell, so a screen-sized picture is drawn in
   * one (polar Kruskal's animation, which redraws the whole picture each frame, went from
   * 5 to 7-8 frames a second).
   */
  readonly bandPixels = 1 << 21;
  private readonly scene: Scene;
  /** Unit rows (one a drawing unit of height) changed since the last flush. */
  private readonly dirtyUnits: Uint8Array;
  private anyDirtyUnit = false;

  constructor(scene: Scene, pitch: number) {
    this.scene = scene;
    this.layout = gridScreenLayout(scene.maze, scene.theme, pitch);
    this.dirtyUnits = new Uint8Array(Math.ceil(scene.maze.topology.extent.height) + 2);
  }

  get hasMarks(): boolean {
    return this.anyDirtyUnit;
  }

  paint(ctx: RasterContext, top: number, rows: number): void {
    const { scene, layout } = this;
    drawMaze(ctx, scene.maze, {
      layout,
      theme: scene.theme,
      entry: scene.entry,
      exit: scene.exit,
      path: scene.path && scene.path.length > 1 ? scene.path : undefined,
      band: [top, top + rows],
      shade: scene.shade,
      shadeColors: scene.shadeColors,
    });
  }

  markCell(cell: number): void {
    const y = this.scene.maze.topology.centre(cell).y;
    const last = this.dirtyUnits.length - 1;
    for (let u = Math.max(0, Math.floor(y - CELL_REACH)); u <= Math.min(last, Math.floor(y + CELL_REACH)); u++) this.dirtyUnits[u] = 1;
    this.anyDirtyUnit = true;
  }

  clearMarks(): void {
    this.dirtyUnits.fill(0);
    this.anyDirtyUnit = false;
  }

  /** The bands of unit rows marked (a few bands, or one spanning them all), whole rows each. */
  takeMarked(redraw: RegionSink): void {
    if (!this.anyDirtyUnit) return;
    this.anyDirtyUnit = false;
    const units = this.dirtyUnits;
    const runs: [number, number][] = [];
    for (let u = 0; u < units.length; u++) {
      if (!units[u]) continue;
      let end = u;
      while (end < units.length && units[end]) units[end++] = 0;
      runs.push([u, end]);
      u = end;
    }
    const spans = runs.length > MAX_BANDS ? [[runs[0][0], runs[runs.length - 1][1]] as [number, number]] : runs;
    const { cellSize: scale, margin, wallWidth, height, width } = this.layout;
    for (const [from, to] of spans) {
      const top = Math.max(0, Math.floor(margin + from * scale - wallWidth));
      const bottom = Math.min(height, Math.ceil(margin + to * scale + wallWidth));
      if (bottom > top) redraw(top, bottom, 0, width);
    }
  }

  /** The maze's cell under image pixel (x, y), or -1 (past the grid, or a masked cell). */
  cellAt(x: number, y: number): number {
    const { cellSize: scale, margin } = this.layout;
    return gridCellAtPoint(this.scene.maze, { x: (x - margin) / scale, y: (y - margin) / scale });
  }

  private pixel(p: { x: number; y: number }): PicturePoint {
    const { cellSize: scale, margin } = this.layout;
    return { x: margin + p.x * scale, y: margin + p.y * scale };
  }

  centre(cell: number): PicturePoint {
    return this.pixel(this.scene.maze.topology.centre(cell));
  }

  outline(cell: number): PicturePoint[] {
    return this.scene.maze.topology.corners(cell).map((p) => this.pixel(p));
  }
}
