import { drawGridMaze, type GridMaze, type Theme } from 'mazegen';
import { RasterContext, gridLayout, type GridLayout } from 'mazegen/render';
import { gridCellAtPoint } from 'mazegen/internal';
import type { DirtyBox } from './picture.js';

/**
 * The viewer's image of a maze on any other grid (hex, triangle, polar, a wrap, an outline
 * or a mask): the library's `drawGridMaze` into a `RasterContext`, band by band, the code
 * `a-maze-ing render` writes grid PNGs with, so the screen has the export's geometry. The
 * image has a margin of one wall width (the walls are stroked on the cells' edges).
 */

/** What is drawn on a grid: the maze (or an animation's working copy), ends as cell numbers, path, tints. */
export interface GridScene {
  grid: GridMaze;
  maze?: undefined;
  theme: Theme;
  entry?: number;
  exit?: number;
  /** Path cells, entry first (a prefix while the path is revealed), or none. */
  path?: Int32Array;
  links?: undefined;
  /** Cell tints (animation shades, distance bands), or none. */
  shade?: Uint8Array;
  shadeColors?: readonly string[];
}

/** The grid's screen layout at `pitch` pixels a drawing unit (a hexagon's or triangle's side, a ring's depth). */
export interface GridScreenLayout extends GridLayout {
  /** The pitch, as the square layout names it. */
  cellSize: number;
}

export function gridScreenLayout(grid: GridMaze, theme: Pick<Theme, 'wallRatio'>, pitch: number): GridScreenLayout {
  const wall = Math.max(1, Math.round(theme.wallRatio * pitch));
  return { ...gridLayout(grid, theme, { cellSize: pitch, margin: wall }), cellSize: pitch };
}

/**
 * Pixels of RGB drawn at once before they are copied into the RGBA image (6 MB): each band
 * walks every cell, so a screen-sized picture is drawn in one (polar Kruskal's animation,
 * which redraws the whole picture each frame, went from 5 to 7-8 frames a second).
 */
const BAND_PIXELS = 1 << 21;
/** A changed cell's drawing (walls, marks, path ends) reaches at most this many units from its centre. */
const CELL_REACH = 1.5;
/** Separate dirty bands redrawn in one flush before they are drawn as one (each band walks every cell once). */
const MAX_BANDS = 4;

export class GridPicture {
  readonly layout: GridScreenLayout;
  readonly pixels: Uint32Array;
  /** Cells of the grid (the cursor and the worker's threshold count them). */
  readonly cells: number;
  scene: GridScene;
  private readonly band: Uint8Array;
  private readonly bandRows: number;
  /** Unit rows (one a drawing unit of height) changed since the last flush. */
  private readonly dirtyUnits: Uint8Array;
  private anyDirtyUnit = false;
  private dirtyTop = 0;
  private dirtyBottom = -1;

  constructor(scene: GridScene, pitch: number, pixels?: Uint32Array) {
    this.scene = scene;
    this.cells = scene.grid.size;
    this.layout = gridScreenLayout(scene.grid, scene.theme, pitch);
    const { width, height } = this.layout;
    this.pixels = pixels ?? new Uint32Array(width * height);
    if (this.pixels.length < width * height) throw new RangeError('pixel buffer too small for the picture');
    this.bandRows = Math.max(1, Math.min(height, Math.floor(BAND_PIXELS / width)));
    this.band = new Uint8Array(width * this.bandRows * 3);
    this.dirtyUnits = new Uint8Array(Math.ceil(scene.grid.topology.extent.height) + 2);
  }

  /** Draws image rows [top, bottom) as one whole drawing would (the library's band mode). */
  private drawPixelRows(top: number, bottom: number): void {
    const { layout, scene } = this;
    const { width } = layout;
    const path = scene.path && scene.path.length > 1 ? scene.path : undefined;
    const px = this.pixels;
    for (let y = top; y < bottom; y += this.bandRows) {
      const rows = Math.min(this.bandRows, bottom - y);
      const ctx = new RasterContext(width, rows, y, this.band);
      drawGridMaze(ctx, scene.grid, {
        layout,
        theme: scene.theme,
        entry: scene.entry,
        exit: scene.exit,
        path,
        rows: [y, y + rows],
        shade: scene.shade,
        shadeColors: scene.shadeColors,
      });
      const band = this.band;
      for (let k = y * width, b = 0, stop = (y + rows) * width; k < stop; k++, b += 3)
        px[k] = (0xff000000 | (band[b + 2] << 16) | (band[b + 1] << 8) | band[b]) >>> 0;
    }
    this.markPixels(top, bottom);
  }

  drawAll(): void {
    this.dirtyUnits.fill(0);
    this.anyDirtyUnit = false;
    this.drawPixelRows(0, this.layout.height);
  }

  /** Notes that a cell changed (walls, tint, path or mark); drawn by the next flush. */
  markCell(cell: number): void {
    const y = this.scene.grid.topology.centre(cell).y;
    const last = this.dirtyUnits.length - 1;
    for (let u = Math.max(0, Math.floor(y - CELL_REACH)); u <= Math.min(last, Math.floor(y + CELL_REACH)); u++) this.dirtyUnits[u] = 1;
    this.anyDirtyUnit = true;
  }

  /** Redraws the bands of unit rows marked since the last flush (a few bands, or one spanning them all). */
  flush(): void {
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
    const { scale, margin, wallWidth, height } = this.layout;
    for (const [from, to] of spans) {
      const top = Math.max(0, Math.floor(margin + from * scale - wallWidth));
      const bottom = Math.min(height, Math.ceil(margin + to * scale + wallWidth));
      if (bottom > top) this.drawPixelRows(top, bottom);
    }
  }

  private markPixels(top: number, bottom: number): void {
    if (this.dirtyBottom < this.dirtyTop) {
      this.dirtyTop = top;
      this.dirtyBottom = bottom;
      return;
    }
    this.dirtyTop = Math.min(this.dirtyTop, top);
    this.dirtyBottom = Math.max(this.dirtyBottom, bottom);
  }

  markAllDirty(): void {
    this.markPixels(0, this.layout.height);
  }

  get isDirty(): boolean {
    return this.anyDirtyUnit || this.dirtyBottom >= this.dirtyTop;
  }

  /** Flushes, then returns the band changed since the last call ([[x, y, w, h]], or none); resets it. */
  takeDirty(): DirtyBox[] {
    this.flush();
    if (this.dirtyBottom < this.dirtyTop) return [];
    const box: DirtyBox = [0, this.dirtyTop, this.layout.width, this.dirtyBottom - this.dirtyTop];
    this.dirtyTop = 0;
    this.dirtyBottom = -1;
    return [box];
  }

  /** The maze's cell under image pixel (x, y), or -1 (past the grid, or a masked cell). */
  cellAt(x: number, y: number): number {
    const { scale, margin } = this.layout;
    return gridCellAtPoint(this.scene.grid, { x: (x - margin) / scale, y: (y - margin) / scale });
  }

  /** A cell's corners in image pixels (the keyboard cursor's outline). */
  outline(cell: number): { x: number; y: number }[] {
    const { scale, margin } = this.layout;
    return this.scene.grid.topology.corners(cell).map((p) => ({ x: margin + p.x * scale, y: margin + p.y * scale }));
  }
}
